import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { RealtimeConnection } from "~/lib/realtime/connection.client";
import { registerRealtimeStop, useRealtimeStatus } from "~/lib/realtime/store";
import { cx } from "./ui/cx";

export const socketTicketPath = "/realtime/ticket";

/** Events that arrive together cause one revalidation. */
const revalidateAfterMs = 150;

type RealtimeProps = { userId: string; organizationId: string | null };

/**
 * Live updates for the signed-in layout: connects in the browser when the layout mounts (also
 * right after login, which lands here) and revalidates the loaders when something changed.
 */
export function Realtime(props: RealtimeProps) {
  return <ClientOnly>{() => <RealtimeConnector {...props} />}</ClientOnly>;
}

function RealtimeConnector({ userId, organizationId }: RealtimeProps) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);

  // One connection per signed-in user; a new user (sign-in as someone else) gets a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: userId starts a fresh connection.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const created = new RealtimeConnection({
      ticketPath: socketTicketPath,
      onEvent: () => {
        clearTimeout(timer);
        timer = setTimeout(() => revalidate.current(), revalidateAfterMs);
      },
    });
    const stop = () => created.stop();
    registerRealtimeStop(stop);
    created.start();
    setConnection(created);
    return () => {
      clearTimeout(timer);
      registerRealtimeStop(null);
      void stop().catch(() => {});
    };
  }, [userId]);

  useEffect(() => {
    connection?.setDestinations([
      "/user/queue/events",
      ...(organizationId ? [`/topic/organizations.${organizationId}`] : []),
    ]);
  }, [connection, organizationId]);

  return null;
}

/** A dot and a word: live, connecting, or off. */
export function ConnectionIndicator({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { activation, connected } = useRealtimeStatus();
  const state = connected ? "live" : activation === "active" ? "connecting" : "offline";
  return (
    <span
      className={cx("inline-flex items-center gap-1.5 text-xs text-text-muted", className)}
      data-realtime={state}
      title={t(`realtime.${state}.description`)}
    >
      <span
        aria-hidden="true"
        className={cx(
          "size-2 rounded-full",
          state === "live" && "bg-success",
          state === "connecting" && "animate-pulse bg-warning",
          state === "offline" && "bg-text-muted/50",
        )}
      />
      {t(`realtime.${state}.label`)}
    </span>
  );
}
