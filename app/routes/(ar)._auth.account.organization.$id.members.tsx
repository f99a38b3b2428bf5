import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { z } from "zod";
import { InvitationsSection } from "~/components/organizations/invitations-section";
import { MembersSection } from "~/components/organizations/members-section";
import { OrganizationFrame } from "~/components/organizations/organization-frame";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { getApiClient } from "~/lib/api.server";
import { can } from "~/lib/organizations";
import { requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { organizationAction } from "./(ar)._auth.account.organization.$id._index.server";

export const handle = { title: "organizations:members.title" };

const membersPageSize = 20;

const invitationsPageSize = 10;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).catch(""),
  invitationsPage: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** The organization's members, with search and pages, and its invitations for managers. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const id = requireUuidParam(params);
  const url = new URL(request.url);
  const { page, q, invitationsPage } = Listing.parse({
    page: url.searchParams.get("page") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
    invitationsPage: url.searchParams.get("invitationsPage") ?? undefined,
  });
  const api = getApiClient(request, context, token);
  const [organization, members] = await Promise.all([
    api.get("/organizations/{id}", { path: { id } }),
    api.get("/organizations/{id}/members", {
      path: { id },
      query: { page, pageSize: membersPageSize, search: q || undefined },
    }),
  ]).catch(rethrowAsPageError);
  const invitations = can(organization, "members.manage")
    ? await api
        .get("/organizations/{id}/invitations", {
          path: { id },
          query: { page: invitationsPage, pageSize: invitationsPageSize },
        })
        .catch(rethrowAsPageError)
    : null;
  return { organization, members, invitations, search: q, me: user.id, now: Date.now() };
}

export function action(args: ActionFunctionArgs) {
  return organizationAction(args, "members");
}

export default function OrganizationMembersPage() {
  const { organization, members, invitations, search, me, now } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  return (
    <OrganizationFrame organization={organization}>
      <MembersSection
        organization={organization}
        members={members}
        search={search}
        me={me}
        roleAnswer={actionData?.intent === "role" ? actionData : undefined}
        askingToRemove={actionData?.intent === "remove" ? actionData.userId : undefined}
      />
      {invitations ? (
        <InvitationsSection
          invitations={invitations}
          now={now}
          lastResult={actionData?.intent === "invite" ? actionData.result : undefined}
          askingToRevoke={actionData?.intent === "revoke" ? actionData.invitationId : undefined}
        />
      ) : null}
    </OrganizationFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
