import type { FormMetadata } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileValues } from "~/lib/account";
import { useErrorText } from "~/lib/app-form";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { type CurrentUser, initials } from "~/lib/user";
import { InputField } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { FormFooter, SubmitButton } from "../form/submit-row";
import { ImageField, useImagePicker } from "../image-input";
import { useOnNotice } from "../notice";
import { Avatar } from "../ui/avatar";
import { SettingsSection } from "../ui/settings-section";
import { AccountForm } from "./account-form";

/**
 * The profile with its photo. The form is the page's (`useAppForm` in the route, with the
 * server's answer); `result` is that answer, after which focus goes to what needs fixing.
 */
export function ProfileForm({
  user,
  form,
  result,
}: {
  user: CurrentUser;
  form: FormMetadata<ProfileValues, string[]>;
  result: unknown;
}) {
  const { t } = useTranslation("account");
  const errorText = useErrorText();
  const fields = form.getFieldset();
  const submitting = useIsPending({ intent: "profile" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);

  const picker = useImagePicker();
  useOnNotice("profile-saved", () => {
    formRef.current?.reset();
    picker.reset();
  });
  // A file the browser can tell is wrong is said at once; the server's verdict otherwise.
  const avatarMessage = picker.error ? t(picker.error) : errorText(fields.avatar.errors);

  return (
    <SettingsSection id="profile" title={t("profile.title")} description={t("profile.description")}>
      <FormErrors className="mb-6" errors={form.errors} />
      <AccountForm form={form} formRef={formRef} intent="profile" className="space-y-6" multipart>
        <ImageField
          preview={
            <Avatar
              src={picker.shown(user.avatarUrl)}
              fallback={initials(user)}
              className="size-20 text-xl"
              alt={t("profile.avatarPreview")}
            />
          }
          picker={picker}
          name={fields.avatar.name}
          removeName={fields.removeAvatar.name}
          hasImage={Boolean(user.avatarUrl)}
          error={avatarMessage}
          labels={{
            label: t("profile.avatar"),
            hint: t("profile.avatarHint"),
            chooseLabel: t("profile.chooseAvatar"),
            noFileLabel: t("profile.noAvatarChosen"),
          }}
          removeLabel={t("profile.removeAvatar")}
        />

        <div className="grid grid-cols-2 gap-4">
          <InputField
            meta={fields.firstName}
            label={t("profile.firstName")}
            autoComplete="given-name"
          />
          <InputField
            meta={fields.lastName}
            label={t("profile.lastName")}
            autoComplete="family-name"
          />
        </div>

        <FormFooter>
          <SubmitButton pending={submitting} pendingLabel={t("profile.saving")}>
            {t("profile.save")}
          </SubmitButton>
        </FormFooter>
      </AccountForm>
    </SettingsSection>
  );
}
