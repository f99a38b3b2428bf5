import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { colorModePreferences, isColorModePreference } from "~/lib/color-mode";
import { isLanguage, languages } from "~/lib/i18n";
import { disconnectRealtime } from "~/lib/realtime/store";
import { useLanguage } from "~/lib/use-language";
import { type CurrentUser, displayName, initials } from "~/lib/user";
import { useColorMode } from "./color-mode";
import { colorModeIcons } from "./color-mode-switcher";
import { useSwitchTarget } from "./language-switcher";
import { LocalizedLink } from "./localized-link";
import { Avatar } from "./ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";
import { Icon } from "./ui/icon";

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const submit = useSubmit();
  const switchTarget = useSwitchTarget();
  const { preference, setPreference } = useColorMode();
  const name = displayName(user);

  return (
    <>
      <DropdownMenu dir={language === "ar" ? "rtl" : "ltr"}>
        <DropdownMenuTrigger
          aria-label={t("userMenu.open")}
          className="flex w-full items-center gap-3 rounded-control p-2 text-start hover:bg-surface-muted"
        >
          <Avatar src={user.avatarUrl} fallback={initials(user)} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{name}</span>
            {user.email ? (
              <span className="block truncate text-xs text-text-muted" dir="ltr">
                {user.email}
              </span>
            ) : null}
          </span>
          <Icon name="chevron-down" className="text-text-muted" />
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="start" className="w-64">
          <DropdownMenuItem asChild>
            <LocalizedLink to="/account">
              <Icon name="user" />
              {t("userMenu.account")}
            </LocalizedLink>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <LocalizedLink to="/account/organization">
              <Icon name="building-2" />
              {t("userMenu.organization")}
            </LocalizedLink>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{t("userMenu.colorMode")}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={preference}
            onValueChange={(value) => isColorModePreference(value) && setPreference(value)}
          >
            {colorModePreferences.map((mode) => (
              <DropdownMenuRadioItem key={mode} value={mode} onSelect={(e) => e.preventDefault()}>
                <Icon name={colorModeIcons[mode]} />
                {t(`userMenu.${mode}`)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{t("userMenu.language")}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={language}
            onValueChange={(value) => {
              if (!isLanguage(value) || value === language) return;
              submit(
                { language: value, redirectTo: switchTarget },
                { method: "post", action: "/locale" },
              );
            }}
          >
            {languages.map((code) => (
              <DropdownMenuRadioItem key={code} value={code}>
                <span lang={code === "ar" ? "ar" : "en"}>{t(`language.${code}`)}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={async () => {
              await disconnectRealtime();
              submit({ language }, { method: "post", action: "/logout" });
            }}
          >
            <Icon name="log-out" />
            {t("userMenu.signOut")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <noscript>
        <Form method="post" action="/logout" className="px-2 pt-2">
          <input type="hidden" name="language" value={language} />
          <button type="submit" className="text-sm text-text-muted underline">
            {t("userMenu.signOut")}
          </button>
        </Form>
      </noscript>
    </>
  );
}
