import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { type Organization, OrganizationForm, organizationInitials } from "~/lib/organizations";
import { countryChoices, countryName } from "~/lib/phones";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { InputField, SelectInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { FormFooter, SubmitButton } from "../form/submit-row";
import { ImageField, useImagePicker } from "../image-input";
import { useOnNotice } from "../notice";
import { Avatar } from "../ui/avatar";
import { SettingsSection } from "../ui/settings-section";

/** Name, logo and the default country of phone numbers; read-only for members who may not manage the organization. */
export function OrganizationSettingsForm({
  organization,
  lastResult,
}: {
  organization: Organization;
  /** The action's answer to this form. */
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("organizations");
  const language = useLanguage();
  const countries = useMemo(() => countryChoices(language), [language]);
  const errorText = useErrorText();
  const [form, fields] = useAppForm(OrganizationForm, {
    id: "organization-settings",
    lastResult,
    defaultValue: { name: organization.name, defaultCountry: organization.defaultCountry ?? "" },
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
            {organization.defaultCountry ? (
              <p className="text-sm">
                {t("settings.defaultCountryIs", {
                  country: countryName(organization.defaultCountry, language),
                })}
              </p>
            ) : null}
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
        <ImageField
          preview={logo}
          picker={picker}
          name={fields.logo.name}
          removeName={fields.removeLogo.name}
          hasImage={Boolean(organization.logoUrl)}
          error={logoMessage}
          labels={{
            label: t("settings.logo"),
            hint: t("settings.logoHint"),
            chooseLabel: t("settings.chooseLogo"),
            noFileLabel: t("settings.noLogoChosen"),
          }}
          removeLabel={t("settings.removeLogo")}
        />
        <InputField meta={fields.name} label={t("fields.name")} autoComplete="organization" />
        <SelectInput
          meta={fields.defaultCountry}
          label={t("settings.defaultCountry")}
          hint={t("settings.defaultCountryHint")}
          options={[{ value: "", label: t("settings.noDefaultCountry") }, ...countries]}
        />
        <FormFooter>
          <SubmitButton pending={submitting}>{t("settings.save")}</SubmitButton>
        </FormFooter>
      </Form>
    </SettingsSection>
  );
}
