import { LegalPage } from "~/components/legal/legal-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "legal:terms.title" };

const sections = ["service", "accounts", "content", "ai", "use", "changes"] as const;

export default function TermsPage() {
  return <LegalPage document="terms" sections={sections} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
