import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { type OrganizationSummary, organizationInitials } from "~/lib/organizations";
import { useLanguage, useLocalizedPath } from "~/lib/use-language";
import { LocalizedLink } from "../localized-link";
import { Avatar } from "../ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { Icon } from "../ui/icon";

function OrganizationLogo({
  organization,
  className,
}: {
  organization: OrganizationSummary;
  className?: string;
}) {
  return (
    <Avatar
      src={organization.logoUrl}
      fallback={organizationInitials(organization.name)}
      shape="square"
      className={className}
    />
  );
}

/**
 * The current organization at the top of the sidebar, and a menu to switch to another one.
 * Each switch is a form post to the organizations page's action, as its own switch buttons are.
 */
export function OrganizationSwitcher({ organizations }: { organizations: OrganizationSummary[] }) {
  const { t } = useTranslation("organizations");
  const language = useLanguage();
  const localize = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const current = organizations.find((organization) => organization.current);

  if (organizations.length === 0) {
    return (
      <LocalizedLink
        to="/account/organization/create"
        className="flex h-12 items-center gap-3 rounded-control border border-dashed border-border px-3 text-sm font-medium text-text-muted hover:border-accent hover:text-accent"
      >
        <Icon name="plus" />
        {t("switcher.createFirst")}
      </LocalizedLink>
    );
  }

  return (
    <>
      <DropdownMenu
        open={open}
        onOpenChange={setOpen}
        dir={language === "ar" ? "rtl" : "ltr"}
        // Not modal: the page stays readable around the menu (nothing is hidden from assistive
        // technology), and a click outside still closes it.
        modal={false}
      >
        <DropdownMenuTrigger
          aria-label={current ? t("switcher.open", { name: current.name }) : t("switcher.openNone")}
          className="flex w-full items-center gap-3 rounded-control border border-border bg-surface p-2 text-start shadow-card hover:bg-surface-muted data-[state=open]:bg-surface-muted"
        >
          {current ? (
            <OrganizationLogo organization={current} />
          ) : (
            <span className="grid size-8 shrink-0 place-items-center rounded-control bg-surface-muted text-text-muted">
              <Icon name="building-2" />
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">
              {current ? current.name : t("switcher.none")}
            </span>
            <span className="block truncate text-xs text-text-muted">
              {current ? t(`roles.${current.role}`) : t("switcher.choose")}
            </span>
          </span>
          <Icon name="chevrons-up-down" className="text-text-muted" />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          portalled={false}
          className="w-(--radix-dropdown-menu-trigger-width)"
        >
          <DropdownMenuGroup aria-labelledby="organization-switcher-label">
            <DropdownMenuLabel id="organization-switcher-label">
              {t("switcher.label")}
            </DropdownMenuLabel>
            {organizations.map((organization) =>
              organization.current ? (
                <DropdownMenuItem key={organization.id} className="h-10">
                  <OrganizationLogo
                    organization={organization}
                    className="size-6 text-[0.625rem]"
                  />
                  <span className="min-w-0 flex-1 truncate font-medium">{organization.name}</span>
                  <Icon name="check" className="text-accent" label={t("list.current")} />
                </DropdownMenuItem>
              ) : (
                // The item is the form's submit button; the menu stays open until the form has
                // been sent, or it would take the form out of the page first.
                <Form
                  key={organization.id}
                  method="post"
                  action={`${localize("/account/organization")}?index`}
                  onSubmit={() => setOpen(false)}
                >
                  <input type="hidden" name="intent" value="switch" />
                  <input type="hidden" name="organizationId" value={organization.id} />
                  <DropdownMenuItem
                    asChild
                    className="h-10 w-full text-start"
                    onSelect={(event) => event.preventDefault()}
                  >
                    <button type="submit">
                      <OrganizationLogo
                        organization={organization}
                        className="size-6 text-[0.625rem]"
                      />
                      <span className="min-w-0 flex-1 truncate">{organization.name}</span>
                    </button>
                  </DropdownMenuItem>
                </Form>
              ),
            )}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          {current ? (
            <DropdownMenuItem asChild>
              <LocalizedLink to={`/account/organization/${current.id}`}>
                <Icon name="settings" />
                {t("switcher.settings")}
              </LocalizedLink>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem asChild>
            <LocalizedLink to="/account/organization">
              <Icon name="building-2" />
              {t("switcher.all")}
            </LocalizedLink>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <LocalizedLink to="/account/organization/create">
              <Icon name="plus" />
              {t("switcher.create")}
            </LocalizedLink>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <noscript>
        <LocalizedLink
          to="/account/organization"
          className="mt-1 block px-2 text-sm text-text-muted underline"
        >
          {t("switcher.all")}
        </LocalizedLink>
      </noscript>
    </>
  );
}
