import { getFormProps, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
  useSearchParams,
} from "react-router";
import { z } from "zod";
import { MethodSwitch, useLoginMethod } from "~/components/auth/method-switch";
import { InputField, PasswordInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { PhoneHint, phoneExample } from "~/components/phone-hint";
import { Button } from "~/components/ui/button";
import { ApiUnavailableError, isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError, replyWithFormError } from "~/lib/form-replies.server";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { commitToken, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { currentPassword, email, emailMaxLength, phone, requiredText } from "~/lib/validation";
import {
  commitPendingVerification,
  type LoginType,
  sendVerificationKey,
} from "~/lib/verification.server";

export const handle = { title: "auth:login.title" };

const credentials = {
  password: currentPassword(),
  redirectTo: z.string().max(2000).optional(),
};

const LoginForm = z.discriminatedUnion("method", [
  z.object({ method: z.literal("email"), email: email(), ...credentials }),
  z.object({ method: z.literal("phone"), phone: phone(), ...credentials }),
]);

/** "Verify now", offered after a sign-in with the right password to an unverified account. */
const VerifyNowForm = z.object({
  loginValue: requiredText(emailMaxLength),
  loginType: z.enum(["EMAIL", "PHONE"] satisfies LoginType[]),
});

const hideFields = ["password"];

type Unverified = { loginValue: string; loginType: LoginType };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const language = pageLanguage(request);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  if (form.get("intent") === "verify") return startVerification(request, context, form, language);
  return signIn(request, context, form, language);
}

async function signIn(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  language: Language,
) {
  // A form without the switch's field (an older page, a script) signs in by email.
  form.set("method", form.get("method") === "phone" ? "phone" : "email");
  const submission = parseWithZod(form, { schema: LoginForm });
  if (submission.status !== "success") {
    return data(
      { intent: "login" as const, result: submission.reply({ hideFields }), unverified: null },
      { status: 422 },
    );
  }

  const input = submission.value;
  const login: Unverified =
    input.method === "phone"
      ? { loginValue: input.phone, loginType: "PHONE" }
      : { loginValue: input.email, loginType: "EMAIL" };
  let token: string;
  try {
    ({ token } = await getApiClient(request, context).post(
      input.method === "phone" ? "/login/phone" : "/login/email",
      { body: { value: login.loginValue, password: input.password } },
    ));
  } catch (error) {
    return loginFailure(submission, error, login);
  }
  throw safeRedirect(safeRedirectPath(input.redirectTo, localizedPath("/dashboard", language)), {
    headers: { "Set-Cookie": await commitToken(token) },
  });
}

/** The form again, with what was typed but the password, so that the user can simply retry. */
function loginFailure(submission: Submission<unknown>, error: unknown, login: Unverified) {
  if (error instanceof ApiUnavailableError || (isApiError(error) && error.status >= 500)) {
    console.error(error);
    const result = replyWithFormError(submission, "unavailable", { hideFields });
    return data({ intent: "login" as const, result, unverified: null }, { status: 503 });
  }
  if (!isApiError(error)) throw serviceUnavailable(error);
  // A wrong login, a wrong password and a login the API cannot read all read the same.
  const wrong = login.loginType === "PHONE" ? "invalidPhoneCredentials" : "invalidCredentials";
  const result = replyWithApiError(submission, error, {
    codes: { INVALID_CREDENTIALS: wrong, VALIDATION_FAILED: wrong },
    hideFields,
  });
  // The password was right: the page offers to send a key to verify the account.
  const unverified = error.code === "ACCOUNT_NOT_VERIFIED" ? login : null;
  return data({ intent: "login" as const, result, unverified }, { status: error.status });
}

/** "Verify now": a key goes out and the sign-up's verification page takes it. */
async function startVerification(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  language: Language,
) {
  const submission = parseWithZod(form, { schema: VerifyNowForm });
  // Its fields come from the page, never from typing.
  if (submission.status !== "success") throw badRequest();
  const unverified = submission.value;
  let pending: Awaited<ReturnType<typeof sendVerificationKey>>;
  try {
    pending = await sendVerificationKey(
      request,
      context,
      unverified.loginValue,
      unverified.loginType,
    );
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result = replyWithApiError(submission, error);
    return data({ intent: "verify" as const, result, unverified }, { status: error.status });
  }
  throw safeRedirect(localizedPath("/signup/verify", language), {
    headers: { "Set-Cookie": await commitPendingVerification(pending) },
  });
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const [searchParams] = useSearchParams();
  const method = useLoginMethod();
  const unverified = actionData?.unverified ?? undefined;
  const [form, fields] = useAppForm(LoginForm, {
    id: "login",
    lastResult: actionData?.intent === "login" ? actionData.result : undefined,
    // After "verify now" the login form is drawn again with the login it was about.
    defaultValue: {
      email: unverified?.loginType === "EMAIL" ? unverified.loginValue : email,
      phone: unverified?.loginType === "PHONE" ? unverified.loginValue : undefined,
    },
  });
  const [verifyForm] = useAppForm(VerifyNowForm, {
    id: "verify-now",
    lastResult: actionData?.intent === "verify" ? actionData.result : undefined,
  });
  const submitting = useIsPending({ intent: "login" });
  const verifying = useIsPending({ intent: "verify" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);

  // Someone sent here on their way (an invitation) may have no account yet: sign-up takes the
  // address and the destination along.
  const carried = new URLSearchParams();
  for (const name of ["email", "redirectTo"]) {
    const value = searchParams.get(name);
    if (value) carried.set(name, value);
  }
  const signupPath = carried.size ? `/signup?${carried}` : "/signup";

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t("login.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("login.subtitle")}</p>

      <div className="mt-6">
        <MethodSwitch
          label={t("login.method")}
          emailLabel={t("login.withEmail")}
          phoneLabel={t("login.withPhone")}
        />
      </div>

      <FormErrors
        className="mt-6"
        errors={actionData?.intent === "verify" ? verifyForm.errors : form.errors}
      >
        {unverified ? (
          <Form method="post" replace {...getFormProps(verifyForm)} noValidate>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="loginValue" value={unverified.loginValue} />
            <input type="hidden" name="loginType" value={unverified.loginType} />
            <Honeypot />
            <button
              type="submit"
              disabled={verifying}
              className="font-medium underline underline-offset-2"
            >
              {t("login.verifyNow")}
            </button>
          </Form>
        ) : null}
      </FormErrors>

      <Form
        ref={formRef}
        method="post"
        className="mt-6 space-y-4"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Honeypot />
        {method === "phone" ? (
          <InputField
            key="phone"
            meta={fields.phone}
            type="tel"
            label={t("login.phone")}
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder={phoneExample}
            hint={<PhoneHint i18nKey="auth:login.phoneHint" />}
          />
        ) : (
          <InputField
            key="email"
            meta={fields.email}
            type="email"
            label={t("login.email")}
            autoComplete="username"
          />
        )}
        <PasswordInput
          meta={fields.password}
          label={t("login.password")}
          autoComplete="current-password"
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
