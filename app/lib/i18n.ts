export const languages = ["en", "ar"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** Namespaces of locales/<lng>/<ns>.json; "common" is loaded on every page. */
export const namespaces = [
  "common",
  "dashboard",
  "auth",
  "account",
  "organizations",
  "workspaces",
  "clients",
  "projects",
  "documents",
  "threads",
  "characters",
  "creators",
  "media",
  "validation",
  "legal",
  "xbot",
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace: Namespace = "common";

/**
 * The i18next options the server and the browser share. Every namespace is small, so each page
 * has them all and no render waits on a fetch.
 */
export function i18nOptions(language: Language) {
  return {
    lng: language,
    supportedLngs: [...languages],
    fallbackLng: false as const,
    ns: [...namespaces],
    defaultNS: defaultNamespace,
    interpolation: { escapeValue: false },
  };
}

/** Content hash of every message file, computed at build time (vite.config.ts). */
export const localesVersion = import.meta.env.VITE_LOCALES_HASH as string;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (namespaces as readonly string[]).includes(value);
}

export function htmlLang(language: Language) {
  return language === "ar" ? "ar" : "en-US";
}

export function textDirection(language: Language) {
  return language === "ar" ? "rtl" : "ltr";
}

/** `/ar/clients` → `/clients`; paths without a language prefix come back unchanged. */
export function stripLanguagePrefix(path: string) {
  const [, pathname = path, rest = ""] = path.match(/^([^?#]*)(.*)$/) ?? [];
  if (pathname === "/ar") return `/${rest}`;
  return pathname.startsWith("/ar/") ? `${pathname.slice(3)}${rest}` : path;
}

/** The language a path is in, from its prefix alone. */
export function languageFromPathname(pathname: string): Language {
  return stripLanguagePrefix(pathname) !== pathname ? "ar" : defaultLanguage;
}

/** The same page in the given language: `/clients?page=2` → `/ar/clients?page=2`. */
export function localizedPath(path: string, language: Language) {
  const bare = stripLanguagePrefix(path);
  if (language === defaultLanguage) return bare;
  return bare === "/" || /^\/[?#]/.test(bare) ? `/ar${bare.slice(1)}` : `/ar${bare}`;
}

export function localesUrl(language: Language, namespace: string) {
  return `/locales/${language}/${namespace}.json?v=${localesVersion}`;
}
