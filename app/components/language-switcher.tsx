import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { type Language, stripLanguagePrefix } from "~/lib/i18n";
import { useLanguage } from "~/lib/use-language";
import { Icon } from "./ui/icon";

/** Where the switcher returns to: the current page, without its language prefix. */
export function useSwitchTarget() {
  const location = useLocation();
  return `${stripLanguagePrefix(location.pathname)}${location.search}`;
}

export function otherLanguage(language: Language): Language {
  return language === "ar" ? "en" : "ar";
}

/** A plain form, so switching works before and without JavaScript. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const target = otherLanguage(useLanguage());
  const redirectTo = useSwitchTarget();
  return (
    <Form method="post" action="/locale" className={className}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="language"
        value={target}
        lang={target === "ar" ? "ar" : "en"}
        aria-label={t("language.switchTo", { language: t(`language.${target}`) })}
        className="inline-flex h-9 items-center gap-2 rounded-control px-3 text-sm font-medium text-text-muted hover:bg-surface-muted hover:text-text"
      >
        <Icon name="languages" />
        {t(`language.${target}`)}
      </button>
    </Form>
  );
}
