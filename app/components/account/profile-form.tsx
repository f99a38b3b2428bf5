import { type FormMetadata, getFormProps } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { ProfileValues } from "~/lib/account";
import { useErrorText } from "~/lib/app-form";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { type CurrentUser, initials } from "~/lib/user";
import { InputField } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { ImageInput, useImagePicker } from "../image-input";
import { useDropNotice, useOnNotice } from "../notice";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Icon } from "../ui/icon";
import { SettingsSection } from "../ui/settings-section";

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
  const dropNotice = useDropNotice();

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
      <Form
        ref={formRef}
        method="post"
        action="."
        encType="multipart/form-data"
        preventScrollReset
        className="space-y-6"
        {...getFormProps(form)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (event.defaultPrevented) dropNotice();
        }}
        noValidate
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
              name={fields.avatar.name}
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
                name={fields.removeAvatar.name}
                value="true"
                label={t("profile.removeAvatar")}
                checked={picker.removing}
                onChange={(event) => picker.setRemoving(event.currentTarget.checked)}
              />
            ) : null}
          </div>
        </div>

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
