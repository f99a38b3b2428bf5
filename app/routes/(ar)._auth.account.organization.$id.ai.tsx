import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { AiSection } from "~/components/organizations/ai-section";
import { OrganizationFrame } from "~/components/organizations/organization-frame";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { AiCapability, AiCapabilityStatus } from "~/lib/ai-models";
import { modelChoices } from "~/lib/ai-models.server";
import type { ApiClient } from "~/lib/api/client";
import { getApiClient } from "~/lib/api.server";
import { can } from "~/lib/organizations";
import { requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { organizationAction } from "./(ar)._auth.account.organization.$id._index.server";

export const handle = { title: "organizations:ai.title" };

/** Where each AI capability's model comes from; owners and admins set up the organization's own. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const [organization, ai] = await Promise.all([
    api.get("/organizations/{id}", { path: { id } }),
    api.get("/organizations/{id}/ai", { path: { id } }),
  ]).catch(rethrowAsPageError);
  const listedModels = can(organization, "ai.manage")
    ? await ownProvidersModels(api, id, ai.items)
    : {};
  return { organization, ai: ai.items, listedModels };
}

/**
 * What the organization's own providers list, per capability, for the model fields of its AI
 * settings; a provider of the deployment's is not the organization's to set, and has no form.
 */
async function ownProvidersModels(
  api: ApiClient,
  organizationId: string,
  capabilities: AiCapabilityStatus[],
) {
  const own = capabilities.filter((status) => status.source === "organization");
  const lists = await Promise.all(
    own.map(async (status) => {
      const choices = await modelChoices(api, organizationId, status.capability);
      return [status.capability, choices.models] as const;
    }),
  );
  return Object.fromEntries(lists) as Partial<Record<AiCapability, string[]>>;
}

export function action(args: ActionFunctionArgs) {
  return organizationAction(args, "ai");
}

export default function OrganizationAiPage() {
  const { organization, ai, listedModels } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  return (
    <OrganizationFrame organization={organization}>
      <AiSection
        organization={organization}
        capabilities={ai}
        listedModels={listedModels}
        saveAnswer={actionData?.intent === "ai-save" ? actionData : undefined}
        testAnswer={actionData?.intent === "ai-test" ? actionData.test : undefined}
        askingToClear={actionData?.intent === "ai-clear" ? actionData.capability : undefined}
      />
    </OrganizationFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
