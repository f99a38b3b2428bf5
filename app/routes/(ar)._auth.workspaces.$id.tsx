import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { SelectInput } from "~/components/form/fields";
import { RecordDeleteSection } from "~/components/records/delete-section";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { PageShell } from "~/components/ui/page-shell";
import { SettingsSection } from "~/components/ui/settings-section";
import { WorkspaceForm } from "~/components/workspaces/workspace-form";
import { isApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import type { Member } from "~/lib/organizations";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";
import { initials } from "~/lib/user";
import { workspaceSwatches } from "~/lib/workspaces";
import { submitWorkspaceForm } from "~/lib/workspaces.server";

export const handle = { title: "workspaces:detail.title" };

/** "Add a member": one of the organization's members who is not in the workspace yet. */
const AddMemberForm = z.object({ userId: z.uuid({ error: "chooseMember" }) });
/** "Take out": the member's button carries their id. */
const RemoveMemberForm = z.object({ userId: z.uuid() });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const workspace = await api.get("/workspaces/{id}", { path: { id } }).catch(rethrowAsPageError);
  const { currentOrganizationId, currentOrganizationPermissions } = user.account;
  const canWrite = currentOrganizationPermissions.includes("workspaces.write");
  let candidates: Member[] = [];
  if (canWrite && currentOrganizationId) {
    // Organization members who are not in the workspace yet, for "add a member".
    const members = await api
      .get("/organizations/{id}/members", {
        path: { id: currentOrganizationId },
        query: { pageSize: 100 },
      })
      .catch(rethrowAsPageError);
    const inWorkspace = new Set(workspace.members.map((member) => member.userId));
    candidates = members.items.filter((member) => !inWorkspace.has(member.userId));
  }
  return { workspace, canWrite, candidates };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  const back = (notice: string) =>
    safeRedirect(`${localizedPath(`/workspaces/${id}`, language)}?notice=${notice}`);

  switch (form.get("intent")) {
    case "update": {
      const result = await submitWorkspaceForm(api, form, { intent: "update", id });
      return result.answer ?? back("workspace-saved");
    }
    case "addMember": {
      const submission = parseWithZod(form, { schema: AddMemberForm });
      if (submission.status !== "success") {
        return data({ intent: "addMember" as const, result: submission.reply() }, { status: 422 });
      }
      const path = { id, userId: submission.value.userId };
      await api.put("/workspaces/{id}/members/{userId}", { path }).catch((error) => {
        // Left the organization meanwhile: the page, reloaded, no longer offers them.
        if (!isApiError(error, 422)) rethrowAsPageError(error);
      });
      return back("workspace-member-added");
    }
    case "removeMember": {
      const submission = parseWithZod(form, { schema: RemoveMemberForm });
      // The id comes from the page, never from typing: anything else is not this page's form.
      if (submission.status !== "success") throw badRequest();
      const path = { id, userId: submission.value.userId };
      await api.delete("/workspaces/{id}/members/{userId}", { path }).catch(rethrowAsPageError);
      return back("workspace-member-removed");
    }
    case "delete": {
      if (!isConfirmed(form)) return data({ intent: "delete" as const, confirm: true });
      await api.delete("/workspaces/{id}", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(`${localizedPath("/workspaces", language)}?notice=workspace-deleted`);
    }
    default:
      throw badRequest();
  }
}

export default function WorkspacePage() {
  const { workspace, canWrite, candidates } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const { t } = useTranslation("workspaces");
  const [addForm, addFields] = useAppForm(AddMemberForm, {
    id: "add-member",
    lastResult: result?.intent === "addMember" ? result.result : undefined,
  });
  const adding = useIsPending({ intent: "addMember" });
  const removing = useIsPending({ intent: "removeMember" });

  return (
    <PageShell
      title={workspace.name}
      description={workspace.description || undefined}
      back={{ to: "/workspaces", label: t("title") }}
      leading={
        <span
          data-workspace-color={workspace.color}
          className={cx("size-4 rounded-full", workspaceSwatches[workspace.color])}
        />
      }
    >
      <EmptyState icon="layers" title={t("detail.contentTitle")}>
        {t("detail.contentBody")}
      </EmptyState>

      <SettingsSection
        id="workspace-members"
        title={t("detail.members")}
        description={t("members", { count: workspace.memberCount })}
      >
        <ul className="divide-y divide-border">
          {workspace.members.map((member) => {
            const name = `${member.firstName} ${member.lastName}`.trim();
            return (
              <li key={member.userId} className="flex items-center gap-3 py-3">
                <Avatar src={member.avatarUrl} fallback={initials(member)} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{name}</p>
                  {member.email ? (
                    <p className="truncate text-xs text-text-muted" dir="ltr">
                      {member.email}
                    </p>
                  ) : null}
                </div>
                <Badge>{t(`organizations:roles.${member.role}`)}</Badge>
                {canWrite ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="removeMember" />
                    <input type="hidden" name="userId" value={member.userId} />
                    <Button
                      type="submit"
                      variant="ghost"
                      size="sm"
                      disabled={removing}
                      aria-label={t("detail.removeMember", { name })}
                    >
                      <Icon name="user-minus" />
                    </Button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
        {workspace.members.length === 0 ? (
          <p className="text-sm text-text-muted">{t("detail.noMembers")}</p>
        ) : null}
        {canWrite && candidates.length > 0 ? (
          <Form
            method="post"
            preventScrollReset
            className="mt-4 flex items-end gap-3 border-t border-border pt-4"
            {...getFormProps(addForm)}
            noValidate
          >
            <input type="hidden" name="intent" value="addMember" />
            <SelectInput
              className="flex-1"
              meta={addFields.userId}
              label={t("detail.addMember")}
              options={[
                { value: "", label: t("detail.chooseMember") },
                ...candidates.map((member) => ({
                  value: member.userId,
                  label: `${member.firstName} ${member.lastName}`.trim(),
                })),
              ]}
            />
            <Button type="submit" variant="secondary" disabled={adding}>
              <Icon name="plus" />
              {t("detail.add")}
            </Button>
          </Form>
        ) : null}
      </SettingsSection>

      {canWrite ? (
        <SettingsSection id="workspace-settings" title={t("detail.settings")}>
          <WorkspaceForm
            intent="update"
            initial={workspace}
            result={result?.intent === "update" ? result : undefined}
            submitLabel={t("detail.save")}
          />
        </SettingsSection>
      ) : null}

      {canWrite ? (
        <RecordDeleteSection
          ns="workspaces"
          id="workspace-delete"
          name={workspace.name}
          asking={result?.intent === "delete"}
        />
      ) : null}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
