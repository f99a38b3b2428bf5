import { createReadableStreamFromReadable } from "@react-router/node";
import { createInstance, type i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  ServerRouter,
} from "react-router";
import { localeCookie } from "~/lib/cookies.server";
import { withoutNulBytes } from "~/lib/html-stream.server";
import { i18nOptions, type Language, languageFromPathname } from "~/lib/i18n";
import { resources } from "~/lib/i18n.server";
import { NonceProvider } from "~/lib/nonce";

/** How long deferred data may stream after the shell; React Router rejects what is left. */
export const streamTimeout = 5_000;

/**
 * One i18next instance per language, made on first use: the messages are the same for every
 * request, and rendering only reads them.
 */
const instances = new Map<Language, Promise<I18n>>();

function i18nFor(language: Language) {
  let instance = instances.get(language);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({ ...i18nOptions(language), resources })
      .then(() => i18n);
    instances.set(language, instance);
  }
  return instance;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const bot = isbot(request.headers.get("user-agent"));

  // Crawlers get a plain status for errors instead of a rendered error page.
  if (bot && responseStatusCode >= 400) {
    return new Response(`${responseStatusCode}`, {
      status: responseStatusCode,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }

  const url = new URL(request.url);
  const language = languageFromPathname(url.pathname);
  const cookieHeader = request.headers.get("Cookie");
  if ((await localeCookie.parse(cookieHeader)) !== language) {
    responseHeaders.append("Set-Cookie", await localeCookie.serialize(language));
  }

  const i18n = await i18nFor(language);

  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    function sendShell() {
      shellRendered = true;
      const body = withoutNulBytes();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!bot) sendShell();
        },
        // Crawlers get the whole page at once.
        onAllReady() {
          clearTimeout(deadline);
          if (bot) sendShell();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported through onShellError; a reader who left (the
          // destination closed early) is no error to report.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    // Rendering stops a second after the data's own timeout, so that its rejections render
    // first; a page that is all there by then clears it.
    deadline = setTimeout(abort, streamTimeout + 1_000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
