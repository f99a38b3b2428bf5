import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.acceptInvite.title" };

export default function AcceptInvitePage() {
  return (
    <PlaceholderPage
      title="pages.acceptInvite.title"
      emptyTitle="pages.acceptInvite.emptyTitle"
      emptyBody="pages.acceptInvite.emptyBody"
      icon="mail"
    />
  );
}
