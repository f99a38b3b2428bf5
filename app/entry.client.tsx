import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { spriteHref } from "~/components/ui/icon";
import { i18nOptions, type Language, localesUrl } from "~/lib/i18n";
import { listenForPreloadErrors } from "~/lib/runtime/chunk-errors";
import { watchIconSprite } from "~/lib/runtime/icon-sprite";

listenForPreloadErrors();

const root = document.documentElement;
void watchIconSprite({
  href: spriteHref,
  onFallback: () => root.setAttribute("data-icons", "fallback"),
  onReady: () => root.removeAttribute("data-icons"),
});

async function hydrate() {
  const language = document.documentElement.lang === "ar" ? "ar" : "en";
  await i18next
    .use(initReactI18next)
    .use(
      // Messages come from the hashed locales route, which the browser caches until they change.
      resourcesToBackend(async (lng: string, ns: string) => {
        const response = await fetch(localesUrl(lng as Language, ns));
        if (!response.ok) throw new Error(`Messages ${lng}/${ns} answered ${response.status}`);
        return response.json();
      }),
    )
    .init(i18nOptions(language));

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
