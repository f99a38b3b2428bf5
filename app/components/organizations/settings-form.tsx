import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { type Organization, OrganizationForm, organizationInitials } from "~/lib/organizations";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { InputField } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { ImageInput, useImagePicker } from "../image-input";
import { useOnNotice } from "../notice";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Icon } from "../ui/icon";
import { SettingsSection } from "../ui/settings-section";

/** Name and logo; read-only for members who may not manage the organization. */
export function OrganizationSettingsForm({
  organization,
  lastResult,
}: {
  organization: Organization;
  /** The action's answer to this form. */
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("organizations");
  const errorText = useErrorText();
  const [form, fields] = useAppForm(OrganizationForm, {
    id: "organization-settings",
    lastResult,
    defaultValue: { name: organization.name },
  });
  const submitting = useIsPending({ intent: "settings" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, lastResult);
  const editable = organization.permissions.includes("organization.manage");

  const picker = useImagePicker();
  useOnNotice("organization-saved", () => {
    formRef.current?.reset();
    picker.reset();
  });

  const logoMessage = picker.error ? t(picker.error) : errorText(fields.logo.errors);
  const logo = (
    <Avatar
      src={picker.shown(organization.logoUrl)}
      fallback={organizationInitials(organization.name)}
      shape="square"
      className="size-20 text-xl"
      alt={t("settings.logoPreview")}
    />
  );

  if (!editable) {
    return (
      <SettingsSection id="settings" title={t("settings.title")}>
        <div className="flex items-center gap-5">
          {logo}
          <div>
            <p className="text-lg font-semibold">{organization.name}</p>
            <p className="text-sm text-text-muted">{t("settings.readOnly")}</p>
          </div>
        </div>
      </SettingsSection>
    );
  }

  return (
    <SettingsSection
      id="settings"
      title={t("settings.title")}
      description={t("settings.description")}
    >
      <Form
        ref={formRef}
        method="post"
        action="."
        encType="multipart/form-data"
        preventScrollReset
        className="space-y-6"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="settings" />
        <FormErrors errors={form.errors} />
        <div className="flex items-start gap-5">
          {logo}
          <div className="min-w-0 flex-1 space-y-3">
            <ImageInput
              name={fields.logo.name}
              error={logoMessage}
              fileName={picker.fileName}
              onChange={picker.onChange}
              label={t("settings.logo")}
              hint={t("settings.logoHint")}
              chooseLabel={t("settings.chooseLogo")}
              noFileLabel={t("settings.noLogoChosen")}
            />
            {organization.logoUrl ? (
              <Checkbox
                name={fields.removeLogo.name}
                value="true"
                label={t("settings.removeLogo")}
                checked={picker.removing}
                onChange={(event) => picker.setRemoving(event.currentTarget.checked)}
              />
            ) : null}
          </div>
        </div>
        <InputField meta={fields.name} label={t("fields.name")} autoComplete="organization" />
        <div className="flex justify-end border-t border-border pt-4">
          <Button type="submit" disabled={submitting}>
            {submitting ? <Icon name="loader-circle" className="animate-spin" /> : null}
            {t("settings.save")}
          </Button>
        </div>
      </Form>
    </SettingsSection>
  );
}
