import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import type { BotPublicConfig } from "../../../widget/contract";
import type { QalamBotApi } from "../../../widget/index";
import type { WidgetHandle } from "../../../widget/widget";

const scriptId = "qalam-widget-script";

/** `/widget.js`, loaded once on the page: the same bundle sites embed. */
function loadWidget(): Promise<QalamBotApi> {
  const ready = () => {
    const api = window.QalamBot;
    return api && "version" in api ? api : null;
  };
  const loaded = ready();
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    let script = document.getElementById(scriptId) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement("script");
      script.id = scriptId;
      script.src = "/widget.js";
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener("load", () => {
      const api = ready();
      if (api) resolve(api);
      else reject(new Error("widget.js did not install QalamBot"));
    });
    script.addEventListener("error", () => reject(new Error("widget.js did not load")));
  });
}

/**
 * The real widget, drawn in this frame with a configuration that is not saved yet
 * (docs/x-bot-widget.md, "The preview hook"): mounted once, then `update(config)` as it changes.
 * Client only: the server draws the frame and its loading line.
 */
export function WidgetPreview({
  config,
  previewToken,
}: {
  config: BotPublicConfig;
  previewToken: string | null;
}) {
  const { t } = useTranslation("xbot");
  const frame = useRef<HTMLDivElement>(null);
  const widget = useRef<WidgetHandle | null>(null);
  const latest = useRef(config);
  latest.current = config;
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const hydrated = useHydrated();

  useEffect(() => {
    let cancelled = false;
    loadWidget()
      .then((api) => {
        if (cancelled || !frame.current) return;
        widget.current = api.mount(frame.current, {
          config: latest.current,
          apiBase: "/api/v1",
          preview: true,
          previewToken: previewToken ?? undefined,
          open: true,
        });
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      widget.current?.destroy();
      widget.current = null;
    };
  }, [previewToken]);

  useEffect(() => {
    widget.current?.update(config);
  }, [config]);

  return (
    <div className="relative h-[680px] overflow-hidden rounded-card border border-border bg-surface-muted">
      <div ref={frame} data-testid="appearance-preview" className="absolute inset-0" />
      {!hydrated ? (
        <noscript>
          <p className="absolute inset-x-4 top-4 text-sm text-text-muted">
            {t("appearance.preview.noScript")}
          </p>
        </noscript>
      ) : state === "ready" ? null : (
        <p
          className="absolute inset-x-4 top-4 text-sm text-text-muted"
          role={state === "failed" ? "alert" : undefined}
        >
          {state === "failed" ? t("appearance.preview.failed") : t("appearance.preview.loading")}
        </p>
      )}
    </div>
  );
}
