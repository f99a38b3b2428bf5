/**
 * `Content-Disposition` for a download named after a record's title, Arabic titles included:
 * an ASCII `filename` for old clients beside the UTF-8 `filename*`. `fallback` names it when the
 * title leaves nothing.
 */
export function attachment(title: string, extension: string, fallback = "document") {
  const stem = title.replace(/[\\/:*?"<>|\p{Cc}\s]+/gu, " ").trim() || fallback;
  const name = `${stem}.${extension}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
