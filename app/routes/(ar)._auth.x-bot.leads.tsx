import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.leads" };

export default function XbotLeadsPage() {
  return <XbotSectionPage section="leads" />;
}
