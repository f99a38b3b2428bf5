import type { LoaderFunctionArgs } from "react-router";
import { Outlet, type ShouldRevalidateFunction } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { requireLanguage } from "~/lib/i18n.server";

export async function loader({ params }: LoaderFunctionArgs) {
  return { language: requireLanguage(params) };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}) => currentParams.lang !== nextParams.lang || defaultShouldRevalidate;

export default function LanguageRoute() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
