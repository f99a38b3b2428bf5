import Negotiator from "negotiator";
import { RemixI18Next } from "remix-i18next/server";
import { localeCookie } from "./cookies.server";
import {
  defaultLanguage,
  isLanguage,
  type Language,
  languageFromPathname,
  languages,
} from "./i18n";

type Messages = Record<string, unknown>;

// mail.json belongs to the API, which writes mail, and widget.json to x-bot's chat widget, which
// bundles it (widget/strings.ts); the web app has no use for either.
const files = import.meta.glob<Messages>(
  ["../../locales/*/*.json", "!../../locales/*/mail.json", "!../../locales/*/widget.json"],
  {
    eager: true,
    import: "default",
  },
);

/** Every message of every language, bundled into the server build. */
export const resources: Record<string, Record<string, Messages>> = {};
for (const [path, messages] of Object.entries(files)) {
  const [, lng, ns] = path.match(/locales\/(\w+)\/([\w-]+)\.json$/) ?? [];
  if (!lng || !ns) continue;
  resources[lng] ??= {};
  resources[lng][ns] = messages;
}

/** Decides the language of an unprefixed URL: the locale cookie first, then Accept-Language. */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    cookie: localeCookie,
    order: ["cookie", "custom"],
    // The first supported language by quality: "fr-FR, ar;q=0.5" asks for Arabic.
    async findLocale(request) {
      const headers = { "accept-language": request.headers.get("Accept-Language") ?? "" };
      return new Negotiator({ headers }).language([...languages]) ?? null;
    },
  },
  i18next: { resources, supportedLngs: [...languages], fallbackLng: false },
});

export async function preferredLanguage(request: Request): Promise<Language> {
  const language = await i18nServer.getLocale(request);
  return isLanguage(language) ? language : defaultLanguage;
}

/** The language of the page a request is for, from the optional `(ar)` prefix of its path. */
export function pageLanguage(request: Request): Language {
  return languageFromPathname(new URL(request.url).pathname);
}
