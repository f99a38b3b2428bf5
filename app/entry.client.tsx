import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultNamespace, type Language, languages, localesUrl, namespaces } from "~/lib/i18n";

async function hydrate() {
  const language = document.documentElement.lang === "ar" ? "ar" : "en";
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      lng: language,
      supportedLngs: [...languages],
      fallbackLng: false,
      // Every namespace is small, so each page has them all and no render waits on a fetch.
      ns: [...namespaces],
      defaultNS: defaultNamespace,
      backend: {
        loadPath: (lngs: string[], nss: string[]) =>
          localesUrl(lngs[0] as Language, nss[0] ?? defaultNamespace),
      },
      interpolation: { escapeValue: false },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
