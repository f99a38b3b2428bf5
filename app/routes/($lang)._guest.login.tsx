import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Field } from "~/components/ui/input";
import { ApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { commitToken } from "~/lib/session.server";

export const handle = { title: "auth:login.title" };

const LoginForm = z.object({
  email: z.string().trim().min(1, "required").max(254, "invalidEmail").email("invalidEmail"),
  password: z.string().min(1, "required").max(1024, "invalidCredentials"),
  redirectTo: z.string().optional(),
});

type FieldErrors = Partial<Record<"email" | "password", string>>;
type ActionData = { formError?: string; fieldErrors?: FieldErrors; email?: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "" };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const language = requireLanguage(params);
  const parsed = LoginForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "password") && !fieldErrors[field]) {
        fieldErrors[field] = issue.message;
      }
    }
    return data<ActionData>({ fieldErrors }, { status: 422 });
  }

  const { email, password, redirectTo } = parsed.data;
  try {
    const { token } = await getApiClient(request, context).post<{ token: string }>("/login", {
      value: email,
      password,
      loginType: "EMAIL",
    });
    throw redirect(safeRedirectPath(redirectTo, localizedPath("/dashboard", language)), {
      headers: { "Set-Cookie": await commitToken(token) },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, formError } = loginFailure(error);
    return data<ActionData>({ formError, email }, { status });
  }
}

function loginFailure(error: unknown) {
  if (error instanceof ApiError) {
    if (error.code === "INVALID_CREDENTIALS")
      return { status: 401, formError: "invalidCredentials" };
    if (error.code === "ACCOUNT_NOT_VERIFIED") return { status: 403, formError: "notVerified" };
    if (error.status === 429) return { status: 429, formError: "rateLimited" };
    if (error.status === 422) return { status: 422, formError: "invalidCredentials" };
    if (error.status < 500) return { status: error.status, formError: "unknown" };
  }
  console.error(error);
  return { status: 503, formError: "unavailable" };
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const fieldErrors = actionData?.fieldErrors ?? {};

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t("login.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("login.subtitle")}</p>

      <div aria-live="polite" className="mt-6 empty:hidden">
        {actionData?.formError ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-control border border-danger/40 bg-danger-soft p-3 text-sm text-danger"
          >
            <Icon name="circle-alert" className="mt-0.5" />
            {t(`errors.${actionData.formError}`)}
          </p>
        ) : null}
      </div>

      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field
          label={t("login.email")}
          name="email"
          type="email"
          autoComplete="username"
          dir="ltr"
          required
          defaultValue={actionData?.email ?? email}
          error={fieldErrors.email ? t(`errors.${fieldErrors.email}`) : undefined}
        />
        <Field
          label={t("login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrors.password ? t(`errors.${fieldErrors.password}`) : undefined}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("login.submitting") : t("login.submit")}
        </Button>
      </Form>

      <div className="mt-6 flex items-center justify-between text-sm">
        <LocalizedLink to="/forgot" className="text-accent hover:underline">
          {t("login.forgot")}
        </LocalizedLink>
        <p className="text-text-muted">
          {t("login.noAccount")}{" "}
          <LocalizedLink to="/signup" className="font-medium text-accent hover:underline">
            {t("login.signUp")}
          </LocalizedLink>
        </p>
      </div>
    </div>
  );
}
