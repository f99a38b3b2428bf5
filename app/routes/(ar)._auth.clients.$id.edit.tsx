import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useLoaderData,
  useSearchParams,
} from "react-router";
import { ClientForm } from "~/components/clients/client-form";
import { CancelLink, EditRecordPage } from "~/components/records/record-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { getApiClient } from "~/lib/api.server";
import { type ClientFormAnswer, clientLogoErrors } from "~/lib/clients";
import {
  clientChoices,
  clientLogoTooLarge,
  maxClientFormBytes,
  submitClientForm,
} from "~/lib/clients.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, notFound, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "clients:edit.pageTitle" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.write");
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const [client, choices] = await Promise.all([
    api.get("/clients/{id}", { path: { id } }).catch(rethrowAsPageError),
    clientChoices(api, user),
  ]);
  // A deleted client is restored from its page before it is changed.
  if (client.deletedAt) throw notFound();
  return { client, ...choices };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.write");
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const read = await readMultipartForm(request, maxClientFormBytes);
  if (read.tooLarge) return clientLogoTooLarge("update");
  const { form } = read;
  if (form.get("intent") !== "update") throw badRequest();
  const result = await submitClientForm(getApiClient(request, context, token), form, {
    intent: "update",
    id,
  });
  if (result.answer) return result.answer;
  return safeRedirect(`${localizedPath(`/clients/${id}`, language)}?notice=client-saved`);
}

/**
 * A client just added whose logo the API refused comes here with `?logoError=`: the logo field
 * says why, as it would after a save.
 */
function useLogoErrorOfNewClient(): ClientFormAnswer | undefined {
  const [searchParams] = useSearchParams();
  const logoError = clientLogoErrors.find((key) => key === searchParams.get("logoError"));
  return useMemo(
    () =>
      logoError
        ? { intent: "update", result: { status: "error", error: { logo: [logoError] } } }
        : undefined,
    [logoError],
  );
}

export default function EditClientPage() {
  const { client, members, workspaces } = useLoaderData<typeof loader>();
  const actionResult = useActionAnswer<typeof action>();
  const logoErrorOfNewClient = useLogoErrorOfNewClient();
  const result = actionResult ?? logoErrorOfNewClient;
  const { t } = useTranslation("clients");
  return (
    <EditRecordPage
      ns="clients"
      name={client.name}
      path={`/clients/${client.id}`}
      stale={Boolean(result?.stale)}
    >
      <ClientForm
        intent="update"
        initial={client}
        result={result}
        members={members}
        workspaces={workspaces}
        submitLabel={t("edit.submit")}
        cancel={<CancelLink to={`/clients/${client.id}`} />}
      />
    </EditRecordPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
