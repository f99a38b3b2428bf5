import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { startBuildCheck } from "~/lib/runtime/build-check";
import { navigateByDocument } from "~/lib/runtime/document-navigation";
import { setNewBuild, useNewBuild } from "~/lib/runtime/new-build";
import { Button } from "./ui/button";
import { Icon } from "./ui/icon";

/**
 * Watches for a new deployment and, once there is one, offers a reload and makes the next
 * navigation a full page load, so that no page mixes the files of two builds.
 */
export function NewBuildNotice() {
  const { t } = useTranslation();
  const newBuild = useNewBuild();
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    // Vite's development server has no builds to compare.
    if (import.meta.env.DEV) return;
    return startBuildCheck({
      currentId: window.__reactRouterManifest.version,
      onNewBuild: setNewBuild,
    });
  }, []);

  useEffect(() => (newBuild ? navigateByDocument() : undefined), [newBuild]);

  return (
    <div aria-live="polite" className="fixed bottom-4 end-4 z-50">
      {newBuild && !dismissed ? (
        <div
          data-new-build={newBuild.id}
          className="flex max-w-sm items-center gap-3 rounded-card border border-border bg-surface p-4 text-sm shadow-popover"
        >
          <Icon name="sparkles" className="size-5 text-accent" />
          <p className="flex-1">{t("runtime.newBuild")}</p>
          <Button size="sm" onClick={() => window.location.reload()}>
            {t("runtime.reload")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="px-2"
            aria-label={t("runtime.later")}
            title={t("runtime.later")}
            onClick={() => setDismissed(true)}
          >
            <Icon name="x" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
