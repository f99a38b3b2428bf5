import type { ChangeEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation, useSubmit } from "react-router";
import { colorModePreferences } from "~/lib/color-mode";
import { languages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { useLanguage } from "~/lib/use-language";
import { useColorMode } from "../color-mode";
import { colorModeIcons } from "../color-mode-switcher";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { Icon } from "../ui/icon";
import type { IconName } from "../ui/icons/icon-names";
import { SettingsSection } from "../ui/settings-section";

/**
 * Language and colour mode, chosen the same way: a group of options that applies as soon as one is
 * picked. The language is the page's own (its URL), saved on the profile for mail and SMS too;
 * without JavaScript a button sends the choice.
 */
export function PreferencesSection() {
  const { t } = useTranslation("account");
  return (
    <SettingsSection
      id="preferences"
      title={t("preferences.title")}
      description={t("preferences.description")}
    >
      <div className="grid grid-cols-2 gap-8">
        <LanguageChoice />
        <ColorModeChoice />
      </div>
    </SettingsSection>
  );
}

function LanguageChoice() {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "preferences";

  return (
    // A new key per language: the page in the other language starts from its own choice.
    <Form key={language} method="post" action="." className="space-y-3">
      <input type="hidden" name="intent" value="preferences" />
      <fieldset className="space-y-1.5" disabled={saving}>
        <legend className="mb-1.5 text-sm font-medium">{t("preferences.language")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {languages.map((code) => (
            <ChoiceCard
              key={code}
              name="locale"
              value={code}
              lang={code}
              defaultChecked={code === language}
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
            >
              {t(`common:language.${code}`)}
            </ChoiceCard>
          ))}
        </div>
        <p className="text-xs text-text-muted" aria-live="polite">
          {saving
            ? t("preferences.saving")
            : hydrated
              ? t("preferences.languageHintInstant")
              : t("preferences.languageHint")}
        </p>
      </fieldset>
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          {t("preferences.saveLanguage")}
        </Button>
      )}
    </Form>
  );
}

/** The colour mode lives in this browser's storage, so choosing one needs JavaScript. */
function ColorModeChoice() {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const { preference, setPreference } = useColorMode();
  return (
    <fieldset className="space-y-1.5" disabled={!hydrated}>
      <legend className="mb-1.5 text-sm font-medium">{t("preferences.colorMode")}</legend>
      <div className="grid grid-cols-3 gap-2">
        {colorModePreferences.map((mode) => (
          <ChoiceCard
            key={mode}
            name="colorMode"
            value={mode}
            icon={colorModeIcons[mode]}
            checked={preference === mode}
            onChange={() => setPreference(mode)}
          >
            {t(`common:userMenu.${mode}`)}
          </ChoiceCard>
        ))}
      </div>
      <p className="text-xs text-text-muted">
        {hydrated ? t("preferences.colorModeHint") : t("preferences.colorModeNeedsScript")}
      </p>
    </fieldset>
  );
}

/** A radio button drawn as a card: the label is what people click, the radio takes the keys. */
function ChoiceCard({
  icon,
  lang,
  children,
  ...radio
}: {
  name: string;
  value: string;
  icon?: IconName;
  lang?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
}) {
  return (
    <label
      lang={lang}
      className={cx(
        "flex h-10 cursor-pointer items-center justify-center gap-2 rounded-control border text-sm",
        "border-border bg-surface hover:not-has-checked:bg-surface-muted",
        "has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--color-focus)]",
        "has-[:disabled]:cursor-default",
      )}
    >
      <input type="radio" className="sr-only" {...radio} />
      {icon ? <Icon name={icon} /> : null}
      {children}
    </label>
  );
}
