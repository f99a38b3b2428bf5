import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from "react-router";
import { ClientForm } from "~/components/clients/client-form";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { PageShell } from "~/components/ui/page-shell";
import { getApiClient } from "~/lib/api.server";
import { clientChoices, requireClientsPermission, submitClientForm } from "~/lib/clients.server";
import { readForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

export const handle = { title: "clients:new.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context, params);
  requireClientsPermission(user, "clients.write");
  return clientChoices(getApiClient(request, context, token), user);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context, params);
  requireClientsPermission(user, "clients.write");
  const language = requireLanguage(params);
  const form = await readForm(request);
  if (form.get("intent") !== "create") throw badRequest();
  const result = await submitClientForm(getApiClient(request, context, token), form, {
    intent: "create",
  });
  if (result.answer) return result.answer;
  return safeRedirect(
    `${localizedPath(`/clients/${result.client.id}`, language)}?notice=client-created`,
  );
}

export default function NewClientPage() {
  const { members, workspaces } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("clients");
  return (
    <PageShell title={t("new.title")} back={{ to: "/clients", label: t("title") }}>
      <div className="rounded-card border border-border bg-surface p-6 shadow-card">
        <ClientForm
          intent="create"
          result={result}
          members={members}
          workspaces={workspaces}
          submitLabel={t("new.submit")}
          cancel={
            <Button variant="ghost" asChild>
              <LocalizedLink to="/clients">{t("common:actions.cancel")}</LocalizedLink>
            </Button>
          }
        />
      </div>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
