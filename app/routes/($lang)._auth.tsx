import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { Realtime } from "~/components/realtime";
import { requireUser } from "~/lib/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context, params);
  return { user };
}

export default function AuthLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Realtime userId={user.id} organizationId={user.account.currentOrganizationId} />
      <Outlet />
    </AppShell>
  );
}
