import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { ResendForm } from "~/components/auth/resend-form";
import { KeyInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Honeypot } from "~/components/honeypot";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { commitToken, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { errorMessage, verificationKey } from "~/lib/validation";
import {
  clearPendingVerification,
  commitPendingVerification,
  readPendingVerification,
  resendCooldownSeconds,
  sendVerificationKey,
} from "~/lib/verification.server";

export const handle = { title: "auth:signup.title" };

const VerifyForm = z.object({
  key: verificationKey({ required: "keyRequired", format: "keyDigits" }),
});

/** How this page explains the API's refusals of a key. */
const verifyCodes = {
  KEY_EXPIRED: "keyExpiredResend",
  INVALID_TOKEN: "verificationExpired",
  REQUIRED: "keyRequired",
  INVALID_FORMAT: "keyDigits",
};

async function requirePending(request: Request, language: Language) {
  const pending = await readPendingVerification(request);
  if (!pending) throw safeRedirect(localizedPath("/signup", language));
  return pending;
}

function secondsUntilResend(sentAt: number) {
  const elapsed = Math.floor((Date.now() - sentAt) / 1000);
  return Math.min(resendCooldownSeconds, Math.max(0, resendCooldownSeconds - elapsed));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await requirePending(request, pageLanguage(request));
  return {
    loginValue: pending.loginValue,
    loginType: pending.loginType,
    sentAt: pending.sentAt,
    resendSeconds: secondsUntilResend(pending.sentAt),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const language = pageLanguage(request);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  switch (form.get("intent")) {
    case "resend":
      return resend(request, context, language);
    case "restart":
      return restart(request, language);
    default:
      return verify(request, context, form, language);
  }
}

async function verify(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  language: Language,
) {
  const pending = await requirePending(request, language);
  const submission = parseWithZod(form, { schema: VerifyForm });
  if (submission.status !== "success") {
    return data({ intent: "verify" as const, result: submission.reply() }, { status: 422 });
  }

  let session: string;
  try {
    ({ token: session } = await getApiClient(request, context).post(
      "/verify-reg-verification-key",
      { body: { token: pending.token, key: submission.value.key, loginType: pending.loginType } },
    ));
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    // A dead key or verification is the page's to explain, with the resend below.
    const dead = error.code === "KEY_EXPIRED" || error.code === "INVALID_TOKEN";
    const result = dead
      ? submission.reply({ formErrors: [verifyCodes[error.code as keyof typeof verifyCodes]] })
      : replyWithApiError(submission, error, { codes: verifyCodes });
    return data({ intent: "verify" as const, result }, { status: error.status });
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await clearPendingVerification());
  headers.append("Set-Cookie", await commitToken(session));
  throw safeRedirect(safeRedirectPath(pending.redirectTo, localizedPath("/dashboard", language)), {
    headers,
  });
}

async function resend(request: Request, context: AppLoadContext, language: Language) {
  const pending = await requirePending(request, language);
  let next: Awaited<ReturnType<typeof sendVerificationKey>>;
  try {
    next = await sendVerificationKey(request, context, pending.loginValue, pending.loginType);
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const message =
      error.status === 429
        ? errorMessage("resendTooSoon", {
            seconds: error.retryAfterSeconds ?? secondsUntilResend(pending.sentAt),
          })
        : "unknown";
    return data({ intent: "resend" as const, error: message }, { status: error.status });
  }
  // Answered in place: a page without JavaScript renders from this answer, whose loader still
  // sees the old cookie, so the new cooldown travels with it.
  return data(
    {
      intent: "resend" as const,
      resent: { sentAt: next.sentAt, resendSeconds: resendCooldownSeconds },
    },
    { headers: { "Set-Cookie": await commitPendingVerification({ ...pending, ...next }) } },
  );
}

async function restart(request: Request, language: Language) {
  const pending = await readPendingVerification(request);
  const search = pending?.loginType === "PHONE" ? "?method=phone" : "";
  throw safeRedirect(`${localizedPath("/signup", language)}${search}`, {
    headers: { "Set-Cookie": await clearPendingVerification() },
  });
}

export default function VerifyPage() {
  const { loginValue, loginType, sentAt, resendSeconds } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const actionData = useActionAnswer<typeof action>();
  const verifyResult = actionData?.intent === "verify" ? actionData.result : undefined;
  const resendAnswer = actionData?.intent === "resend" ? actionData : undefined;
  // Without JavaScript the loader of a resend's answer still sees the previous cookie.
  const resent = resendAnswer && "resent" in resendAnswer ? resendAnswer.resent : undefined;
  const resendError = resendAnswer && "error" in resendAnswer ? resendAnswer.error : undefined;
  const [form, fields] = useAppForm(VerifyForm, {
    id: `verify-${resent?.sentAt ?? sentAt}`,
    lastResult: verifyResult,
  });
  const verifying = useIsPending({ intent: "verify" });
  const resending = useIsPending({ intent: "resend" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);
  const byPhone = loginType === "PHONE";

  return (
    <div className="py-8">
      <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon name={byPhone ? "phone" : "mail"} className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight">
        {byPhone ? t("verify.titlePhone") : t("verify.titleEmail")}
      </h1>
      <p className="mt-1 text-sm text-text-muted">
        <Trans
          t={t}
          i18nKey="verify.sentTo"
          values={{ address: loginValue }}
          components={{
            // One unit that moves to the next line whole rather than breaking mid-address.
            address: (
              <span
                dir="ltr"
                title={loginValue}
                className="inline-block max-w-full truncate align-bottom font-medium text-text"
              />
            ),
          }}
        />
      </p>

      {resent ? (
        <FormAlert className="mt-6" tone="success">
          <p>{t("verify.resent")}</p>
        </FormAlert>
      ) : (
        <FormErrors className="mt-6" errors={resendError ? [resendError] : form.errors} />
      )}

      <Form
        ref={formRef}
        method="post"
        className="mt-6 space-y-4"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="verify" />
        <Honeypot />
        <KeyInput
          meta={fields.key}
          label={t("verify.key")}
          className="[&_input]:h-12 [&_input]:text-center [&_input]:text-xl [&_input]:font-semibold [&_input]:tracking-[0.5em]"
        />
        <Button type="submit" className="w-full" disabled={verifying}>
          {verifying ? t("verify.submitting") : t("verify.submit")}
        </Button>
      </Form>

      <div className="mt-6 flex items-center justify-between gap-4 border-t border-border pt-6">
        <p className="text-sm text-text-muted">{t("verify.noKey")}</p>
        <ResendForm
          key={resent?.sentAt ?? sentAt}
          seconds={resent?.resendSeconds ?? resendSeconds}
          sending={resending}
        />
      </div>

      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="restart" />
        <Honeypot />
        <button
          type="submit"
          className="inline-flex items-center gap-2 text-sm font-medium text-accent hover:underline"
        >
          <Icon name="arrow-left" />
          {byPhone ? t("verify.restartPhone") : t("verify.restartEmail")}
        </button>
      </Form>
    </div>
  );
}
