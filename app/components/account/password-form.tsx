import { type FormMetadata, getFormProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { PasswordValues } from "~/lib/account";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import type { CurrentUser } from "~/lib/user";
import { PasswordInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { useDropNotice, useOnNotice } from "../notice";
import { PasswordStrength } from "../password-strength";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { SettingsSection } from "../ui/settings-section";

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
  const dropNotice = useDropNotice();
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
      <Form
        ref={formRef}
        method="post"
        action="."
        preventScrollReset
        className="space-y-4"
        {...getFormProps(form)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (event.defaultPrevented) dropNotice();
        }}
        noValidate
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
          <Button type="submit" disabled={submitting}>
            {submitting ? <Icon name="loader-circle" className="animate-spin" /> : null}
            {submitting ? t("password.saving") : t("password.save")}
          </Button>
        </div>
      </Form>
    </SettingsSection>
  );
}
