import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  type Organization,
  type OrganizationSection,
  organizationSectionPath,
  sectionsFor,
} from "~/lib/organizations";
import { LocalizedLink, LocalizedNavLink } from "../localized-link";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { Icon } from "../ui/icon";
import type { IconName } from "../ui/icons/icon-names";
import { PageShell } from "../ui/page-shell";

const sectionIcons: Record<OrganizationSection, IconName> = {
  general: "settings",
  members: "users",
  ai: "sparkles",
  usage: "history",
};

/**
 * The organization's page around one of its sections: the name, the way back, the owner's
 * settings, and the links between the sections (plain links, so that they work without
 * JavaScript; their row follows the page's direction).
 */
export function OrganizationFrame({
  organization,
  children,
}: {
  organization: Organization;
  children: ReactNode;
}) {
  const { t } = useTranslation("organizations");
  const isOwner = organization.role === "owner";
  return (
    <PageShell
      title={organization.name}
      description={t(`roles.${organization.role}`)}
      back={{ to: "/account/organization", label: t("title") }}
      actions={
        isOwner ? (
          <Button variant="secondary" asChild>
            <LocalizedLink to={`/account/organization/${organization.id}/owner`}>
              <Icon name="crown" />
              {t("owner.link")}
            </LocalizedLink>
          </Button>
        ) : null
      }
    >
      <nav aria-label={t("sections.label")} className="mb-6 border-b border-border">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {sectionsFor(organization).map((section) => (
            <li key={section}>
              <LocalizedNavLink
                to={organizationSectionPath(organization.id, section)}
                end
                preventScrollReset
                className={({ isActive }) =>
                  cx(
                    "inline-flex h-10 items-center gap-2 border-b-2 px-3 text-sm font-medium",
                    isActive
                      ? "border-accent text-accent"
                      : "border-transparent text-text-muted hover:border-border hover:text-text",
                  )
                }
              >
                <Icon name={sectionIcons[section]} />
                {t(`sections.${section}`)}
              </LocalizedNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-6">{children}</div>
    </PageShell>
  );
}
