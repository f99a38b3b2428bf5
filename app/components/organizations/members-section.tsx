import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApiSchema } from "~/lib/api/client";
import { assignableRoles, type Organization } from "~/lib/organizations";
import { initials } from "~/lib/user";
import { SettingsSection } from "../account/settings-section";
import { Avatar } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";
import { Pagination } from "../ui/pagination";
import { SearchForm } from "../ui/search-form";

/** The members, with search and pages; managers change roles and remove members here. */
export function MembersSection({
  organization,
  members,
  search,
  me,
  askingToRemove,
}: {
  organization: Organization;
  members: ApiSchema<"MemberList">;
  search: string;
  me: string;
  /** Without JavaScript: the member whose removal awaits its confirmation. */
  askingToRemove?: string;
}) {
  const { t } = useTranslation("organizations");
  const navigation = useNavigation();
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
            const changing =
              navigation.formData?.get("intent") === "role" &&
              navigation.formData?.get("userId") === member.userId;
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
                  <Form
                    method="post"
                    action="."
                    preventScrollReset
                    className="flex items-center gap-2"
                  >
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={member.userId} />
                    <label htmlFor={`role-${member.userId}`} className="sr-only">
                      {t("members.roleOf", { name })}
                    </label>
                    <select
                      id={`role-${member.userId}`}
                      name="role"
                      defaultValue={member.role}
                      className="h-9 rounded-control border border-border bg-surface px-2 text-sm"
                    >
                      {assignableRoles.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    <Button
                      type="submit"
                      variant="secondary"
                      size="sm"
                      disabled={changing}
                      aria-label={t("members.changeRoleOf", { name })}
                    >
                      {t("members.changeRole")}
                    </Button>
                  </Form>
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
