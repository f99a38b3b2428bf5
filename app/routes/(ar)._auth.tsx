import type { LoaderFunctionArgs } from "react-router";
import { Outlet, useLoaderData } from "react-router";
import { AppShell } from "~/components/app-shell";
import { Realtime } from "~/components/realtime";
import { getOrganizationSummaries } from "~/lib/organizations.server";
import { requireUser } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const organizations = await getOrganizationSummaries(request, context, token);
  return { user, organizations };
}

export default function AuthLayout() {
  const { user, organizations } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} organizations={organizations}>
      <Realtime userId={user.id} organizationId={user.account.currentOrganizationId} />
      <Outlet />
    </AppShell>
  );
}
