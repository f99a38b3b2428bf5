import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Code to copy: plain selectable text that works without JavaScript, and a button that copies
 * it once the page runs.
 */
export function CopyCode({ code, label, id }: { code: string; label: string; id: string }) {
  const { t } = useTranslation("xbot");
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-md border border-border bg-surface-muted">
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-1.5">
        <span id={`${id}-label`} className="text-xs font-medium text-text-muted">
          {label}
        </span>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-describedby={`${id}-label`}
          onClick={async () => {
            await navigator.clipboard?.writeText(code);
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          }}
        >
          {copied ? t("embedding.copied") : t("embedding.copy")}
        </Button>
      </div>
      <pre
        dir="ltr"
        className="overflow-x-auto p-3 text-start text-xs leading-relaxed select-all"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block is reached by keyboard
        tabIndex={0}
      >
        <code data-testid={id}>{code}</code>
      </pre>
    </div>
  );
}
