import { useTranslation } from "react-i18next";
import type { Dashboard } from "~/lib/dashboard";
import { dateTimeFormat, numberFormat } from "~/lib/intl-formats";
import { useLanguage } from "~/lib/use-language";
import { LocalizedLink } from "../localized-link";
import { Card } from "../ui/card";
import { cx } from "../ui/cx";

/**
 * This month's AI use per capability against its limit; by member for those who manage the AI
 * (the API sends the members to them alone).
 */
export function UsageCard({
  usage,
  organizationId,
}: {
  usage: Dashboard["usage"];
  organizationId: string;
}) {
  const { t } = useTranslation("dashboard");
  const { t: tOrganizations } = useTranslation("organizations");
  const language = useLanguage();
  const number = numberFormat(`${language}-u-nu-latn`, { notation: "compact" });
  const month = dateTimeFormat(`${language}-u-nu-latn`, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${usage.month}-01T00:00:00Z`));
  const used = usage.capabilities.filter((row) => row.used > 0 || row.limit !== null);
  const rows = used.length ? used : usage.capabilities.slice(0, 3);

  return (
    <Card as="section" aria-labelledby="usage-title" className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-title" className="text-base font-semibold text-text">
          {t("usage.title")}
        </h2>
        {usage.members ? (
          <LocalizedLink
            to={`/account/organization/${organizationId}/usage`}
            className="text-sm text-accent hover:underline"
          >
            {t("usage.details")}
          </LocalizedLink>
        ) : null}
      </div>
      <p className="mt-0.5 text-sm text-text-muted">{t("usage.description", { month })}</p>
      <ul className="mt-4 space-y-3">
        {rows.map((row) => {
          const share = row.limit ? Math.min(1, row.used / row.limit) : 0;
          const label = tOrganizations(`ai.capabilities.${row.capability}`);
          return (
            <li key={row.capability}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-text">{label}</span>
                <span className="tabular-nums text-text-muted">
                  {row.limit === null
                    ? `${number.format(row.used)} · ${t("usage.noLimit")}`
                    : t("usage.of", {
                        used: number.format(row.used),
                        limit: number.format(row.limit),
                      })}
                </span>
              </div>
              <div
                className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-surface-muted"
                aria-hidden="true"
              >
                <div
                  className={cx("h-full rounded-full", share >= 1 ? "bg-danger" : "bg-accent")}
                  style={{ width: `${row.limit === null ? 0 : share * 100}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {usage.members && usage.members.length > 0 ? (
        <div className="mt-5 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-2 text-start text-sm font-medium text-text">
              {t("usage.members")}
            </caption>
            <thead>
              <tr className="border-b border-border text-text-muted">
                <th scope="col" className="py-1.5 pe-4 text-start font-medium">
                  {t("usage.member")}
                </th>
                <th scope="col" className="py-1.5 pe-4 text-start font-medium">
                  {t("usage.capability")}
                </th>
                <th scope="col" className="py-1.5 text-start font-medium">
                  {t("usage.used")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {usage.members.map((member) => (
                <tr key={`${member.userId}-${member.capability}`}>
                  <td className="py-1.5 pe-4">
                    <bdi>{`${member.firstName} ${member.lastName}`.trim()}</bdi>
                  </td>
                  <td className="py-1.5 pe-4">
                    {tOrganizations(`ai.capabilities.${member.capability}`)}
                  </td>
                  <td className="py-1.5 tabular-nums">{number.format(member.used)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}
