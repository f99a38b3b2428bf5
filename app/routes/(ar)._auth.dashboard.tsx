import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.dashboard.title" };

export default function DashboardPage() {
  return (
    <PlaceholderPage
      title="pages.dashboard.title"
      description="pages.dashboard.description"
      emptyTitle="pages.dashboard.emptyTitle"
      emptyBody="pages.dashboard.emptyBody"
      icon="layout-dashboard"
    />
  );
}
