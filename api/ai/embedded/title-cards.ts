import sharp from "sharp";

/** The card's colours: the slate of the product's dark mode, with its near-white text. */
const background = "#1e293b";
const foreground = "#f8fafc";

/** Fonts that cover Latin and Arabic, the first one installed wins (fontconfig falls back). */
const fonts = "IBM Plex Sans Arabic, Noto Sans Arabic, Noto Sans, DejaVu Sans, sans";

/** Text for Pango's markup: the three characters it reads as markup are escaped. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A title card of the slideshow: `text` centred on a plain frame of `width` × `height`, as PNG.
 * Pango lays the text out (through sharp), so Arabic is shaped, joined and set right to left,
 * and long text wraps at words; text taller than the frame is scaled down to fit it.
 */
export async function titleCard(text: string, width: number, height: number): Promise<Buffer> {
  const fontSize = Math.round(Math.min(width, height) / 14);
  const rendered = await sharp({
    text: {
      text: `<span foreground="${foreground}">${escapeMarkup(text)}</span>`,
      font: `${fonts} ${fontSize}`,
      width: Math.round(width * 0.8),
      align: "centre",
      wrap: "word",
      rgba: true,
      dpi: 72,
      spacing: Math.round(fontSize * 0.4),
    },
  })
    .png()
    .toBuffer();
  const inner = { width: Math.round(width * 0.9), height: Math.round(height * 0.9) };
  const fitted = await sharp(rendered)
    .resize({ ...inner, fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: fitted, gravity: "centre" }])
    .png()
    .toBuffer();
}
