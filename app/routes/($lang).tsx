import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
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
