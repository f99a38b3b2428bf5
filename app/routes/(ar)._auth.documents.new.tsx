import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { SearchableSelectField } from "~/components/form/choice-search";
import { InputField } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { FileInput } from "~/components/image-input";
import { CancelLink } from "~/components/records/record-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { PageShell } from "~/components/ui/page-shell";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { documentErrorKeys, NewDocumentFields } from "~/lib/documents";
import { documentChoices } from "~/lib/documents.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";

export const handle = { title: "documents:new.title" };

const maxImportFormBytes = 10 * 1024 * 1024 + 64 * 1024;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.write");
  const search = new URL(request.url).searchParams;
  const clientId = z.uuid().safeParse(search.get("clientId")).data;
  // With a client in the address (from its page), the projects offered are the client's.
  const choices = await documentChoices(getApiClient(request, context, token), user, clientId);
  const pick = (id: string | null | undefined, options: { value: string }[]) =>
    options.some((option) => option.value === id) ? (id ?? "") : "";
  const defaultClientId = pick(clientId, choices.clients);
  return {
    ...choices,
    defaultClientId,
    defaultProjectId: pick(search.get("projectId"), choices.projects),
  };
}

type Answer =
  | { intent: "create"; result: SubmissionResult<string[]> }
  | { intent: "import"; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.write");
  const language = pageLanguage(request);
  const api = getApiClient(request, context, token);
  const read = await readMultipartForm(request, maxImportFormBytes);
  if (read.tooLarge) {
    return data<Answer>({ intent: "import", error: "fileTooLarge" }, { status: 413 });
  }
  const { form } = read;
  const intent = form.get("intent");
  const opened = (id: string, notice: string) =>
    safeRedirect(`${localizedPath(`/documents/${id}`, language)}?notice=${notice}`);
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: NewDocumentFields });
    if (submission.status !== "success") {
      return data<Answer>({ intent: "create", result: submission.reply() }, { status: 422 });
    }
    const { title, clientId, projectId } = submission.value;
    try {
      const created = await api.post("/documents", {
        body: { title, clientId: clientId || null, projectId: projectId || null },
      });
      return opened(created.id, "document-created");
    } catch (error) {
      if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
      const result = replyWithApiError(submission, error, {
        codes: { UNKNOWN_CLIENT: "invalid", UNKNOWN_PROJECT: "invalid" },
      });
      return data<Answer>({ intent: "create", result }, { status: error.status });
    }
  }
  if (intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return data<Answer>({ intent: "import", error: "chooseFile" }, { status: 422 });
    }
    const body = new FormData();
    body.set("file", file, file.name);
    for (const name of ["clientId", "projectId"]) {
      const value = form.get(name);
      if (typeof value === "string" && value) body.set(name, value);
    }
    try {
      const imported = await api.post("/documents/import", { body: body as never });
      return opened(imported.id, "document-imported");
    } catch (error) {
      if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
      const code = Object.values(error.fieldCodes)[0] ?? error.code;
      return data<Answer>(
        { intent: "import", error: documentErrorKeys[code] ?? "unsupportedFile" },
        { status: error.status },
      );
    }
  }
  throw badRequest();
}

export default function NewDocumentPage() {
  const { clients, clientsTotal, projects, projectsTotal, defaultClientId, defaultProjectId } =
    useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const { t } = useTranslation("documents");
  const creating = useIsPending({ intent: "create" });
  const importing = useIsPending({ intent: "import" });
  const [form, fields] = useAppForm(NewDocumentFields, {
    id: "new-document-form",
    lastResult: answer?.intent === "create" ? answer.result : undefined,
    defaultValue: { clientId: defaultClientId, projectId: defaultProjectId },
  });
  const importError = answer?.intent === "import" ? t(`errors.${answer.error}`) : undefined;
  const errorText = useErrorText();
  // Each form's client narrows its projects to the client's (and those without a client).
  const [clientOf, setClientOf] = useState<Record<string, string>>({});

  /** The form's links: what was sent, after an answer (without JavaScript too), else the address's. */
  const sent = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const links = (
    prefix: string,
    chosen: { clientId: string; projectId: string },
    errors?: { clientId?: string; projectId?: string },
  ) => (
    <div className="grid gap-3 sm:grid-cols-2">
      <SearchableSelectField
        kind="clients"
        id={`${prefix}-client`}
        name="clientId"
        label={t("fields.client")}
        searchLabel={t("findClient")}
        noneLabel={t("noClient")}
        choices={clients}
        total={clientsTotal}
        current={clients.find((client) => client.value === chosen.clientId) ?? null}
        error={errors?.clientId}
        onValueChange={(clientId) => setClientOf((all) => ({ ...all, [prefix]: clientId }))}
      />
      <SearchableSelectField
        kind="projects"
        id={`${prefix}-project`}
        name="projectId"
        label={t("fields.project")}
        searchLabel={t("findProject")}
        noneLabel={t("noProject")}
        choices={projects}
        total={projectsTotal}
        current={projects.find((project) => project.value === chosen.projectId) ?? null}
        within={{ clientId: clientOf[prefix] ?? defaultClientId }}
        error={errors?.projectId}
      />
    </div>
  );

  return (
    <PageShell title={t("new.title")} back={{ to: "/documents", label: t("title") }}>
      <Card className="space-y-4 p-6">
        <FormErrors errors={form.errors} />
        <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
          <input type="hidden" name="intent" value="create" />
          <InputField meta={fields.title} label={t("fields.title")} dir="auto" autoComplete="off" />
          {links(
            "new-document",
            {
              clientId: sent(fields.clientId.initialValue, defaultClientId),
              projectId: sent(fields.projectId.initialValue, defaultProjectId),
            },
            {
              clientId: errorText(fields.clientId.errors),
              projectId: errorText(fields.projectId.errors),
            },
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={creating}>
              <Icon name="plus" />
              {t("new.submit")}
            </Button>
            <CancelLink to="/documents" />
          </div>
        </Form>
      </Card>

      <Card as="section" aria-labelledby="import-title" className="space-y-4 p-6">
        <div>
          <h2 id="import-title" className="font-semibold">
            {t("new.importTitle")}
          </h2>
          <p className="text-sm text-text-muted">{t("new.importDescription")}</p>
        </div>
        {importError ? <FormAlert tone="error">{importError}</FormAlert> : null}
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <input type="hidden" name="intent" value="import" />
          <div className="space-y-1.5">
            <label htmlFor="import-file" className="text-sm font-medium">
              {t("fields.file")}
            </label>
            <FileInput
              id="import-file"
              name="file"
              required
              accept=".md,.markdown,.docx,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              describedBy="import-file-hint"
              chooseLabel={t("new.chooseFile")}
              noFileLabel={t("new.noFileChosen")}
            />
            <p id="import-file-hint" className="text-xs text-text-muted">
              {t("hints.file")}
            </p>
          </div>
          {links("import", { clientId: defaultClientId, projectId: defaultProjectId })}
          <Button type="submit" variant="secondary" disabled={importing}>
            <Icon name="upload" />
            {t("new.importSubmit")}
          </Button>
        </Form>
      </Card>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
