import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { type CurrentUser, initials } from "~/lib/user";
import { ImageInput, useImagePicker } from "../image-input";
import { useOnNotice } from "../notice";
import { PhoneHint, phoneExample } from "../phone-hint";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import { EmailField, Field } from "../ui/input";
import { SettingsSection } from "./settings-section";

export type ProfileField = "firstName" | "lastName" | "email" | "phone" | "avatar";

export type ProfileResult = {
  intent: "profile";
  /** Translation keys, by field. */
  fieldErrors?: Partial<Record<ProfileField, string>>;
  formError?: string;
  /** What was typed, kept for the next try. */
  values?: Partial<Record<Exclude<ProfileField, "avatar">, string>>;
};

export function ProfileForm({ user, result }: { user: CurrentUser; result?: ProfileResult }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);

  const picker = useImagePicker();
  useOnNotice("profile-saved", () => {
    formRef.current?.reset();
    picker.reset();
  });

  const values = result?.values ?? {};
  const fieldErrors = result?.fieldErrors ?? {};
  const error = (field: ProfileField) => (fieldErrors[field] ? t(fieldErrors[field]) : undefined);
  const avatarMessage = picker.error ? t(picker.error) : error("avatar");

  return (
    <SettingsSection id="profile" title={t("profile.title")} description={t("profile.description")}>
      <FormAlert className="mb-6">
        {result?.formError ? <p>{t(result.formError)}</p> : null}
      </FormAlert>
      <Form
        ref={formRef}
        method="post"
        action="."
        encType="multipart/form-data"
        preventScrollReset
        noValidate
        className="space-y-6"
      >
        <input type="hidden" name="intent" value="profile" />

        <div className="flex items-start gap-5">
          <Avatar
            src={picker.shown(user.avatarUrl)}
            fallback={initials(user)}
            className="size-20 text-xl"
            alt={t("profile.avatarPreview")}
          />
          <div className="min-w-0 flex-1 space-y-3">
            <ImageInput
              name="avatar"
              error={avatarMessage}
              fileName={picker.fileName}
              onChange={picker.onChange}
              label={t("profile.avatar")}
              hint={t("profile.avatarHint")}
              chooseLabel={t("profile.chooseAvatar")}
              noFileLabel={t("profile.noAvatarChosen")}
            />
            {user.avatarUrl ? (
              <Checkbox
                name="removeAvatar"
                value="true"
                label={t("profile.removeAvatar")}
                checked={picker.removing}
                onChange={(event) => picker.setRemoving(event.currentTarget.checked)}
              />
            ) : null}
          </div>
        </div>

        <div className="grid grid-cols-2 gap-4">
          <Field
            label={t("profile.firstName")}
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={100}
            defaultValue={values.firstName ?? user.firstName}
            error={error("firstName")}
          />
          <Field
            label={t("profile.lastName")}
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={100}
            defaultValue={values.lastName ?? user.lastName}
            error={error("lastName")}
          />
          <EmailField
            label={t("profile.email")}
            name="email"
            defaultValue={values.email ?? user.email ?? ""}
            error={error("email")}
          />
          <Field
            label={t("profile.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            maxLength={32}
            placeholder={phoneExample}
            hint={<PhoneHint i18nKey="account:profile.phoneHint" />}
            defaultValue={values.phone ?? user.phone ?? ""}
            error={error("phone")}
          />
        </div>
        <p className="text-xs text-text-muted">{t("profile.contactHint")}</p>

        <div className="flex justify-end border-t border-border pt-4">
          <Button type="submit" disabled={submitting}>
            {submitting ? <Icon name="loader-circle" className="animate-spin" /> : null}
            {submitting ? t("profile.saving") : t("profile.save")}
          </Button>
        </div>
      </Form>
    </SettingsSection>
  );
}
