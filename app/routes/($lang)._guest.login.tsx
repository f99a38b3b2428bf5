import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { PhoneHint, phoneExample } from "~/components/phone-hint";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { EmailField, Field } from "~/components/ui/input";
import { PasswordField } from "~/components/ui/password-field";
import { SegmentedLinks } from "~/components/ui/segmented-links";
import { ApiError, ApiUnavailableError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form.server";
import { formatDuration } from "~/lib/format-duration";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { commitToken, serviceUnavailable } from "~/lib/session.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useLanguage } from "~/lib/use-language";
import {
  commitPendingVerification,
  type LoginType,
  sendVerificationKey,
} from "~/lib/verification.server";

export const handle = { title: "auth:login.title" };

const credentials = {
  password: z.string().min(1, "required").max(1024, "invalidCredentials"),
  redirectTo: z.string().optional(),
};

const EmailLogin = z.object({
  method: z.literal("email"),
  email: z.string().trim().min(1, "required").max(320, "invalidEmail").email("invalidEmail"),
  ...credentials,
});

const PhoneLogin = z.object({
  method: z.literal("phone"),
  phone: z
    .string()
    .trim()
    .min(1, "required")
    .max(32, "invalidPhone")
    .regex(/^(\+|00)[\d\s().-]{6,}$/, "invalidPhone"),
  ...credentials,
});

const LoginForm = z.discriminatedUnion("method", [EmailLogin, PhoneLogin]);

const VerifyRequest = z.object({
  loginValue: z.string().trim().min(1).max(320),
  loginType: z.enum(["EMAIL", "PHONE"]),
});

type Method = "email" | "phone";
type FieldName = "email" | "phone" | "password";
type FieldErrors = Partial<Record<FieldName, string>>;
type ActionData = {
  formError?: string;
  retryAfterSeconds?: number;
  fieldErrors?: FieldErrors;
  /** The login as typed, kept for the next try; never the password. */
  login?: string;
  /** Set when the password was right but the account is not verified yet. */
  unverified?: { loginValue: string; loginType: LoginType };
};

function methodOf(searchParams: URLSearchParams): Method {
  return searchParams.get("method") === "phone" ? "phone" : "email";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "" };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const language = requireLanguage(params);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  if (form.get("intent") === "verify") return startVerification(request, context, form, language);

  const method: Method = form.get("method") === "phone" ? "phone" : "email";
  const parsed = LoginForm.safeParse({ ...Object.fromEntries(form), method });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "phone" || field === "password") && !fieldErrors[field]) {
        fieldErrors[field] = issue.message;
      }
    }
    const login = String(form.get("email") ?? form.get("phone") ?? "");
    return data<ActionData>({ fieldErrors, login }, { status: 422 });
  }

  const input = parsed.data;
  const login = input.method === "phone" ? input.phone : input.email;
  const loginType: LoginType = input.method === "phone" ? "PHONE" : "EMAIL";
  try {
    const { token } = await getApiClient(request, context).post(
      input.method === "phone" ? "/login/phone" : "/login/email",
      { body: { value: login, password: input.password } },
    );
    throw redirect(safeRedirectPath(input.redirectTo, localizedPath("/dashboard", language)), {
      headers: { "Set-Cookie": await commitToken(token) },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return loginFailure(error, login, loginType);
  }
}

function loginFailure(error: unknown, login: string, loginType: LoginType) {
  // The form stays, with what was typed, so that the user can simply try again.
  if (error instanceof ApiUnavailableError || (error instanceof ApiError && error.status >= 500)) {
    console.error(error);
    return data<ActionData>({ formError: "unavailable", login }, { status: 503 });
  }
  if (!(error instanceof ApiError)) throw serviceUnavailable(error);
  if (error.code === "ACCOUNT_NOT_VERIFIED") {
    return data<ActionData>(
      { formError: "notVerified", login, unverified: { loginValue: login, loginType } },
      { status: 403 },
    );
  }
  if (error.status === 429) {
    return data<ActionData>(
      { formError: "rateLimited", retryAfterSeconds: error.retryAfterSeconds ?? undefined, login },
      { status: 429 },
    );
  }
  // A wrong login, a wrong password and a login the API cannot read all read the same.
  const status = error.status === 401 ? 401 : 422;
  const formError = loginType === "PHONE" ? "invalidPhoneCredentials" : "invalidCredentials";
  return data<ActionData>({ formError, login }, { status });
}

/** "Verify now" after an unverified sign-in: send a key and go to the sign-up verify step. */
async function startVerification(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: FormData,
  language: ReturnType<typeof requireLanguage>,
) {
  const parsed = VerifyRequest.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const { loginValue, loginType } = parsed.data;
  try {
    const pending = await sendVerificationKey(request, context, loginValue, loginType);
    throw redirect(localizedPath("/signup/verify", language), {
      headers: { "Set-Cookie": await commitPendingVerification(pending) },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 429) {
      return data<ActionData>(
        {
          formError: "rateLimited",
          retryAfterSeconds: error.retryAfterSeconds ?? undefined,
          login: loginValue,
          unverified: { loginValue, loginType },
        },
        { status: 429 },
      );
    }
    throw serviceUnavailable(error);
  }
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);

  const method = methodOf(searchParams);
  // Someone sent here on their way (an invitation) may have no account yet: sign-up takes the
  // address and the destination along.
  const carried = new URLSearchParams();
  for (const name of ["email", "redirectTo"]) {
    const value = searchParams.get(name);
    if (value) carried.set(name, value);
  }
  const signupPath = carried.size ? `/signup?${carried}` : "/signup";
  const fieldErrors = actionData?.fieldErrors ?? {};
  const fieldError = (name: FieldName) =>
    fieldErrors[name] ? t(`errors.${fieldErrors[name]}`) : undefined;
  const switchTo = (next: Method) => {
    const params = new URLSearchParams(searchParams);
    if (next === "phone") params.set("method", "phone");
    else params.delete("method");
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t("login.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("login.subtitle")}</p>

      <div className="mt-6">
        <SegmentedLinks
          label={t("login.method")}
          links={[
            {
              to: switchTo("email"),
              label: t("login.withEmail"),
              icon: "mail",
              current: method === "email",
            },
            {
              to: switchTo("phone"),
              label: t("login.withPhone"),
              icon: "phone",
              current: method === "phone",
            },
          ]}
        />
      </div>

      <FormAlert className="mt-6">
        {actionData?.formError ? (
          <>
            <p>
              {actionData.formError === "rateLimited" && actionData.retryAfterSeconds
                ? t("errors.rateLimitedFor", {
                    duration: formatDuration(actionData.retryAfterSeconds, language),
                  })
                : t(`errors.${actionData.formError}`)}
            </p>
            {actionData.unverified ? (
              <Form method="post" replace>
                <input type="hidden" name="intent" value="verify" />
                <input type="hidden" name="loginValue" value={actionData.unverified.loginValue} />
                <input type="hidden" name="loginType" value={actionData.unverified.loginType} />
                <Honeypot />
                <button type="submit" className="font-medium underline underline-offset-2">
                  {t("login.verifyNow")}
                </button>
              </Form>
            ) : null}
          </>
        ) : null}
      </FormAlert>

      <Form ref={formRef} method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Honeypot />
        {method === "phone" ? (
          <Field
            key="phone"
            label={t("login.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            required
            placeholder={phoneExample}
            hint={<PhoneHint i18nKey="auth:login.phoneHint" />}
            defaultValue={actionData?.login ?? ""}
            error={fieldError("phone")}
          />
        ) : (
          <EmailField
            key="email"
            label={t("login.email")}
            name="email"
            autoComplete="username"
            required
            defaultValue={actionData?.login ?? email}
            error={fieldError("email")}
          />
        )}
        <PasswordField
          label={t("login.password")}
          name="password"
          autoComplete="current-password"
          required
          error={fieldError("password")}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("login.submitting") : t("login.submit")}
        </Button>
      </Form>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <LocalizedLink to="/forgot" className="whitespace-nowrap text-accent hover:underline">
          {t("login.forgot")}
        </LocalizedLink>
        <p className="text-text-muted">
          {t("login.noAccount")}{" "}
          <LocalizedLink to={signupPath} className="font-medium text-accent hover:underline">
            {t("login.signUp")}
          </LocalizedLink>
        </p>
      </div>
    </div>
  );
}
