import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { ProjectForm } from "~/components/projects/project-form";
import { CancelLink } from "~/components/records/record-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Card } from "~/components/ui/card";
import { PageShell } from "~/components/ui/page-shell";
import { getApiClient } from "~/lib/api.server";
import { clientChoices } from "~/lib/clients.server";
import { readForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { projectChoices, submitProjectForm } from "~/lib/projects.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "projects:new.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "projects.write");
  const api = getApiClient(request, context, token);
  const canReadClients = user.account.currentOrganizationPermissions.includes("clients.read");
  const [choices, { clients, clientsTotal }] = await Promise.all([
    clientChoices(api, user),
    projectChoices(api, canReadClients),
  ]);
  const clientId = new URL(request.url).searchParams.get("clientId") ?? undefined;
  return {
    ...choices,
    clients,
    clientsTotal,
    defaultClientId: clients.some((client) => client.value === clientId) ? clientId : undefined,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "projects.write");
  const language = pageLanguage(request);
  const form = await readForm(request);
  if (form.get("intent") !== "create") throw badRequest();
  const result = await submitProjectForm(getApiClient(request, context, token), form, {
    intent: "create",
  });
  if (result.answer) return result.answer;
  return safeRedirect(
    `${localizedPath(`/projects/${result.project.id}`, language)}?notice=project-created`,
  );
}

export default function NewProjectPage() {
  const { members, workspaces, clients, clientsTotal, defaultClientId } =
    useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const { t } = useTranslation("projects");
  return (
    <PageShell title={t("new.title")} back={{ to: "/projects", label: t("title") }}>
      <Card className="p-6">
        <ProjectForm
          intent="create"
          result={result}
          clients={clients}
          clientsTotal={clientsTotal}
          members={members}
          workspaces={workspaces}
          defaultClientId={defaultClientId}
          submitLabel={t("new.submit")}
          cancel={<CancelLink to="/projects" />}
        />
      </Card>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
