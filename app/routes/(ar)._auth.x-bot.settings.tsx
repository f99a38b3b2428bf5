import { XbotSectionPage } from "~/components/xbot-section";

export const handle = { title: "pages.xbot.settings" };

export default function XbotSettingsPage() {
  return <XbotSectionPage section="settings" />;
}
