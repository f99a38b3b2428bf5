import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.knowledge" };

export default function XbotKnowledgePage() {
  return <XbotSectionPage section="knowledge" />;
}
