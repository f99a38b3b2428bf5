import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { AccountSession, Device } from "~/lib/device";
import { formatRelativeTime } from "~/lib/relative-time";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Icon } from "../ui/icon";
import type { IconName } from "../ui/icons/icon-names";
import { Pagination } from "../ui/pagination";
import { SettingsSection } from "../ui/settings-section";

const deviceIcons: Record<Device["kind"], IconName> = {
  desktop: "monitor",
  mobile: "smartphone",
  tablet: "tablet",
  other: "globe",
};

export function SessionsSection({
  sessions,
  paging,
  now,
  askingToEndOthers,
}: {
  /** A page of the sessions, this device's first. */
  sessions: AccountSession[];
  paging: { page: number; pageSize: number; total: number };
  now: number;
  askingToEndOthers: boolean;
}) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const navigation = useNavigation();
  const endingOne = useIsPending({ intent: "revokeSession" });
  const ending = endingOne ? navigation.formData?.get("sessionId") : null;
  // Every session but this one, on any page.
  const others = Math.max(0, paging.total - 1);

  const deviceName = ({ browser, os }: Device) => {
    if (browser && os) return t("sessions.browserOn", { browser, os });
    return browser ?? os ?? t("sessions.unknownDevice");
  };

  return (
    <SettingsSection
      id="sessions"
      title={t("sessions.title")}
      description={t("sessions.description")}
    >
      <ul className="divide-y divide-border rounded-control border border-border">
        {sessions.map((session) => (
          <li key={session.id} className="flex items-center gap-4 px-4 py-3">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-muted text-text-muted">
              <Icon name={deviceIcons[session.device.kind]} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 text-sm font-medium">
                <span className="truncate" dir="auto">
                  {deviceName(session.device)}
                </span>
                {session.current ? <Badge tone="success">{t("sessions.thisDevice")}</Badge> : null}
              </p>
              <p className="mt-0.5 text-xs text-text-muted">
                {session.ip ? (
                  <>
                    <bdi dir="ltr">{session.ip}</bdi>
                    {" · "}
                  </>
                ) : null}
                {session.current
                  ? t("sessions.activeNow")
                  : t("sessions.lastActive", {
                      time: formatRelativeTime(session.lastUsedAt, now, language),
                    })}
                {" · "}
                {t("sessions.signedIn", {
                  time: formatRelativeTime(session.createdAt, now, language),
                })}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post" action="." preventScrollReset>
                <input type="hidden" name="intent" value="revokeSession" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={ending === session.id}
                  aria-label={t("sessions.endOneLabel", { device: deviceName(session.device) })}
                >
                  <Icon name="log-out" />
                  {t("sessions.endOne")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>

      <Pagination
        {...paging}
        label={t("sessions.pages")}
        param="sessionsPage"
        hash="#sessions"
        className="mt-4"
      />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-text-muted">
          {others > 0 ? t("sessions.othersCount", { count: others }) : t("sessions.noOthers")}
        </p>
        {others > 0 ? (
          <ConfirmDialog
            intent="revokeOthers"
            asking={askingToEndOthers}
            title={t("sessions.confirmTitle")}
            description={t("sessions.confirmDescription", { count: others })}
            confirmLabel={t("sessions.confirm")}
            cancelLabel={t("common:actions.cancel")}
            trigger={
              <Button type="submit" variant="secondary">
                <Icon name="log-out" />
                {t("sessions.endOthers")}
              </Button>
            }
          />
        ) : null}
      </div>
    </SettingsSection>
  );
}
