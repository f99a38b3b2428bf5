import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";

/** Every page, in English at its own path and in Arabic under `/ar`. */
export default function LanguageRoute() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
