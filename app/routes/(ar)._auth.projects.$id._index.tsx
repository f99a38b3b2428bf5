import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { DocumentsSection } from "~/components/documents/documents-section";
import { RecordDeleteSection } from "~/components/records/delete-section";
import {
  type DetailRow,
  DetailRows,
  EditButton,
  LongText,
  RecordLink,
  TagList,
} from "~/components/records/details";
import { DeletedNotice } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge } from "~/components/ui/badge";
import { PageShell } from "~/components/ui/page-shell";
import { SettingsSection } from "~/components/ui/settings-section";
import { getApiClient } from "~/lib/api.server";
import { formatDay, formatMoney } from "~/lib/format";
import { requirePermission } from "~/lib/permissions.server";
import { projectStatusTones } from "~/lib/projects";
import { deleteOrRestoreRecord } from "~/lib/record-page.server";
import { requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "projects:detail.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "projects.read");
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const permissions = user.account.currentOrganizationPermissions;
  const [project, documents] = await Promise.all([
    api.get("/projects/{id}", { path: { id } }),
    permissions.includes("documents.read")
      ? api.get("/documents", { query: { projectId: id, pageSize: 5 } })
      : null,
  ]).catch(rethrowAsPageError);
  return {
    project,
    documents,
    canWriteDocuments: permissions.includes("documents.write"),
    now: Date.now(),
    canWrite: user.account.currentOrganizationPermissions.includes("projects.write"),
  };
}

export async function action(args: ActionFunctionArgs) {
  return deleteOrRestoreRecord(args, {
    permission: "projects.write",
    remove: (api, id) => api.delete("/projects/{id}", { path: { id } }),
    restore: (api, id) => api.post("/projects/{id}/restore", { path: { id } }),
    listPath: "/projects",
    pathOf: (id) => `/projects/${id}`,
    deletedNotice: "project-deleted",
    restoredNotice: "project-restored",
  });
}

export default function ProjectPage() {
  const { project, documents, canWriteDocuments, now, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("projects");
  const language = useLanguage();
  const none = <span className="text-text-muted">{t("none")}</span>;
  const rows: DetailRow[] = [
    {
      label: t("fields.client"),
      value: project.client ? (
        <RecordLink to={`/clients/${project.client.id}`}>{project.client.name}</RecordLink>
      ) : (
        none
      ),
    },
    {
      label: t("fields.startDate"),
      value: project.startDate ? formatDay(project.startDate, language) : none,
    },
    {
      label: t("fields.dueDate"),
      value: project.dueDate ? formatDay(project.dueDate, language) : none,
    },
    {
      label: t("fields.budget"),
      value: project.budget
        ? formatMoney(project.budget.amount, project.budget.currency, language)
        : none,
    },
    {
      label: t("fields.members"),
      value: project.members.length
        ? project.members.map((member) => member.name).join(language === "ar" ? "، " : ", ")
        : t("detail.noMembers"),
    },
    {
      label: t("fields.workspace"),
      value: project.workspace ? (
        <RecordLink to={`/workspaces/${project.workspace.id}`}>{project.workspace.name}</RecordLink>
      ) : (
        none
      ),
    },
    { label: t("fields.tags"), value: <TagList tags={project.tags} empty={none} /> },
  ];

  return (
    <PageShell
      title={project.name}
      back={{ to: "/projects", label: t("title") }}
      leading={
        <Badge tone={projectStatusTones[project.status]}>{t(`statuses.${project.status}`)}</Badge>
      }
      actions={
        canWrite && !project.deletedAt ? (
          <EditButton to={`/projects/${project.id}/edit`} label={t("detail.edit")} />
        ) : undefined
      }
    >
      {project.deletedAt ? (
        <DeletedNotice
          title={t("detail.deletedTitle")}
          restoreLabel={t("detail.restore")}
          canRestore={canWrite}
        />
      ) : null}

      <SettingsSection id="project-details" title={t("detail.details")}>
        <DetailRows rows={rows} />
      </SettingsSection>

      <SettingsSection id="project-description" title={t("detail.description")}>
        <LongText text={project.description} empty={t("detail.noDescription")} />
      </SettingsSection>

      {documents ? (
        <DocumentsSection
          documents={documents}
          filter={`projectId=${project.id}`}
          canWrite={canWriteDocuments && !project.deletedAt}
          now={now}
        />
      ) : null}

      {canWrite && !project.deletedAt ? (
        <RecordDeleteSection ns="projects" id="project-delete" name={project.name} />
      ) : null}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
