// Before anything that builds a schema (app/lib/zod-config.ts says why).
import "~/lib/zod-config";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useChangeLanguage } from "remix-i18next/react";
import { ColorModeProvider, useForcedColorMode } from "~/components/color-mode";
import { ErrorPage, errorKind } from "~/components/error-page";
import { NavigationProgress } from "~/components/navigation-progress";
import { NewBuildNotice } from "~/components/new-build-notice";
import { DataPreloads } from "~/components/prefetch";
import { colorModeScript } from "~/lib/color-mode";
import {
  defaultLanguage,
  htmlLang,
  languageFromPathname,
  localizedPath,
  textDirection,
} from "~/lib/i18n";
import { preferredLanguage } from "~/lib/i18n.server";
import { useNonce } from "~/lib/nonce";
import { safeRedirect } from "~/lib/redirect.server";
import { clearToken, getViewer } from "~/lib/session.server";
import stylesHref from "~/styles/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const language = languageFromPathname(url.pathname);

  // An unprefixed URL is English only for someone who has not chosen or asked for Arabic; a
  // bot's full-page chat speaks the language its address names, which the site embedding it chose.
  if (language === defaultLanguage && request.method === "GET" && !isChatPage(url.pathname)) {
    if ((await preferredLanguage(request)) === "ar") {
      throw safeRedirect(localizedPath(`${url.pathname}${url.search}`, "ar"), 302, "/ar");
    }
  }

  const viewer = await getViewer(request, context);
  if (viewer.status === "expired") {
    // The API no longer accepts the token: sign out here too, and show the page as a guest.
    const headers = { "Set-Cookie": await clearToken() };
    throw safeRedirect(`${url.pathname}${url.search}`, { headers }, localizedPath("/", language));
  }

  return data({
    language,
    user: viewer.status === "signed-in" ? viewer.user : null,
  });
}

/** A bot's full-page chat, `/b/<publicId>` (server/chat-framing.ts frames the same paths). */
const isChatPage = (pathname: string) => /^\/b\/[^/]+\/?$/.test(pathname);

export type RootLoaderData = typeof loader;

/** `/login` and `/ar/login` share their routes; the root's data is in the page's language. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  languageFromPathname(currentUrl.pathname) !== languageFromPathname(nextUrl.pathname) ||
  defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const language = rootData?.language ?? languageFromPathname(location.pathname);
  const forcedColorMode = useForcedColorMode();
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const viewport = usePageViewport();
  useChangeLanguage(language);
  // Marks the page as running: browser tests wait for it before they use client-side controls.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);

  return (
    <html
      lang={htmlLang(language)}
      dir={textDirection(language)}
      data-forced-color-mode={forcedColorMode}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content={viewport} />
        <meta name="color-scheme" content="light dark" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script that must run before paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: colorModeScript }} />
        <DocumentTitle key={i18n.language} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-bg text-text antialiased">
        <NavigationProgress />
        <ColorModeProvider>{children}</ColorModeProvider>
        <NewBuildNotice />
        <DataPreloads />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * What a route's `handle` may say of the document: `title`, a message key (the page's title,
 * followed by the product's name); `documentTitle`, the whole title from the route's data;
 * `viewport`, for a page that fits a phone (the app is laid out for 1280 px).
 */
export type PageHandle = {
  title?: string;
  documentTitle?: (data: unknown, t: TFunction) => string | null;
  viewport?: string;
};

function usePageViewport() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as PageHandle | undefined;
  return handle?.viewport ?? "width=1280";
}

/** The title of the deepest route that names one in `handle.title`, or of the error shown. */
function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const error = useRouteError();
  let key = "app.tagline";
  if (error) {
    key = `errors.${errorKind(error)}.title`;
  } else {
    for (const match of [...matches].reverse()) {
      const handle = match.handle as PageHandle | undefined;
      const whole = match.data ? handle?.documentTitle?.(match.data, t) : null;
      if (whole) return <title>{whole}</title>;
      const title = handle?.title;
      if (title) {
        key = title;
        break;
      }
    }
  }
  const title = t(key);
  return <title>{key === "app.tagline" ? t("app.name") : `${title} · ${t("app.name")}`}</title>;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
