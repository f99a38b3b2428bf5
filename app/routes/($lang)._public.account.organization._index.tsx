import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { PageHeader } from "~/components/ui/page-header";
import { useLocalizedPath } from "~/lib/use-language";
import type { loader as rootLoader } from "~/root";

export const handle = { title: "pages.organization.title" };

export default function OrganizationsPage() {
  const { t } = useTranslation();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const localize = useLocalizedPath();

  if (!user) {
    return (
      <Card className="p-10 text-center">
        <span className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
          <Icon name="building-2" className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">
          {t("pages.organization.guestTitle")}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-text-muted">{t("pages.organization.guestBody")}</p>
        <div className="mt-8 flex justify-center gap-3">
          <Button asChild>
            <LocalizedLink
              to={`/login?redirectTo=${encodeURIComponent(localize("/account/organization"))}`}
            >
              {t("pages.organization.signIn")}
            </LocalizedLink>
          </Button>
          <Button variant="secondary" asChild>
            <LocalizedLink to="/signup">{t("pages.organization.signUp")}</LocalizedLink>
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title={t("pages.organization.title")}
        description={t("pages.organization.description")}
        actions={
          <Button asChild>
            <LocalizedLink to="/account/organization/create">
              <Icon name="plus" />
              {t("pages.organization.createTitle")}
            </LocalizedLink>
          </Button>
        }
      />
      <EmptyState icon="building-2" title={t("pages.organization.emptyTitle")}>
        {t("pages.organization.emptyBody")}
      </EmptyState>
    </>
  );
}
