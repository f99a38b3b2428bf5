import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "./ui/empty-state";
import type { IconName } from "./ui/icons/icon-names";
import { PageHeader } from "./ui/page-header";

/** A section whose content is not built yet: its title and an honest empty state. */
export function PlaceholderPage({
  title,
  description,
  emptyTitle,
  emptyBody,
  icon,
  actions,
  values,
}: {
  title: string;
  description?: string;
  emptyTitle: string;
  emptyBody: string;
  icon?: IconName;
  actions?: ReactNode;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t(title, values)}
        description={description ? t(description) : undefined}
        actions={actions}
      />
      <EmptyState icon={icon} title={t(emptyTitle, values)}>
        {t(emptyBody)}
      </EmptyState>
    </>
  );
}
