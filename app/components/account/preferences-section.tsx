import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { colorModePreferences } from "~/lib/color-mode";
import { languages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { useColorMode } from "../color-mode";
import { colorModeIcons } from "../color-mode-switcher";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { Icon } from "../ui/icon";
import { SelectField } from "../ui/select";
import { SettingsSection } from "./settings-section";

export function PreferencesSection({ locale }: { locale: string }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "preferences";

  return (
    <SettingsSection
      id="preferences"
      title={t("preferences.title")}
      description={t("preferences.description")}
    >
      <div className="grid grid-cols-2 gap-8">
        <Form method="post" action="." className="space-y-3">
          <input type="hidden" name="intent" value="preferences" />
          <SelectField
            label={t("preferences.language")}
            name="locale"
            hint={t("preferences.languageHint")}
            defaultValue={locale}
            options={languages.map((code) => ({
              value: code,
              label: t(`common:language.${code}`),
              lang: code,
            }))}
          />
          <Button type="submit" variant="secondary" disabled={saving}>
            {saving ? t("preferences.saving") : t("preferences.saveLanguage")}
          </Button>
        </Form>
        <ColorModeChoice />
      </div>
    </SettingsSection>
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
          <label
            key={mode}
            className={cx(
              "flex h-10 cursor-pointer items-center justify-center gap-2 rounded-control border text-sm",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--color-focus)]",
              preference === mode
                ? "border-accent bg-accent-soft text-accent"
                : "border-border bg-surface hover:bg-surface-muted",
            )}
          >
            <input
              type="radio"
              name="colorMode"
              value={mode}
              checked={preference === mode}
              onChange={() => setPreference(mode)}
              className="sr-only"
            />
            <Icon name={colorModeIcons[mode]} />
            {t(`common:userMenu.${mode}`)}
          </label>
        ))}
      </div>
      <p className="text-xs text-text-muted">
        {hydrated ? t("preferences.colorModeHint") : t("preferences.colorModeNeedsScript")}
      </p>
    </fieldset>
  );
}
