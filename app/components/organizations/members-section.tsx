import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { ApiSchema } from "~/lib/api/client";
import { useAppForm } from "~/lib/app-form";
import { assignableRoles, type Member, type Organization, RoleForm } from "~/lib/organizations";
import { useIsPending } from "~/lib/use-is-pending";
import { initials } from "~/lib/user";
import { SelectInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { Avatar } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";
import { Pagination } from "../ui/pagination";
import { SearchForm } from "../ui/search-form";
import { SettingsSection } from "../ui/settings-section";

/** The members, with search and pages; managers change roles and remove members here. */
export function MembersSection({
  organization,
  members,
  search,
  me,
  roleAnswer,
  askingToRemove,
}: {
  organization: Organization;
  members: ApiSchema<"MemberList">;
  search: string;
  me: string;
  /** The action's answer to one member's role form. */
  roleAnswer?: { userId: string; result: SubmissionResult<string[]> };
  /** Without JavaScript: the member whose removal awaits its confirmation. */
  askingToRemove?: string;
}) {
  const { t } = useTranslation("organizations");
  const manage = organization.permissions.includes("members.manage");

  return (
    <SettingsSection
      id="members"
      title={t("members.title")}
      description={t("members.count", { count: members.total })}
    >
      <SearchForm
        id="member-search"
        className="mb-4"
        label={t("members.search")}
        placeholder={t("members.searchPlaceholder")}
        submitLabel={t("members.search")}
        defaultValue={search}
      />

      {members.items.length === 0 ? (
        <p className="rounded-control border border-dashed border-border px-4 py-8 text-center text-sm text-text-muted">
          {search ? (
            <IsolatedMessage ns="organizations" i18nKey="members.noMatch" values={{ search }} />
          ) : (
            t("members.none")
          )}
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {members.items.map((member) => {
            const name = `${member.firstName} ${member.lastName}`.trim();
            const editable = manage && member.role !== "owner";
            return (
              <li key={member.userId} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar src={member.avatarUrl} fallback={initials(member)} />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <span className="truncate">{name}</span>
                    {member.userId === me ? <Badge>{t("members.you")}</Badge> : null}
                  </p>
                  {member.email ? (
                    <p className="truncate text-xs text-text-muted" dir="ltr">
                      {member.email}
                    </p>
                  ) : null}
                </div>
                {editable ? (
                  <RoleChangeForm
                    member={member}
                    name={name}
                    lastResult={
                      roleAnswer?.userId === member.userId ? roleAnswer.result : undefined
                    }
                  />
                ) : (
                  <Badge tone={member.role === "owner" ? "accent" : "neutral"}>
                    {t(`roles.${member.role}`)}
                  </Badge>
                )}
                {editable && member.userId !== me ? (
                  <ConfirmDialog
                    intent="remove"
                    fields={{ userId: member.userId }}
                    asking={askingToRemove === member.userId}
                    title={
                      <IsolatedMessage
                        ns="organizations"
                        i18nKey="members.removeTitle"
                        values={{ name }}
                      />
                    }
                    description={
                      <IsolatedMessage
                        ns="organizations"
                        i18nKey="members.removeDescription"
                        values={{ name, organization: organization.name }}
                      />
                    }
                    confirmLabel={t("members.removeConfirm")}
                    cancelLabel={t("common:actions.cancel")}
                    trigger={
                      <Button
                        type="submit"
                        variant="ghost"
                        size="sm"
                        aria-label={t("members.removeName", { name })}
                      >
                        <Icon name="user-minus" />
                      </Button>
                    }
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <Pagination
        page={members.page}
        pageSize={members.pageSize}
        total={members.total}
        label={t("members.pages")}
        className="mt-4"
      />
    </SettingsSection>
  );
}

/** A member's role, changed in place; its errors show under the row. */
function RoleChangeForm({
  member,
  name,
  lastResult,
}: {
  member: Member;
  name: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("organizations");
  const [form, fields] = useAppForm(RoleForm, {
    id: `role-${member.userId}`,
    lastResult,
    defaultValue: { userId: member.userId, role: member.role },
  });
  const pending = useIsPending({ intent: "role" });
  const pendingMember = useNavigation().formData?.get("userId");
  const changing = pending && pendingMember === member.userId;
  return (
    <>
      <Form
        method="post"
        action="."
        preventScrollReset
        className="flex items-start gap-2"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={member.userId} />
        <SelectInput
          meta={fields.role}
          label={t("members.roleOf", { name })}
          className="[&>label]:sr-only"
          options={assignableRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          className="mt-1"
          disabled={changing}
          aria-label={t("members.changeRoleOf", { name })}
        >
          {t("members.changeRole")}
        </Button>
      </Form>
      <FormErrors className="order-last basis-full" errors={form.errors} />
    </>
  );
}
