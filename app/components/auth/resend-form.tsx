import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Honeypot } from "~/components/honeypot";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/lib/use-hydrated";

/** Seconds left of `seconds`, counting down once JavaScript runs. */
function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const deadline = Date.now() + seconds * 1000;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      return remaining;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/** "Send a new key", held back while the last key's cooldown runs. */
export function ResendForm({ seconds, sending }: { seconds: number; sending: boolean }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const left = useCountdown(seconds);
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <Honeypot />
      {/* Without JavaScript the button stays usable: the API's throttle answers an early press. */}
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={sending || (hydrated && left > 0)}
      >
        <Icon name="refresh-cw" />
        {left > 0 ? t("verify.resendIn", { time }) : t("verify.resend")}
      </Button>
    </Form>
  );
}
