import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.embedding" };

export default function XbotEmbeddingPage() {
  return <XbotSectionPage section="embedding" />;
}
