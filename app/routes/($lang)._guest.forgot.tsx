import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { EmailField } from "~/components/ui/input";
import { ApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form.server";
import { formatDuration } from "~/lib/format-duration";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { serviceUnavailable } from "~/lib/session.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "auth:forgot.title" };

const ForgotForm = z.object({
  email: z.string().trim().min(1, "required").max(320, "invalidEmail").email("invalidEmail"),
});

type ActionData = { email: string; fieldError?: string; retryAfterSeconds?: number };

export async function loader({ request }: LoaderFunctionArgs) {
  return { email: new URL(request.url).searchParams.get("email") ?? "" };
}

/** Asks for a reset key, then goes on to /reset whatever the address: nothing tells if it exists. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const language = requireLanguage(params);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  const email = String(form.get("email") ?? "").slice(0, 400);
  const parsed = ForgotForm.safeParse({ email });
  if (!parsed.success) {
    return data<ActionData>(
      { email, fieldError: parsed.error.issues[0]?.message ?? "invalidEmail" },
      { status: 422 },
    );
  }

  try {
    await getApiClient(request, context).post("/password/request/reset-by-email", {
      email: parsed.data.email,
      resetType: "KEY",
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      const retryAfterSeconds = error.retryAfterSeconds ?? 60;
      return data<ActionData>({ email, retryAfterSeconds }, { status: 429 });
    }
    if (error instanceof ApiError && error.status === 422) {
      return data<ActionData>({ email, fieldError: "invalidEmail" }, { status: 422 });
    }
    throw serviceUnavailable(error);
  }
  const search = new URLSearchParams({ email: parsed.data.email, sent: "1" });
  return redirect(`${localizedPath("/reset", language)}?${search}`);
}

export default function ForgotPage() {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t("forgot.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("forgot.subtitle")}</p>

      <FormAlert className="mt-6">
        {actionData?.retryAfterSeconds ? (
          <p>
            {t("errors.rateLimitedFor", {
              duration: formatDuration(actionData.retryAfterSeconds, language),
            })}
          </p>
        ) : null}
      </FormAlert>

      <Form ref={formRef} method="post" className="mt-6 space-y-4" noValidate>
        <Honeypot />
        <EmailField
          label={t("forgot.email")}
          name="email"
          required
          defaultValue={actionData?.email ?? loaderData.email}
          error={actionData?.fieldError ? t(`errors.${actionData.fieldError}`) : undefined}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("forgot.submitting") : t("forgot.submit")}
        </Button>
      </Form>

      <LocalizedLink
        to="/login"
        className="mt-6 inline-flex items-center gap-1.5 text-sm text-accent hover:underline"
      >
        <Icon name="arrow-left" />
        {t("backToLogin")}
      </LocalizedLink>
    </div>
  );
}
