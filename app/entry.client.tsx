import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { spriteHref } from "~/components/ui/icon";
import { defaultNamespace, i18nOptions, type Language, localesUrl } from "~/lib/i18n";
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
    .use(HttpBackend)
    .init({
      ...i18nOptions(language),
      backend: {
        loadPath: (lngs: string[], nss: string[]) =>
          localesUrl(lngs[0] as Language, nss[0] ?? defaultNamespace),
      },
    });

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
