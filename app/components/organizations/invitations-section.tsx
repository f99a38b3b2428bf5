import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { assignableRoles, type Invitation } from "~/lib/organizations";
import { formatRelativeTime } from "~/lib/relative-time";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useLanguage } from "~/lib/use-language";
import { SettingsSection } from "../account/settings-section";
import { useOnNotice } from "../notice";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import { EmailField } from "../ui/input";
import { IsolatedMessage } from "../ui/isolated-message";
import { SelectField } from "../ui/select";

export type InviteResult = {
  intent: "invite";
  values: { email: string; role: string };
  /** Translation keys. */
  fieldErrors?: Partial<Record<"email" | "role", string>>;
  formError?: string;
};

/** Invite by email with a role; the open invitations with resend and revoke. */
export function InvitationsSection({
  invitations,
  now,
  result,
  askingToRevoke,
}: {
  invitations: Invitation[];
  now: number;
  result?: InviteResult;
  askingToRevoke?: string;
}) {
  const { t } = useTranslation("organizations");
  const language = useLanguage();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  useOnNotice("invitation-sent", () => formRef.current?.reset());
  const busy = (intent: string, id?: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (!id || navigation.formData?.get("invitationId") === id);
  const errors = result?.fieldErrors ?? {};

  return (
    <SettingsSection
      id="invitations"
      title={t("invitations.title")}
      description={t("invitations.description")}
    >
      <Form
        ref={formRef}
        method="post"
        action="."
        preventScrollReset
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="invite" />
        <FormAlert className="sm:col-span-3">
          {result?.formError ? t(result.formError) : null}
        </FormAlert>
        <EmailField
          label={t("invitations.email")}
          name="email"
          required
          autoComplete="off"
          defaultValue={result?.values.email}
          error={errors.email ? t(errors.email) : undefined}
        />
        <SelectField
          label={t("invitations.role")}
          name="role"
          defaultValue={result?.values.role ?? "member"}
          error={errors.role ? t(errors.role) : undefined}
          options={assignableRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <Button type="submit" className="sm:mt-7" disabled={busy("invite")}>
          <Icon name="mail" />
          {t("invitations.send")}
        </Button>
      </Form>

      {invitations.length === 0 ? (
        <p className="mt-6 text-sm text-text-muted">{t("invitations.none")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-border border-t border-border">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <span className="truncate" dir="ltr">
                    {invitation.email}
                  </span>
                  <Badge>{t(`roles.${invitation.role}`)}</Badge>
                  {invitation.status === "expired" ? (
                    <Badge tone="danger">{t("invitations.expired")}</Badge>
                  ) : null}
                </p>
                <p className="text-xs text-text-muted">
                  {t("invitations.sent", {
                    time: formatRelativeTime(invitation.sentAt, now, language),
                  })}
                </p>
              </div>
              <Form method="post" action="." preventScrollReset>
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="invitationId" value={invitation.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={busy("resend", invitation.id)}
                  aria-label={t("invitations.resendTo", { email: invitation.email })}
                >
                  <Icon name="refresh-cw" />
                  {t("invitations.resend")}
                </Button>
              </Form>
              <ConfirmDialog
                intent="revoke"
                fields={{ invitationId: invitation.id }}
                asking={askingToRevoke === invitation.id}
                title={
                  <IsolatedMessage
                    ns="organizations"
                    i18nKey="invitations.revokeTitle"
                    values={{ email: invitation.email }}
                  />
                }
                description={t("invitations.revokeDescription")}
                confirmLabel={t("invitations.revokeConfirm")}
                cancelLabel={t("common:actions.cancel")}
                trigger={
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={t("invitations.revokeFor", { email: invitation.email })}
                  >
                    <Icon name="x" />
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
