import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.notifications" };

export default function XbotNotificationsPage() {
  return <XbotSectionPage section="notifications" />;
}
