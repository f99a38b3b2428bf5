import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { ClientForm } from "~/components/clients/client-form";
import { ClientImport } from "~/components/clients/client-import";
import { CancelLink } from "~/components/records/record-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Card } from "~/components/ui/card";
import { PageShell } from "~/components/ui/page-shell";
import { isApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
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
import { badRequest } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "clients:new.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.write");
  return clientChoices(getApiClient(request, context, token), user);
}

/** The largest CSV file an import takes. */
const maxImportFileBytes = 2 * 1024 * 1024;

/** The client form posts with `?form=client`: a body too large for the page is its logo's. */
const clientFormAction = "?form=client";

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.write");
  const language = pageLanguage(request);
  // The larger of the two forms: a client with its logo, or an import's CSV file.
  const read = await readMultipartForm(request, Math.max(maxClientFormBytes, maxImportFileBytes));
  if (read.tooLarge) {
    return new URL(request.url).searchParams.get("form") === "client"
      ? clientLogoTooLarge("create")
      : { intent: "preview" as const, error: "tooLarge" };
  }
  const form = read.form;
  const intent = form.get("intent");
  if (intent === "preview" || intent === "import") {
    const file = form.get("file");
    if (intent === "preview" && file instanceof File && file.size > maxImportFileBytes) {
      return { intent: "preview" as const, error: "tooLarge" };
    }
    const csv =
      intent === "preview"
        ? file instanceof File && file.size > 0
          ? await file.text()
          : null
        : String(form.get("csv") ?? "");
    if (!csv) return { intent: "preview" as const, error: "noFile" };
    const api = getApiClient(request, context, token, { timeoutMs: 30_000 });
    try {
      const result = await api.post("/clients/import", {
        body: { csv, dryRun: intent === "preview" },
      });
      if (intent === "import") {
        return safeRedirect(`${localizedPath("/clients", language)}?notice=clients-imported`);
      }
      return { intent: "preview" as const, csv, ...result };
    } catch (error) {
      if (isApiError(error, 422) || isApiError(error, 413)) {
        const code = error.status === 413 ? "tooLarge" : error.code;
        const known = ["INVALID_CSV", "MISSING_COLUMN", "TOO_MANY_ROWS", "tooLarge"];
        return { intent: "preview" as const, error: known.includes(code) ? code : "INVALID_CSV" };
      }
      throw serviceUnavailable(error);
    }
  }
  if (intent !== "create") throw badRequest();
  const result = await submitClientForm(getApiClient(request, context, token), form, {
    intent: "create",
  });
  if (result.answer) return result.answer;
  if (result.logoError) {
    // Added without the logo the API refused: its edit page says why, to choose another.
    return safeRedirect(
      `${localizedPath(`/clients/${result.client.id}/edit`, language)}` +
        `?notice=client-created-without-logo&logoError=${result.logoError}`,
    );
  }
  return safeRedirect(
    `${localizedPath(`/clients/${result.client.id}`, language)}?notice=client-created`,
  );
}

export default function NewClientPage() {
  const { members, workspaces } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const { t } = useTranslation("clients");
  return (
    <PageShell title={t("new.title")} back={{ to: "/clients", label: t("title") }}>
      <Card className="p-6">
        <ClientForm
          intent="create"
          action={clientFormAction}
          result={result && "result" in result ? result : undefined}
          members={members}
          workspaces={workspaces}
          submitLabel={t("new.submit")}
          cancel={<CancelLink to="/clients" />}
        />
      </Card>
      <ClientImport answer={result && result.intent === "preview" ? result : undefined} />
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
