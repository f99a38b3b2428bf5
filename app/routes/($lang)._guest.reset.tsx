import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { PasswordStrength } from "~/components/password-strength";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { EmailField, Field } from "~/components/ui/input";
import { PasswordField } from "~/components/ui/password-field";
import { getApiClient } from "~/lib/api.server";
import { explainApiError, isUserError } from "~/lib/api-errors";
import { readForm } from "~/lib/form.server";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { keyPattern, normalizeKeyInput } from "~/lib/key-input";
import { dropResetToken, holdResetToken, readResetToken } from "~/lib/password-reset.server";
import { commitToken, serviceUnavailable } from "~/lib/session.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "auth:reset.title" };

const ResetForm = z.object({
  email: z.string().trim().min(1, "required").max(320, "invalidEmail").email("invalidEmail"),
  key: z.string().transform(normalizeKeyInput),
  newPassword: z
    .string()
    .min(1, "required")
    .refine((value) => [...value].length >= 8, "passwordTooShort")
    .refine((value) => [...value].length <= 128, "passwordTooLong"),
});

type FieldName = keyof z.infer<typeof ResetForm>;
type ActionData = {
  email: string;
  fieldErrors?: Partial<Record<FieldName, string>>;
  /** A key in common:apiErrors. */
  formError?: string;
  /** The key has checked already: only a new password is needed. */
  keyAccepted?: boolean;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "", sent: url.searchParams.get("sent") === "1" };
}

const apiFields: Record<string, FieldName> = {
  email: "email",
  key: "key",
  newPassword: "newPassword",
  password: "newPassword",
};

/** Exchanges the mailed key for a reset token, sets the password, and signs the user in. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const language = requireLanguage(params);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  const email = String(form.get("email") ?? "").slice(0, 400);
  const parsed = ResetForm.safeParse({
    email,
    key: String(form.get("key") ?? ""),
    newPassword: String(form.get("newPassword") ?? ""),
  });
  const held = await readResetToken(request);
  const heldToken =
    parsed.success && held?.email === parsed.data.email.toLowerCase() ? held.token : null;
  const fieldErrors: NonNullable<ActionData["fieldErrors"]> = {};
  for (const issue of parsed.error?.issues ?? [])
    fieldErrors[issue.path[0] as FieldName] ??= issue.message;
  const key = parsed.data?.key ?? "";
  if (!heldToken && !fieldErrors.key && !keyPattern.test(key)) {
    fieldErrors.key = key ? "keyFormat" : "required";
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    return data<ActionData>(
      { email, fieldErrors, keyAccepted: Boolean(heldToken) },
      { status: 422 },
    );
  }

  const api = getApiClient(request, context);
  let token = heldToken;
  try {
    token ??= (
      await api.post<{ token: string }>("/password/verify/by-email", {
        email: parsed.data.email,
        key,
      })
    ).token;
    const signedIn = await api.post<{ token: string }>("/password/reset", {
      token,
      newPassword: parsed.data.newPassword,
      loginType: "EMAIL",
    });
    const headers = new Headers();
    headers.append("Set-Cookie", await commitToken(signedIn.token));
    headers.append("Set-Cookie", await dropResetToken());
    return redirect(`${localizedPath("/dashboard", language)}?notice=password-reset`, { headers });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const { message, field } = explainApiError(error);
    const headers = new Headers();
    // A refused password leaves the (spent) key's token good for another try.
    const keyAccepted = Boolean(token) && message !== "invalidToken";
    headers.append(
      "Set-Cookie",
      keyAccepted && token
        ? await holdResetToken({ email: parsed.data.email.toLowerCase(), token })
        : await dropResetToken(),
    );
    const target = field ? apiFields[field] : undefined;
    if (target && message !== "keyExpired" && message !== "invalidToken") {
      return data<ActionData>(
        { email, keyAccepted, fieldErrors: { [target]: `common:apiErrors.${message}` } },
        { status: error.status, headers },
      );
    }
    return data<ActionData>(
      { email, formError: message, keyAccepted },
      { status: error.status, headers },
    );
  }
}

export default function ResetPage() {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [newPassword, setNewPassword] = useState("");
  useFocusFirstError(formRef, actionData);

  const email = actionData?.email ?? loaderData.email;
  const fieldErrors = actionData?.fieldErrors ?? {};
  const fieldError = (field: FieldName) => {
    const key = fieldErrors[field];
    if (!key) return undefined;
    return key.startsWith("common:") ? t(key) : t(`errors.${key}`);
  };
  const keyIsDead =
    actionData?.formError === "keyExpired" || actionData?.formError === "invalidToken";

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

      <FormAlert className="mt-6">
        {actionData?.formError ? (
          <p>
            {t(`common:apiErrors.${actionData.formError}`)}{" "}
            {keyIsDead ? t("reset.sendNewKeyHint") : null}
          </p>
        ) : null}
      </FormAlert>

      <Form ref={formRef} method="post" className="mt-6 space-y-4" noValidate>
        <Honeypot />
        <EmailField
          label={t("reset.email")}
          name="email"
          required
          defaultValue={email}
          error={fieldError("email")}
        />
        {actionData?.keyAccepted ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <Icon name="circle-check" />
            {t("reset.keyAccepted")}
          </p>
        ) : (
          <Field
            label={t("reset.key")}
            name="key"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            required
            maxLength={6}
            hint={t("reset.keyHint")}
            className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
            error={fieldError("key")}
          />
        )}
        <PasswordField
          label={t("reset.newPassword")}
          name="newPassword"
          autoComplete="new-password"
          required
          hint={t("reset.newPasswordHint")}
          error={fieldError("newPassword")}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
        >
          <PasswordStrength password={newPassword} userInputs={email ? [email] : []} />
        </PasswordField>
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
