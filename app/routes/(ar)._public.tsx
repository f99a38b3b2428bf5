import { useTranslation } from "react-i18next";
import type { LoaderFunctionArgs } from "react-router";
import { Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import { AppShell } from "~/components/app-shell";
import { ColorModeSwitcher } from "~/components/color-mode-switcher";
import { LanguageSwitcher } from "~/components/language-switcher";
import { LocalizedLink } from "~/components/localized-link";
import { Realtime } from "~/components/realtime";
import { Icon } from "~/components/ui/icon";
import { getOrganizationSummaries } from "~/lib/organizations.server";
import { getViewer } from "~/lib/session.server";
import type { loader as rootLoader } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  if (viewer.status !== "signed-in") return { organizations: null };
  return { organizations: await getOrganizationSummaries(request, context, viewer.token) };
}

/** Pages for everyone: inside the app for a signed-in user, under a simple header for a guest. */
export default function PublicLayout() {
  const { t } = useTranslation();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const { organizations } = useLoaderData<typeof loader>();
  if (user) {
    return (
      <AppShell user={user} organizations={organizations ?? []}>
        <Realtime userId={user.id} organizationId={user.account.currentOrganizationId} />
        <Outlet />
      </AppShell>
    );
  }
  return (
    <div className="min-h-screen">
      <header className="flex h-16 items-center justify-between border-b border-border bg-surface px-8">
        <LocalizedLink to="/" className="flex items-center gap-2 text-lg font-semibold">
          <span className="grid size-8 place-items-center rounded-control bg-accent text-accent-contrast">
            <Icon name="sparkles" />
          </span>
          {t("app.name")}
        </LocalizedLink>
        <div className="flex items-center gap-3">
          <ColorModeSwitcher />
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-4xl px-8 py-12">
        <Outlet />
      </main>
    </div>
  );
}
