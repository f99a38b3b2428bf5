import { useCallback } from "react";
import { useParams } from "react-router";
import { defaultLanguage, type Language, languageFromParam, localizedPath } from "./i18n";

/** The language of the current page, from its route prefix. */
export function useLanguage(): Language {
  const { lang } = useParams();
  return languageFromParam(lang) ?? defaultLanguage;
}

/** Turns an app path into the same path in the current page's language. */
export function useLocalizedPath() {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(path, language), [language]);
}
