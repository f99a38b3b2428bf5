import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Export as Markdown or HTML (downloads), or print, which the print stylesheet turns into the
 * document alone (and the browser into a PDF). A disclosure, so it opens without JavaScript.
 */
export function ExportMenu({ id }: { id: string }) {
  const { t } = useTranslation("documents");
  const hydrated = useHydrated();
  const item =
    "flex w-full items-center gap-2 rounded-control px-3 py-2 text-start text-sm text-text hover:bg-surface-muted";
  return (
    <details className="group relative">
      <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-control border border-border bg-surface px-4 text-sm font-medium text-text hover:bg-surface-muted [&::-webkit-details-marker]:hidden">
        <Icon name="download" />
        {t("export.label")}
        <Icon name="chevron-down" className="transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute end-0 z-20 mt-1 w-56 rounded-card border border-border bg-surface p-1 shadow-popover">
        <a href={`/documents/${id}/export?format=md`} download className={item}>
          {t("export.markdown")}
        </a>
        <a href={`/documents/${id}/export?format=html`} download className={item}>
          {t("export.html")}
        </a>
        {hydrated ? (
          <button type="button" className={item} onClick={() => window.print()}>
            <Icon name="printer" />
            {t("export.print")}
          </button>
        ) : null}
      </div>
    </details>
  );
}
