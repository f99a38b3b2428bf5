import { LegalPage } from "~/components/legal/legal-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "legal:privacy.title" };

const sections = ["collect", "use", "share", "security", "rights"] as const;

export default function PrivacyPage() {
  return <LegalPage document="privacy" sections={sections} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
