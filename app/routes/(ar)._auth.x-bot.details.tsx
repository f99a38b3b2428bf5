import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.details" };

export default function XbotDetailsPage() {
  return <XbotSectionPage section="details" />;
}
