import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.appearance" };

export default function XbotAppearancePage() {
  return <XbotSectionPage section="appearance" />;
}
