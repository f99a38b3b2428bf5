import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { AiUsageSection } from "~/components/organizations/ai-usage-section";
import { OrganizationFrame } from "~/components/organizations/organization-frame";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { getApiClient } from "~/lib/api.server";
import { can } from "~/lib/organizations";
import { notFound, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { organizationAction } from "./(ar)._auth.account.organization.$id._index.server";

export const handle = { title: "organizations:ai.usage.title" };

/** The month's AI usage and its limits, for those who manage AI (ai.manage); the owner sets them. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const organization = await api
    .get("/organizations/{id}", { path: { id } })
    .catch(rethrowAsPageError);
  if (!can(organization, "ai.manage")) throw notFound();
  const usage = await api
    .get("/organizations/{id}/ai/usage", { path: { id } })
    .catch(rethrowAsPageError);
  return { organization, usage };
}

export function action(args: ActionFunctionArgs) {
  return organizationAction(args, "usage");
}

export default function OrganizationUsagePage() {
  const { organization, usage } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  return (
    <OrganizationFrame organization={organization}>
      <AiUsageSection
        usage={usage}
        canSetLimits={can(organization, "ai.quotas")}
        quotaAnswer={actionData?.intent === "ai-quota" ? actionData : undefined}
      />
    </OrganizationFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
