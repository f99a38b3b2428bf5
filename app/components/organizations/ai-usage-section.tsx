import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { type AiCapability, AiQuotaForm, type AiUsage } from "~/lib/ai-models";
import { useAppForm } from "~/lib/app-form";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { InputField } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { Button } from "../ui/button";
import { SettingsSection } from "../ui/settings-section";

type Props = {
  usage: AiUsage;
  /** The owner may change the limits (ai.quotas). */
  canSetLimits: boolean;
  quotaAnswer?: { capability: AiCapability; result: SubmissionResult<string[]> };
};

/** This month's AI use by capability, with its limit, and by member (owners and admins). */
export function AiUsageSection({ usage, canSetLimits, quotaAnswer }: Props) {
  const { t } = useTranslation("organizations");
  const language = useLanguage();
  const number = new Intl.NumberFormat(`${language}-u-nu-latn`);
  const amount = (value: number, unit: string) =>
    t(`ai.usage.units.${unit}`, { count: value, formatted: number.format(value) });
  const month = new Intl.DateTimeFormat(`${language}-u-nu-latn`, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${usage.month}-01T00:00:00Z`));

  return (
    <SettingsSection
      id="ai-usage"
      title={t("ai.usage.title")}
      description={t("ai.usage.description", { month })}
    >
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("ai.usage.byCapability", { month })}</caption>
          <thead>
            <tr className="border-b border-border text-start text-text-muted">
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                {t("ai.usage.capability")}
              </th>
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                {t("ai.usage.used")}
              </th>
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                {t("ai.usage.calls")}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t("ai.usage.limit")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {usage.capabilities.map((row) => {
              const over = row.limit !== null && row.used >= row.limit;
              return (
                <tr key={row.capability} className="align-top">
                  <th scope="row" className="py-3 pe-4 text-start font-medium">
                    {t(`ai.usage.shortNames.${row.capability}`)}
                  </th>
                  <td className={`py-3 pe-4 ${over ? "font-medium text-danger" : ""}`}>
                    {amount(row.used, row.unit)}
                  </td>
                  <td className="py-3 pe-4">
                    {t("ai.usage.callCount", {
                      count: row.calls,
                      formatted: number.format(row.calls),
                    })}
                    {row.failures > 0 ? (
                      <span className="block text-xs text-text-muted">
                        {t("ai.usage.failures", {
                          count: row.failures,
                          formatted: number.format(row.failures),
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-3">
                    <p>
                      {row.limit === null ? t("ai.usage.noLimit") : amount(row.limit, row.unit)}
                      {row.limitSource ? (
                        <span className="block text-xs text-text-muted">
                          {t(`ai.usage.limitFrom.${row.limitSource}`)}
                        </span>
                      ) : null}
                    </p>
                    {canSetLimits ? (
                      <LimitForm
                        capability={row.capability}
                        unit={row.unit}
                        limit={row.limitSource === "organization" ? row.limit : undefined}
                        own={row.limitSource === "organization"}
                        lastResult={
                          quotaAnswer?.capability === row.capability
                            ? quotaAnswer.result
                            : undefined
                        }
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h3 className="mt-8 mb-2 font-medium">{t("ai.usage.byMember")}</h3>
      {usage.members.length === 0 ? (
        <p className="text-sm text-text-muted">{t("ai.usage.noCalls")}</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {usage.members.map((member) => (
            <li
              key={`${member.userId}-${member.capability}`}
              className="flex flex-wrap justify-between gap-2 py-2"
            >
              <bdi className="font-medium [overflow-wrap:anywhere]">
                {member.firstName} {member.lastName}
              </bdi>
              <span className="text-text-muted">
                {t(`ai.usage.shortNames.${member.capability}`)} ·{" "}
                {amount(
                  member.used,
                  usage.capabilities.find((row) => row.capability === member.capability)?.unit ??
                    "tokens",
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function LimitForm({
  capability,
  unit,
  limit,
  own,
  lastResult,
}: {
  capability: AiCapability;
  unit: string;
  limit: number | null | undefined;
  own: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("organizations");
  const [form, fields] = useAppForm(AiQuotaForm, {
    id: `ai-quota-${capability}`,
    lastResult,
    defaultValue: {
      capability,
      monthlyLimit: limit === null || limit === undefined ? "" : String(limit),
    },
  });
  const saving = useIsPending({ intent: "ai-quota" });
  const name = t(`ai.usage.shortNames.${capability}`);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <Form
        method="post"
        action="."
        preventScrollReset
        className="flex flex-wrap items-end gap-2"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="ai-quota" />
        <input type="hidden" name="capability" value={capability} />
        <FormErrors errors={form.errors} />
        <InputField
          meta={fields.monthlyLimit}
          label={t("ai.usage.limitLabel", { name, unit: t(`ai.usage.unitNames.${unit}`) })}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          className="w-44"
        />
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          disabled={saving}
          aria-label={t("ai.usage.setLimitFor", { name })}
        >
          {t("ai.usage.setLimit")}
        </Button>
      </Form>
      {own ? (
        <Form method="post" action="." preventScrollReset>
          <input type="hidden" name="intent" value="ai-quota-clear" />
          <input type="hidden" name="capability" value={capability} />
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            disabled={saving}
            aria-label={t("ai.usage.useDeploymentLimitFor", { name })}
          >
            {t("ai.usage.useDeploymentLimit")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
