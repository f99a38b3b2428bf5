import { useTranslation } from "react-i18next";
import { LocalizedLink } from "./localized-link";
import { Button } from "./ui/button";
import { EmptyState } from "./ui/empty-state";
import { Icon } from "./ui/icon";
import type { IconName } from "./ui/icons/icon-names";
import { PageShell } from "./ui/page-shell";

/** A section whose content is not built yet: its title and an honest empty state. */
export function PlaceholderPage({
  title,
  description,
  emptyTitle,
  emptyBody,
  icon,
  primaryAction,
  values,
}: {
  title: string;
  description?: string;
  emptyTitle: string;
  emptyBody: string;
  icon?: IconName;
  /** The page's main action, a link to an app path with a translated label. */
  primaryAction?: { to: string; label: string };
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const action = (variant: "primary" | "secondary") =>
    primaryAction ? (
      <Button variant={variant} asChild>
        <LocalizedLink to={primaryAction.to}>
          <Icon name="plus" />
          {t(primaryAction.label)}
        </LocalizedLink>
      </Button>
    ) : undefined;
  return (
    <PageShell
      title={t(title, values)}
      description={description ? t(description) : undefined}
      actions={action("primary")}
    >
      <EmptyState icon={icon} title={t(emptyTitle, values)} action={action("secondary")}>
        {t(emptyBody)}
      </EmptyState>
    </PageShell>
  );
}
