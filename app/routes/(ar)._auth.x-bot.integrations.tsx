import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.integrations" };

export default function XbotIntegrationsPage() {
  return <XbotSectionPage section="integrations" />;
}
