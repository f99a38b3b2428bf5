import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import type { Silence } from "~/lib/creator-kinds";

/**
 * Why a video was made without sound, where the video shows (the creator's job card, the
 * library's item): no voice to read it, with the server's missing program, or nothing to read.
 */
export function SilentNote({ silence }: { silence: Silence }) {
  const { t } = useTranslation("creators");
  return (
    <p
      data-silent={silence.reason}
      className="flex items-start gap-2 rounded-control border border-border bg-surface-muted p-2.5 text-sm text-text"
    >
      <Icon name="info" className="mt-0.5 text-text-muted" />
      <span className="min-w-0">
        {t(`silent.${silence.reason}`)}
        {silence.missingTool ? (
          <>
            {" "}
            {t("silent.missingTool")}{" "}
            <bdi dir="ltr" className="whitespace-nowrap">
              {silence.missingTool}
            </bdi>
          </>
        ) : null}
      </span>
    </p>
  );
}
