import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { DocumentEditor } from "~/components/documents/document-editor";
import { ExportMenu } from "~/components/documents/export-menu";
import { VersionComparison, VersionsPanel } from "~/components/documents/versions-panel";
import { LocalizedLink } from "~/components/localized-link";
import { DeleteSection } from "~/components/records/delete-section";
import { DeletedNotice } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { getApiClient } from "~/lib/api.server";
import type { SaveAnswer } from "~/lib/documents";
import {
  documentBody,
  documentChoices,
  maxDocumentFormBytes,
  saveDocumentForm,
} from "~/lib/documents.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "documents:title" };

const View = z.object({
  panel: z.literal("versions").optional().catch(undefined),
  compare: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.read");
  const id = requireUuidParam(params);
  const view = View.parse(Object.fromEntries(new URL(request.url).searchParams));
  const api = getApiClient(request, context, token);
  const canWrite = user.account.currentOrganizationPermissions.includes("documents.write");
  const [document, markdown, choices, versions, comparison] = await Promise.all([
    api.get("/documents/{id}", { path: { id } }),
    api.file("/documents/{id}/export", { path: { id }, query: { format: "md" } }),
    canWrite
      ? documentChoices(api, user)
      : { clients: [], clientsTotal: 0, projects: [], projectsTotal: 0 },
    view.panel
      ? api.get("/documents/{id}/versions", {
          path: { id },
          query: { page: view.page, pageSize: 20 },
        })
      : null,
    view.panel && view.compare
      ? api.get("/documents/{id}/versions/{versionId}", {
          path: { id, versionId: view.compare },
          query: { compare: "current" },
        })
      : null,
  ]).catch(rethrowAsPageError);
  return {
    document,
    // The Markdown field holds the text; the title has a field of its own.
    markdown: markdown.text.replace(/^# .*\n\n?/, ""),
    ...choices,
    versions,
    comparison,
    view,
    canWrite,
  };
}

/** Autosaves answer the editor, which keeps its own text: the page is not read again for them. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "save") return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.write");
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const read = await readMultipartForm(request, maxDocumentFormBytes);
  if (read.tooLarge) {
    return data<SaveAnswer>({ intent: "save", error: "tooLarge" }, { status: 413 });
  }
  const { form } = read;
  const here = localizedPath(`/documents/${id}`, language);
  switch (form.get("intent")) {
    case "save": {
      const { answer, status } = await saveDocumentForm(api, id, form);
      if ("saved" in answer) return safeRedirect(`${here}?notice=document-saved`);
      return data(answer, { status });
    }
    case "copy": {
      const { title, ...rest } = documentBody(form);
      const copy = await api
        .post("/documents", { body: { ...rest, title: title.slice(0, 200) || "—" } })
        .catch(rethrowAsPageError);
      return safeRedirect(
        `${localizedPath(`/documents/${copy.id}`, language)}?notice=document-copied`,
      );
    }
    case "save-version": {
      const name = String(form.get("name") ?? "")
        .trim()
        .slice(0, 100);
      await api
        .post("/documents/{id}/versions", { path: { id }, body: { name } })
        .catch(rethrowAsPageError);
      return safeRedirect(`${here}?panel=versions&notice=document-version-saved`);
    }
    case "restore-version": {
      const versionId = z.uuid().safeParse(form.get("versionId"));
      if (!versionId.success) throw badRequest();
      if (!isConfirmed(form)) return data({ intent: "restore-version" as const, confirm: true });
      await api
        .post("/documents/{id}/versions/{versionId}/restore", {
          path: { id, versionId: versionId.data },
          body: {},
        })
        .catch(rethrowAsPageError);
      return safeRedirect(`${here}?notice=document-version-restored`);
    }
    case "delete": {
      if (!isConfirmed(form)) return data({ intent: "delete" as const, confirm: true });
      await api.delete("/documents/{id}", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(`${localizedPath("/documents", language)}?deleted=${id}`);
    }
    case "restore": {
      await api.post("/documents/{id}/restore", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(`${here}?notice=document-restored`);
    }
    default:
      throw badRequest();
  }
}

export default function DocumentPage() {
  const {
    document,
    markdown,
    clients,
    clientsTotal,
    projects,
    projectsTotal,
    versions,
    comparison,
    view,
    canWrite,
  } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const { t } = useTranslation("documents");
  const editable = canWrite && !document.deletedAt;
  const confirming = (intent: string) =>
    Boolean(answer && "confirm" in answer && answer.intent === intent);

  return (
    <PageShell
      title={document.title || t("untitled")}
      back={{ to: "/documents", label: t("title") }}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="secondary">
            <LocalizedLink
              to={
                view.panel
                  ? `/documents/${document.id}`
                  : `/documents/${document.id}?panel=versions`
              }
            >
              <Icon name="history" />
              {view.panel ? t("versions.close") : t("versions.open")}
            </LocalizedLink>
          </Button>
          <ExportMenu id={document.id} />
        </div>
      }
    >
      {document.deletedAt ? (
        <DeletedNotice
          title={t("deletedTitle")}
          body={t("deletedBody")}
          restoreLabel={t("restore")}
          canRestore={canWrite}
        />
      ) : null}
      {!canWrite ? <FormAlert tone="info">{t("readOnly")}</FormAlert> : null}

      <div className={view.panel ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" : undefined}>
        <div className="min-w-0 space-y-6">
          {comparison ? (
            <VersionComparison
              documentId={document.id}
              version={comparison}
              canRestore={editable}
              asking={confirming("restore-version")}
            />
          ) : null}
          {editable ? (
            <DocumentEditor
              key={document.id}
              document={document}
              markdown={markdown}
              clients={clients}
              clientsTotal={clientsTotal}
              projects={projects}
              projectsTotal={projectsTotal}
              answer={
                answer && "intent" in answer && answer.intent === "save"
                  ? (answer as SaveAnswer)
                  : undefined
              }
            />
          ) : (
            <article className="rounded-card border border-border bg-surface px-6 py-5 shadow-card">
              <div
                className="document-content"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API
                dangerouslySetInnerHTML={{ __html: document.content }}
              />
            </article>
          )}
        </div>
        {versions ? (
          <VersionsPanel
            documentId={document.id}
            versions={versions}
            comparing={view.compare}
            canSave={editable}
          />
        ) : null}
      </div>

      {/* What the browser prints: the title and the text as saved, without the page around them. */}
      <div data-print-root className="hidden print:block">
        <h1 dir="auto" className="mb-4 text-2xl font-semibold">
          {document.title}
        </h1>
        <div
          className="document-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API
          dangerouslySetInnerHTML={{ __html: document.content }}
        />
      </div>

      {editable ? (
        <DeleteSection
          id="document-delete"
          title={t("delete")}
          description={t("deleteDescription")}
          asking={confirming("delete")}
          question={
            <IsolatedMessage
              ns="documents"
              i18nKey="deleteTitle"
              values={{ title: document.title }}
            />
          }
          confirmLabel={t("deleteConfirm")}
          buttonLabel={t("delete")}
        />
      ) : null}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
