import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../localized-link";
import { Icon } from "../ui/icon";
import type { IconName } from "../ui/icons/icon-names";

const actions: { key: string; to: string; icon: IconName }[] = [
  { key: "thread", to: "/threads", icon: "messages-square" },
  { key: "image", to: "/image/creator", icon: "image" },
  { key: "audio", to: "/audio/creator", icon: "audio-lines" },
  { key: "video", to: "/video/creator", icon: "clapperboard" },
  { key: "document", to: "/documents/new", icon: "file-text" },
  { key: "client", to: "/clients/new", icon: "contact" },
  { key: "bot", to: "/x-bot", icon: "bot" },
];

/** One click to each kind of work the organization makes. */
export function QuickActions() {
  const { t } = useTranslation("dashboard");
  return (
    <nav aria-label={t("quickActions.title")}>
      <ul className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <li key={action.key}>
            <LocalizedLink
              to={action.to}
              className="flex items-center gap-2 whitespace-nowrap rounded-control border border-border bg-surface px-3 py-2.5 text-sm font-medium text-text shadow-card transition-colors hover:bg-surface-muted"
            >
              <span className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
                <Icon name={action.icon} className="size-4" />
              </span>
              {t(`quickActions.${action.key}`)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
