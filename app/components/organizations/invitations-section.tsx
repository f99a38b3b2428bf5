import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { ApiSchema } from "~/lib/api/client";
import { useAppForm } from "~/lib/app-form";
import { assignableRoles, type Invitation, InviteForm } from "~/lib/organizations";
import { formatRelativeTime } from "~/lib/relative-time";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { InputField, SelectInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { useOnNotice } from "../notice";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";
import { Pagination } from "../ui/pagination";
import { SettingsSection } from "../ui/settings-section";

/** Invite by email with a role; the open invitations with resend and revoke. */
export function InvitationsSection({
  invitations: list,
  now,
  lastResult,
  askingToRevoke,
}: {
  /** A page of the open invitations, newest first. */
  invitations: ApiSchema<"InvitationList">;
  now: number;
  /** The action's answer to the invite form. */
  lastResult?: SubmissionResult<string[]>;
  askingToRevoke?: string;
}) {
  const { t } = useTranslation("organizations");
  const language = useLanguage();
  const invitations: Invitation[] = list.items;
  const [form, fields] = useAppForm(InviteForm, {
    id: "invite",
    lastResult,
    defaultValue: { role: "member" },
  });
  const inviting = useIsPending({ intent: "invite" });
  const resending = useIsPending({ intent: "resend" });
  const resendingId = useNavigation().formData?.get("invitationId");
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, lastResult);
  useOnNotice("invitation-sent", () => formRef.current?.reset());

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
        className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="invite" />
        <FormErrors className="sm:col-span-3" errors={form.errors} />
        <InputField
          meta={fields.email}
          type="email"
          label={t("invitations.email")}
          autoComplete="off"
        />
        <SelectInput
          meta={fields.role}
          label={t("invitations.role")}
          options={assignableRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <Button type="submit" className="sm:mt-7" disabled={inviting}>
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
                  disabled={resending && resendingId === invitation.id}
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
      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        label={t("invitations.pages")}
        param="invitationsPage"
        hash="#invitations"
        className="mt-4"
      />
    </SettingsSection>
  );
}
