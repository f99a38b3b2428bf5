import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { ProjectForm } from "~/components/projects/project-form";
import { CancelLink, EditRecordPage } from "~/components/records/record-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { getApiClient } from "~/lib/api.server";
import { clientChoices } from "~/lib/clients.server";
import { readForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { projectChoices, submitProjectForm } from "~/lib/projects.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, notFound, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "projects:edit.pageTitle" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "projects.write");
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const canReadClients = user.account.currentOrganizationPermissions.includes("clients.read");
  const [project, choices, { clients, clientsTotal }] = await Promise.all([
    api.get("/projects/{id}", { path: { id } }).catch(rethrowAsPageError),
    clientChoices(api, user),
    projectChoices(api, canReadClients),
  ]);
  if (project.deletedAt) throw notFound();
  // The project's client stays a choice even when it is not among the first hundred.
  if (project.client && !clients.some((client) => client.value === project.client?.id)) {
    clients.unshift({ value: project.client.id, label: project.client.name });
  }
  return { project, ...choices, clients, clientsTotal };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "projects.write");
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const form = await readForm(request);
  if (form.get("intent") !== "update") throw badRequest();
  const result = await submitProjectForm(getApiClient(request, context, token), form, {
    intent: "update",
    id,
  });
  if (result.answer) return result.answer;
  return safeRedirect(`${localizedPath(`/projects/${id}`, language)}?notice=project-saved`);
}

export default function EditProjectPage() {
  const { project, members, workspaces, clients, clientsTotal } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const { t } = useTranslation("projects");
  return (
    <EditRecordPage
      ns="projects"
      name={project.name}
      path={`/projects/${project.id}`}
      stale={Boolean(result?.stale)}
    >
      <ProjectForm
        intent="update"
        initial={project}
        result={result}
        clients={clients}
        clientsTotal={clientsTotal}
        members={members}
        workspaces={workspaces}
        submitLabel={t("edit.submit")}
        cancel={<CancelLink to={`/projects/${project.id}`} />}
      />
    </EditRecordPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
