const DEFAULT_REDIRECT = "/dashboard";
const BASE = "http://qalam.invalid";

/** A path that stays on this origin however a browser reads it, or null. */
function sameOriginPath(value: string): URL | null {
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url : null;
  } catch {
    return null;
  }
}

/**
 * `redirectTo` is honoured only when it stays on this origin. Browsers drop tabs and newlines from
 * URLs and read `\` as `/`, so `/%09/evil.com` and `/\evil.com` would leave the site: the value is
 * checked both as given and decoded with control characters removed, and anything else falls back.
 */
export function safeRedirectPath(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string = DEFAULT_REDIRECT,
): string {
  if (typeof to !== "string") return fallback;
  const raw = to.trim();
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = decoded.replace(/[\u0000-\u001F\u007F]/g, "");
  const url = sameOriginPath(raw);
  if (!url || !sameOriginPath(cleaned)) return fallback;
  // Dot segments collapse while parsing (`/..//evil.com` → `//evil.com`): check what is returned too.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return sameOriginPath(path) ? path : fallback;
}
