import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.history" };

export default function XbotHistoryPage() {
  return <XbotSectionPage section="history" />;
}
