import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.overview" };

export default function XbotOverviewPage() {
  return <XbotSectionPage section="overview" />;
}
