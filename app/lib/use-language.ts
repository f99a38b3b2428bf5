import { useCallback } from "react";
import { useLocation } from "react-router";
import { type Language, languageFromPathname, localizedPath } from "./i18n";

/** The language of the current page, from its route prefix. */
export function useLanguage(): Language {
  return languageFromPathname(useLocation().pathname);
}

/** Turns an app path into the same path in the current page's language. */
export function useLocalizedPath() {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(path, language), [language]);
}
