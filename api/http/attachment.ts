/** Separators, characters file systems refuse, controls, and the marks that reorder text. */
const unsafeInFileNames = /[\\/:*?"<>|\p{Cc}\s\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/** Longer titles are cut: file systems take 255 bytes, and an Arabic letter is two of them. */
const maxStemLength = 100;

/**
 * A file name's stem made from a title, Arabic included: one line, no path, no character a file
 * system refuses, no mark that could show the extension reversed, no leading dot; `fallback`
 * when the title leaves nothing.
 */
export function fileStem(title: string, fallback: string): string {
  const cleaned = title.normalize("NFC").replace(unsafeInFileNames, " ").trim();
  const stem = Array.from(cleaned)
    .slice(0, maxStemLength)
    .join("")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  return stem || fallback;
}

/**
 * `Content-Disposition` for a download named after a record's title, Arabic titles included:
 * an ASCII `filename` for old clients beside the UTF-8 `filename*`. `fallback` names it when the
 * title leaves nothing.
 */
export function attachment(title: string, extension: string, fallback = "document") {
  return attachmentNamed(`${fileStem(title, fallback)}.${extension}`);
}

/** `Content-Disposition` for a download of this name (one `fileStem` made safe). */
export function attachmentNamed(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  // RFC 8187's value characters: encodeURIComponent leaves ' ( ) * as they are.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
