import { useTranslation } from "react-i18next";
import type { LoaderFunctionArgs } from "react-router";
import { Outlet } from "react-router";
import { ColorModeSwitcher } from "~/components/color-mode-switcher";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Icon } from "~/components/ui/icon";
import { requireGuest } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  return null;
}

export default function GuestLayout() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-screen grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative flex flex-col justify-between overflow-hidden bg-accent p-12 text-accent-contrast dark:bg-accent-soft dark:text-text">
        <p className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <span className="grid size-9 place-items-center rounded-control bg-white/15">
            <Icon name="sparkles" />
          </span>
          {t("app.name")}
        </p>
        <p className="max-w-sm text-2xl leading-snug font-medium">{t("app.tagline")}</p>
        <span
          aria-hidden
          className="absolute -end-24 -bottom-24 size-80 rounded-full bg-white/10"
        />
      </aside>
      <div className="flex flex-col">
        <header className="flex items-center justify-end gap-3 p-6">
          <ColorModeSwitcher />
          <LanguageSwitcher />
        </header>
        <main className="flex flex-1 items-center justify-center px-8 pb-16">
          <div className="w-full max-w-sm">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
