import type { FormMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PasswordValues } from "~/lib/account";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import type { CurrentUser } from "~/lib/user";
import { PasswordInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { SubmitButton } from "../form/submit-row";
import { useOnNotice } from "../notice";
import { PasswordStrength } from "../password-strength";
import { SettingsSection } from "../ui/settings-section";
import { AccountForm, AccountUsername } from "./account-form";

/**
 * The password change. The form is the page's (`useAppForm` in the route, with the server's
 * answer); `result` is that answer, after which focus goes to what needs fixing.
 */
export function PasswordForm({
  user,
  form,
  result,
}: {
  user: CurrentUser;
  form: FormMetadata<PasswordValues, string[]>;
  result: unknown;
}) {
  const { t } = useTranslation("account");
  const fields = form.getFieldset();
  const submitting = useIsPending({ intent: "password" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const [password, setPassword] = useState("");
  useOnNotice("password-changed", () => {
    formRef.current?.reset();
    setPassword("");
  });

  const userInputs = [user.firstName, user.lastName, user.email ?? ""].filter(Boolean);

  return (
    <SettingsSection
      id="password"
      title={t("password.title")}
      description={t("password.description")}
    >
      <FormErrors className="mb-6" errors={form.errors} />
      <AccountForm form={form} formRef={formRef} intent="password" className="space-y-4">
        <AccountUsername user={user} />
        <div className="grid grid-cols-2 gap-4">
          <PasswordInput
            meta={fields.currentPassword}
            label={t("password.current")}
            autoComplete="current-password"
          />
          <PasswordInput
            meta={fields.newPassword}
            label={t("password.new")}
            autoComplete="new-password"
            hint={t("password.newHint")}
            onChange={(event) => setPassword(event.currentTarget.value)}
          >
            <PasswordStrength password={password} userInputs={userInputs} />
          </PasswordInput>
        </div>
        <div className="flex items-center justify-between gap-4 border-t border-border pt-4">
          <p className="text-xs text-text-muted">{t("password.signsOutOthers")}</p>
          <SubmitButton pending={submitting} pendingLabel={t("password.saving")}>
            {t("password.save")}
          </SubmitButton>
        </div>
      </AccountForm>
    </SettingsSection>
  );
}
