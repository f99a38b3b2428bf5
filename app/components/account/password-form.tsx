import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "~/lib/format-duration";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useLanguage } from "~/lib/use-language";
import type { CurrentUser } from "~/lib/user";
import { useOnNotice } from "../notice";
import { PasswordStrength } from "../password-strength";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import { PasswordField } from "../ui/password-field";
import { SettingsSection } from "./settings-section";

export type PasswordResult = {
  intent: "password";
  fieldErrors?: Partial<Record<"currentPassword" | "newPassword", string>>;
  formError?: string;
  /** How long the API asks to wait before the next try. */
  retryAfterSeconds?: number;
};

export function PasswordForm({ user, result }: { user: CurrentUser; result?: PasswordResult }) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const [password, setPassword] = useState("");
  useOnNotice("password-changed", () => {
    formRef.current?.reset();
    setPassword("");
  });

  const fieldErrors = result?.fieldErrors ?? {};
  const userInputs = [user.firstName, user.lastName, user.email ?? ""].filter(Boolean);

  return (
    <SettingsSection
      id="password"
      title={t("password.title")}
      description={t("password.description")}
    >
      <FormAlert className="mb-6">
        {result?.formError ? (
          <p>
            {result.retryAfterSeconds
              ? t("common:apiErrors.rateLimitedFor", {
                  duration: formatDuration(result.retryAfterSeconds, language),
                })
              : t(result.formError)}
          </p>
        ) : null}
      </FormAlert>
      <Form
        ref={formRef}
        method="post"
        action="."
        preventScrollReset
        noValidate
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="password" />
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user.email ?? user.phone ?? ""}
          readOnly
          hidden
        />
        <div className="grid grid-cols-2 gap-4">
          <PasswordField
            label={t("password.current")}
            name="currentPassword"
            autoComplete="current-password"
            required
            error={fieldErrors.currentPassword ? t(fieldErrors.currentPassword) : undefined}
          />
          <PasswordField
            label={t("password.new")}
            name="newPassword"
            autoComplete="new-password"
            required
            hint={t("password.newHint")}
            error={fieldErrors.newPassword ? t(fieldErrors.newPassword) : undefined}
            onChange={(event) => setPassword(event.currentTarget.value)}
          >
            <PasswordStrength password={password} userInputs={userInputs} />
          </PasswordField>
        </div>
        <div className="flex items-center justify-between gap-4 border-t border-border pt-4">
          <p className="text-xs text-text-muted">{t("password.signsOutOthers")}</p>
          <Button type="submit" disabled={submitting}>
            {submitting ? <Icon name="loader-circle" className="animate-spin" /> : null}
            {submitting ? t("password.saving") : t("password.save")}
          </Button>
        </div>
      </Form>
    </SettingsSection>
  );
}
