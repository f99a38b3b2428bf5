import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** Transitions quicker than this show nothing: a bar that flashes is noise. */
export const NAVIGATION_PROGRESS_DELAY_MS = 100;

/** True once `active` has held for `delay` milliseconds; false as soon as it stops. */
export function useDelayedFlag(active: boolean, delay: number) {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    setElapsed(false);
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return active && elapsed;
}

/** A thin bar along the top of the page while a navigation or form submission is under way. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const shown = useDelayedFlag(navigation.state !== "idle", NAVIGATION_PROGRESS_DELAY_MS);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("runtime.loadingPage")}
      data-navigation-progress=""
      className="navigation-progress fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent/20"
    >
      <div className="navigation-progress-bar h-full w-2/5 bg-accent" />
    </div>
  );
}
