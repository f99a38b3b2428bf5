import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import {
  activityPageParam,
  activityPageSize,
  ClientActivitySection,
} from "~/components/clients/client-activity";
import { DocumentsSection } from "~/components/documents/documents-section";
import { LocalizedLink } from "~/components/localized-link";
import { DeleteSection } from "~/components/records/delete-section";
import { type DetailRow, DetailRows, LongText } from "~/components/records/details";
import { DeletedNotice } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { SettingsSection } from "~/components/ui/settings-section";
import { getApiClient } from "~/lib/api.server";
import { clientInitials, statusTones } from "~/lib/clients";
import { readForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { projectStatusTones } from "~/lib/projects";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.write");
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "delete": {
      if (!isConfirmed(form)) return data({ intent: "delete" as const, confirm: true });
      await api.delete("/clients/{id}", { path: { id } }).catch(rethrowAsPageError);
      // The list offers to undo it.
      return safeRedirect(`${localizedPath("/clients", language)}?deleted=${id}`);
    }
    case "restore": {
      await api.post("/clients/{id}/restore", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(`${localizedPath(`/clients/${id}`, language)}?notice=client-restored`);
    }
    default:
      throw badRequest();
  }
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
      value: client.phone ? (
        <a href={`tel:${client.phone}`} dir="ltr" className="text-accent hover:underline">
          {client.phone}
        </a>
      ) : (
        none
      ),
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
        <LocalizedLink
          to={`/workspaces/${client.workspace.id}`}
          className="text-accent hover:underline"
        >
          {client.workspace.name}
        </LocalizedLink>
      ) : (
        none
      ),
    },
    {
      label: t("fields.tags"),
      value: client.tags.length ? (
        <span className="flex flex-wrap gap-1.5">
          {client.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ) : (
        none
      ),
    },
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
          <Button asChild variant="secondary">
            <LocalizedLink to={`/clients/${client.id}/edit`}>
              <Icon name="pencil" />
              {t("detail.edit")}
            </LocalizedLink>
          </Button>
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
        <DeleteSection
          id="client-delete"
          title={t("detail.deleteSection")}
          description={t("detail.deleteDescription")}
          question={
            <IsolatedMessage
              ns="clients"
              i18nKey="detail.deleteTitle"
              values={{ name: client.name }}
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
