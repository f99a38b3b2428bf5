import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.cards" };

export default function XbotCardsPage() {
  return <XbotSectionPage section="cards" />;
}
