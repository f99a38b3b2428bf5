import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/ui/avatar";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { displayName, initials } from "~/lib/user";
import type { loader as authLoader } from "./($lang)._auth";

export const handle = { title: "pages.account.title" };

export default function AccountPage() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof authLoader>("routes/($lang)._auth");
  if (!data) return null;
  const { user } = data;
  const rows = [
    { label: t("pages.account.name"), value: displayName(user) },
    { label: t("pages.account.email"), value: user.email, ltr: true },
    { label: t("pages.account.phone"), value: user.phone, ltr: true },
  ];

  return (
    <>
      <PageHeader title={t("pages.account.title")} description={t("pages.account.description")} />
      <Card className="max-w-2xl p-6">
        <div className="flex items-center gap-4">
          <Avatar src={user.avatarUrl} fallback={initials(user)} className="size-14 text-base" />
          <h2 className="text-lg font-semibold">{t("pages.account.profile")}</h2>
        </div>
        <dl className="mt-6 divide-y divide-border">
          {rows.map((row) => (
            <div key={row.label} className="grid grid-cols-3 gap-4 py-3 text-sm">
              <dt className="text-text-muted">{row.label}</dt>
              <dd className="col-span-2" dir={row.ltr && row.value ? "ltr" : undefined}>
                {row.value || <span className="text-text-muted">{t("pages.account.notSet")}</span>}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-text-muted">{t("pages.account.moreSoon")}</p>
      </Card>
    </>
  );
}
