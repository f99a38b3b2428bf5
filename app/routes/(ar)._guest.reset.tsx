import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { InputField, KeyInput, PasswordInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { PasswordStrength } from "~/components/password-strength";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError, replyWithFormError } from "~/lib/form-replies.server";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { dropResetToken, holdResetToken, readResetToken } from "~/lib/password-reset.server";
import { safeRedirect } from "~/lib/redirect.server";
import { commitToken, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { email, newPassword, verificationKey } from "~/lib/validation";

export const handle = { title: "auth:reset.title" };

const resetFields = { email: email(), newPassword: newPassword() };
const ResetForm = z.object({ ...resetFields, key: verificationKey() });
/** The key checked on an earlier try (its token is held): it may be left out. */
const ResetWithHeldKey = z.object({ ...resetFields, key: verificationKey().optional() });

const hideFields = ["newPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "", sent: url.searchParams.get("sent") === "1" };
}

/** Exchanges the mailed key for a reset token, sets the password, and signs the user in. */
export async function action({ request, context }: ActionFunctionArgs) {
  const language = pageLanguage(request);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  const held = await readResetToken(request);
  const submission = parseWithZod(form, { schema: held ? ResetWithHeldKey : ResetForm });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields }), keyAccepted: Boolean(held) },
      { status: 422 },
    );
  }
  const { email, key, newPassword } = submission.value;
  const heldToken = held?.email === email.toLowerCase() ? held.token : null;
  if (!heldToken && !key) {
    return data(
      {
        result: submission.reply({ fieldErrors: { key: ["required"] }, hideFields }),
        keyAccepted: false,
      },
      { status: 422 },
    );
  }

  const api = getApiClient(request, context);
  let token = heldToken;
  try {
    token ??= (await api.post("/password/verify/by-email", { body: { email, key: key ?? "" } }))
      .token;
    const signedIn = await api.post("/password/reset", {
      body: { token, newPassword, loginType: "EMAIL" },
    });
    const headers = new Headers();
    headers.append("Set-Cookie", await commitToken(signedIn.token));
    headers.append("Set-Cookie", await dropResetToken());
    return safeRedirect(`${localizedPath("/dashboard", language)}?notice=password-reset`, {
      headers,
    });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    // A dead key or token is the form's to explain, with a way to a new key.
    const keyIsDead = error.code === "KEY_EXPIRED" || error.code === "INVALID_TOKEN";
    // A refused password leaves the (spent) key's token good for another try.
    const keyAccepted = Boolean(token) && error.code !== "INVALID_TOKEN";
    const headers = new Headers();
    headers.append(
      "Set-Cookie",
      keyAccepted && token
        ? await holdResetToken({ email: email.toLowerCase(), token })
        : await dropResetToken(),
    );
    const result = keyIsDead
      ? replyWithFormError(
          submission,
          error.code === "KEY_EXPIRED" ? "keyExpired" : "invalidToken",
          {
            hideFields,
          },
        )
      : replyWithApiError(submission, error, { fields: { password: "newPassword" }, hideFields });
    return data({ result, keyAccepted, keyIsDead }, { status: error.status, headers });
  }
}

export default function ResetPage() {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const keyAccepted = actionData?.keyAccepted ?? false;
  const [form, fields] = useAppForm(keyAccepted ? ResetWithHeldKey : ResetForm, {
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
  });
  const submitting = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState("");
  useFocusFirstError(formRef, actionData);
  const email = fields.email.value ?? loaderData.email;

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t("reset.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("reset.subtitle")}</p>

      {loaderData.sent && !actionData ? (
        <FormAlert tone="info" className="mt-6">
          <p>
            {t("reset.sent")}{" "}
            <bdi dir="ltr" className="font-medium">
              {loaderData.email}
            </bdi>
          </p>
        </FormAlert>
      ) : null}

      <FormErrors className="mt-6" errors={form.errors}>
        {actionData && "keyIsDead" in actionData && actionData.keyIsDead ? (
          <p>{t("reset.sendNewKeyHint")}</p>
        ) : null}
      </FormErrors>

      <Form
        ref={formRef}
        method="post"
        className="mt-6 space-y-4"
        {...getFormProps(form)}
        noValidate
      >
        <Honeypot />
        <InputField meta={fields.email} type="email" label={t("reset.email")} />
        {keyAccepted ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <Icon name="circle-check" />
            {t("reset.keyAccepted")}
          </p>
        ) : (
          <KeyInput meta={fields.key} label={t("reset.key")} hint={t("reset.keyHint")} />
        )}
        <PasswordInput
          meta={fields.newPassword}
          label={t("reset.newPassword")}
          autoComplete="new-password"
          hint={t("reset.newPasswordHint")}
          onChange={(event) => setPassword(event.currentTarget.value)}
        >
          <PasswordStrength password={password} userInputs={email ? [email] : []} />
        </PasswordInput>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("reset.submitting") : t("reset.submit")}
        </Button>
      </Form>

      <Form
        method="post"
        action={localizedPath("/forgot", language)}
        className="mt-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-border pt-4 text-sm"
      >
        <input type="hidden" name="email" value={email} />
        <Honeypot />
        <span className="text-text-muted">{t("reset.noKey")}</span>
        <Button type="submit" variant="secondary" size="sm">
          <Icon name="refresh-cw" />
          {t("reset.sendNewKey")}
        </Button>
      </Form>

      <LocalizedLink
        to="/login"
        className="mt-4 inline-flex items-center gap-1.5 text-sm text-accent hover:underline"
      >
        <Icon name="arrow-left" />
        {t("backToLogin")}
      </LocalizedLink>
    </div>
  );
}
