import { useTranslation } from "react-i18next";
import { type MediaItem, mediaUrls } from "~/lib/media-library";

/** The item itself, as large as the dialog allows: the image, a player for sound and film. */
export function MediaPreview({ item, alt }: { item: MediaItem; alt: string }) {
  const { t } = useTranslation("media");
  const src = mediaUrls.content(item.id);
  if (item.kind === "image") {
    return (
      <img
        src={src}
        alt={alt}
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        className="mx-auto max-h-[60vh] w-auto max-w-full rounded-control border border-border bg-surface-muted object-contain"
      />
    );
  }
  if (item.kind === "audio") {
    return (
      // biome-ignore lint/a11y/useMediaCaption: generated speech has its text as the prompt beside it.
      <audio
        controls
        preload="metadata"
        src={src}
        aria-label={t("detail.player")}
        className="w-full"
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: a generated clip has no captions track to offer yet.
    <video
      controls
      preload="metadata"
      src={src}
      poster={item.hasThumbnail ? mediaUrls.thumbnail(item.id) : undefined}
      aria-label={t("detail.player")}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      className="mx-auto max-h-[60vh] w-full rounded-control border border-border bg-black"
    />
  );
}
