import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { z } from "zod";
import {
  activityPageParam,
  activityPageSize,
  ClientActivitySection,
} from "~/components/clients/client-activity";
import { DocumentsSection } from "~/components/documents/documents-section";
import { LocalizedLink } from "~/components/localized-link";
import { PhoneNumber } from "~/components/phone-number";
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
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { PageShell } from "~/components/ui/page-shell";
import { SettingsSection } from "~/components/ui/settings-section";
import { getApiClient } from "~/lib/api.server";
import { clientInitials, statusTones } from "~/lib/clients";
import { requirePermission } from "~/lib/permissions.server";
import { projectStatusTones } from "~/lib/projects";
import { deleteOrRestoreRecord } from "~/lib/record-page.server";
import { requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "clients:detail.title" };

const PageNumber = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.read");
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const permissions = user.account.currentOrganizationPermissions;
  const activityPage = PageNumber.parse(
    new URL(request.url).searchParams.get(activityPageParam) ?? undefined,
  );
  const [client, projects, documents, activity] = await Promise.all([
    api.get("/clients/{id}", { path: { id } }).catch(rethrowAsPageError),
    permissions.includes("projects.read")
      ? api
          .get("/projects", { query: { clientId: id, pageSize: 50, sort: "due" } })
          .catch(rethrowAsPageError)
      : null,
    permissions.includes("documents.read")
      ? api.get("/documents", { query: { clientId: id, pageSize: 5 } }).catch(rethrowAsPageError)
      : null,
    api
      .get("/clients/{id}/activity", {
        path: { id },
        query: { page: activityPage, pageSize: activityPageSize },
      })
      .catch(rethrowAsPageError),
  ]);
  return {
    client,
    projects,
    documents,
    activity,
    canWriteDocuments: permissions.includes("documents.write"),
    now: Date.now(),
    canWrite: permissions.includes("clients.write"),
    canStartProject: permissions.includes("projects.write"),
  };
}

export async function action(args: ActionFunctionArgs) {
  return deleteOrRestoreRecord(args, {
    permission: "clients.write",
    remove: (api, id) => api.delete("/clients/{id}", { path: { id } }),
    restore: (api, id) => api.post("/clients/{id}/restore", { path: { id } }),
    listPath: "/clients",
    pathOf: (id) => `/clients/${id}`,
    restoredNotice: "client-restored",
  });
}

const restoreDays = 30;

export default function ClientPage() {
  const {
    client,
    projects,
    documents,
    activity,
    canWriteDocuments,
    now,
    canWrite,
    canStartProject,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("clients");
  const language = useLanguage();
  const date = (value: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(value));
  const none = <span className="text-text-muted">{t("none")}</span>;
  const rows: DetailRow[] = [
    { label: t("fields.kind"), value: t(`kinds.${client.kind}`) },
    { label: t("fields.contactName"), value: client.contactName || none },
    {
      label: t("fields.email"),
      value: client.email ? (
        <a href={`mailto:${client.email}`} dir="ltr" className="text-accent hover:underline">
          {client.email}
        </a>
      ) : (
        none
      ),
    },
    {
      label: t("fields.phone"),
      value: client.phone ? <PhoneNumber e164={client.phone} /> : none,
    },
    {
      label: t("fields.website"),
      value: client.website ? (
        <a
          href={client.website}
          dir="ltr"
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="text-accent [overflow-wrap:anywhere] hover:underline"
        >
          {client.website}
        </a>
      ) : (
        none
      ),
    },
    {
      label: t("fields.address"),
      value: client.address ? <span className="whitespace-pre-line">{client.address}</span> : none,
    },
    { label: t("fields.owner"), value: client.owner?.name || none },
    {
      label: t("fields.workspace"),
      value: client.workspace ? (
        <RecordLink to={`/workspaces/${client.workspace.id}`}>{client.workspace.name}</RecordLink>
      ) : (
        none
      ),
    },
    { label: t("fields.tags"), value: <TagList tags={client.tags} empty={none} /> },
    { label: t("detail.created"), value: date(client.createdAt) },
    { label: t("detail.updated"), value: date(client.updatedAt) },
  ];
  const deletedUntil = client.deletedAt
    ? new Date(new Date(client.deletedAt).getTime() + restoreDays * 86_400_000).toISOString()
    : null;

  return (
    <PageShell
      title={client.name}
      back={{ to: "/clients", label: t("title") }}
      image={
        <Avatar
          src={client.logoUrl}
          fallback={clientInitials(client.name)}
          shape="square"
          className="size-14 text-lg"
          // Initials beside the name are only decoration; a logo is the client's own picture.
          alt={client.logoUrl ? t("logo.of", { name: client.name }) : ""}
        />
      }
      leading={<Badge tone={statusTones[client.status]}>{t(`statuses.${client.status}`)}</Badge>}
      actions={
        canWrite && !client.deletedAt ? (
          <EditButton to={`/clients/${client.id}/edit`} label={t("detail.edit")} />
        ) : undefined
      }
    >
      {deletedUntil ? (
        <DeletedNotice
          title={t("detail.deletedTitle")}
          body={t("detail.deletedBody", { date: date(deletedUntil) })}
          restoreLabel={t("detail.restore")}
          canRestore={canWrite}
        />
      ) : null}

      <SettingsSection id="client-details" title={t("detail.details")}>
        <DetailRows rows={rows} />
      </SettingsSection>

      <SettingsSection id="client-notes" title={t("detail.notes")}>
        <LongText text={client.notes} empty={t("detail.noNotes")} />
      </SettingsSection>

      {projects ? (
        <SettingsSection id="client-projects" title={t("projects:forClient.title")}>
          {projects.items.length === 0 ? (
            <p className="text-sm text-text-muted">{t("projects:forClient.empty")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {projects.items.map((project) => (
                <li key={project.id} className="flex items-center justify-between gap-3 py-2.5">
                  <LocalizedLink
                    to={`/projects/${project.id}`}
                    className="text-sm font-medium [overflow-wrap:anywhere] hover:text-accent hover:underline"
                  >
                    {project.name}
                  </LocalizedLink>
                  <Badge tone={projectStatusTones[project.status]}>
                    {t(`projects:statuses.${project.status}`)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          {canStartProject && !client.deletedAt ? (
            <div className="mt-4 border-t border-border pt-4">
              <Button asChild variant="secondary" size="sm">
                <LocalizedLink to={`/projects/new?clientId=${client.id}`}>
                  <Icon name="plus" />
                  {t("projects:forClient.new")}
                </LocalizedLink>
              </Button>
            </div>
          ) : null}
        </SettingsSection>
      ) : null}

      {documents ? (
        <DocumentsSection
          documents={documents}
          filter={`clientId=${client.id}`}
          canWrite={canWriteDocuments && !client.deletedAt}
          now={now}
        />
      ) : null}

      <ClientActivitySection activity={activity} now={now} />

      {canWrite && !client.deletedAt ? (
        <RecordDeleteSection ns="clients" id="client-delete" name={client.name} />
      ) : null}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
