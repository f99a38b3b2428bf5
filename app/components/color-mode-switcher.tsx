import { useTranslation } from "react-i18next";
import { type ColorModePreference, colorModePreferences } from "~/lib/color-mode";
import { useColorMode } from "./color-mode";
import { cx } from "./ui/cx";
import { Icon } from "./ui/icon";
import type { IconName } from "./ui/icons/icon-names";

export const colorModeIcons: Record<ColorModePreference, IconName> = {
  light: "sun",
  dark: "moon",
  system: "monitor",
};

/** Three toggle buttons; the preference lives in localStorage, so this needs JavaScript. */
export function ColorModeSwitcher() {
  const { t } = useTranslation();
  const { preference, setPreference } = useColorMode();
  return (
    <fieldset className="inline-flex rounded-control border border-border bg-surface p-0.5">
      <legend className="sr-only">{t("userMenu.colorMode")}</legend>
      {colorModePreferences.map((mode) => (
        <button
          key={mode}
          type="button"
          aria-pressed={preference === mode}
          aria-label={t(`userMenu.${mode}`)}
          title={t(`userMenu.${mode}`)}
          onClick={() => setPreference(mode)}
          className={cx(
            "grid size-8 place-items-center rounded-[calc(var(--radius-control)-2px)] text-text-muted hover:text-text",
            preference === mode && "bg-surface-muted text-text",
          )}
        >
          <Icon name={colorModeIcons[mode]} />
        </button>
      ))}
    </fieldset>
  );
}
