import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { type Organization, organizationInitials, organizationNameMax } from "~/lib/organizations";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { SettingsSection } from "../account/settings-section";
import { ImageInput, useImagePicker } from "../image-input";
import { useOnNotice } from "../notice";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import { Field } from "../ui/input";

export type SettingsResult = {
  intent: "settings";
  name?: string;
  /** Translation keys, by field. */
  fieldErrors?: Partial<Record<"name" | "logo", string>>;
  formError?: string;
};

/** Name and logo; read-only for members who may not manage the organization. */
export function OrganizationSettingsForm({
  organization,
  result,
}: {
  organization: Organization;
  result?: SettingsResult;
}) {
  const { t } = useTranslation("organizations");
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const editable = organization.permissions.includes("organization.manage");

  const picker = useImagePicker();
  useOnNotice("organization-saved", () => {
    formRef.current?.reset();
    picker.reset();
  });

  const fieldErrors = result?.fieldErrors ?? {};
  const logoMessage = picker.error ? t(picker.error) : fieldErrors.logo && t(fieldErrors.logo);
  const logo = (
    <Avatar
      src={picker.shown(organization.logoUrl)}
      fallback={organizationInitials(organization.name)}
      className="size-20 rounded-card text-xl"
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
        noValidate
        className="space-y-6"
      >
        <input type="hidden" name="intent" value="settings" />
        <FormAlert>{result?.formError ? t(result.formError) : null}</FormAlert>
        <div className="flex items-start gap-5">
          {logo}
          <div className="min-w-0 flex-1 space-y-3">
            <ImageInput
              name="logo"
              error={logoMessage || undefined}
              fileName={picker.fileName}
              onChange={picker.onChange}
              label={t("settings.logo")}
              hint={t("settings.logoHint")}
              chooseLabel={t("settings.chooseLogo")}
              noFileLabel={t("settings.noLogoChosen")}
            />
            {organization.logoUrl ? (
              <Checkbox
                name="removeLogo"
                value="true"
                label={t("settings.removeLogo")}
                checked={picker.removing}
                onChange={(event) => picker.setRemoving(event.currentTarget.checked)}
              />
            ) : null}
          </div>
        </div>
        <Field
          label={t("fields.name")}
          name="name"
          required
          maxLength={organizationNameMax}
          autoComplete="organization"
          defaultValue={result?.name ?? organization.name}
          error={fieldErrors.name ? t(fieldErrors.name) : undefined}
        />
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
