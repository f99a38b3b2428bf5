import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  useLoaderData,
  useRouteError,
} from "react-router";
import { ErrorPage } from "~/components/error-page";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { pageLanguage } from "~/lib/i18n.server";
import { serviceUnavailable } from "~/lib/session.server";
import type { PageHandle } from "~/root";

/**
 * A bot's chat as a whole page, for anyone: the real widget (`/widget.js`) inline, filling the
 * window, in the page's language (English at /b/, Arabic at /ar/b/) whatever the bot's setting.
 * The web server lets the bot's allowed domains frame it (server/chat-framing.ts).
 */
export const handle: PageHandle = {
  documentTitle: (data, t) => t("xbot:chat.pageTitle", { name: (data as LoaderData).bot.name }),
  viewport: "width=device-width, initial-scale=1",
};

type LoaderData = Awaited<ReturnType<typeof loader>>;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const publicId = params.publicId ?? "";
  const api = getApiClient(request, context);
  try {
    const bot = await api.get("/public/bots/{publicId}/page", { path: { publicId } });
    return { bot: { publicId: bot.publicId, name: bot.name }, language: pageLanguage(request) };
  } catch (error) {
    // No such bot, a draft, a deleted one: the same 404, which tells none of them apart.
    if (isUserError(error) && error.status === 404) {
      throw new Response("Not Found", { status: 404 });
    }
    throw serviceUnavailable(error);
  }
}

const widgetSlot = { __html: "" };

export default function BotChatPage() {
  const { t } = useTranslation("xbot");
  const { bot, language } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="flex h-dvh flex-col">
      <h1 className="sr-only">{t("chat.pageTitle", { name: bot.name })}</h1>
      {/* The widget draws itself in here as soon as its script runs, before React hydrates the
          page: given as inner HTML, this element's children are not React's to hydrate away. */}
      <div
        id="qalam-chat"
        className="min-h-0 flex-1"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, and the widget's to fill
        dangerouslySetInnerHTML={widgetSlot}
        suppressHydrationWarning
      />
      <noscript>
        <p className="p-6 text-center">{t("chat.noScript")}</p>
      </noscript>
      {/* The widget as any site embeds it; it finds its element and language from these. */}
      <script
        src="/widget.js"
        data-bot={bot.publicId}
        data-mode="inline"
        data-target="#qalam-chat"
        data-lang={language}
        async
      />
    </main>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("xbot");
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPage />;
  return (
    <main id="main" className="grid min-h-dvh place-items-center px-6">
      <div className="w-full max-w-lg text-center">
        <p className="text-sm font-semibold text-accent">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t("chat.notFoundTitle")}</h1>
        <p className="mt-3 text-text-muted">{t("chat.notFoundBody")}</p>
      </div>
    </main>
  );
}
