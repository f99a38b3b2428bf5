import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { DocumentsSection } from "~/components/documents/documents-section";
import { LocalizedLink } from "~/components/localized-link";
import { DeleteSection } from "~/components/records/delete-section";
import { type DetailRow, DetailRows, LongText } from "~/components/records/details";
import { DeletedNotice } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { SettingsSection } from "~/components/ui/settings-section";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { formatDay, formatMoney } from "~/lib/format";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { projectStatusTones } from "~/lib/projects";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "projects.write");
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "delete": {
      if (!isConfirmed(form)) return data({ intent: "delete" as const, confirm: true });
      await api.delete("/projects/{id}", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(`${localizedPath("/projects", language)}?notice=project-deleted`);
    }
    case "restore": {
      await api.post("/projects/{id}/restore", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(`${localizedPath(`/projects/${id}`, language)}?notice=project-restored`);
    }
    default:
      throw badRequest();
  }
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
        <LocalizedLink to={`/clients/${project.client.id}`} className="text-accent hover:underline">
          {project.client.name}
        </LocalizedLink>
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
        <LocalizedLink
          to={`/workspaces/${project.workspace.id}`}
          className="text-accent hover:underline"
        >
          {project.workspace.name}
        </LocalizedLink>
      ) : (
        none
      ),
    },
    {
      label: t("fields.tags"),
      value: project.tags.length ? (
        <span className="flex flex-wrap gap-1.5">
          {project.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ) : (
        none
      ),
    },
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
          <Button asChild variant="secondary">
            <LocalizedLink to={`/projects/${project.id}/edit`}>
              <Icon name="pencil" />
              {t("detail.edit")}
            </LocalizedLink>
          </Button>
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
        <DeleteSection
          id="project-delete"
          title={t("detail.deleteSection")}
          description={t("detail.deleteDescription")}
          question={
            <IsolatedMessage
              ns="projects"
              i18nKey="detail.deleteTitle"
              values={{ name: project.name }}
            />
          }
          confirmLabel={t("detail.deleteConfirm")}
          buttonLabel={t("detail.delete")}
        />
      ) : null}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
