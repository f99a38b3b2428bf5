/** How long icons may take before the page stops waiting for them (SPEC §9). */
export const ICON_FETCH_TIMEOUT_MS = 1500;

type IconSpriteOptions = {
  href: string;
  /** Called once the sprite is known to be slow or missing: icons show their fallback. */
  onFallback: () => void;
  /** Called when the sprite has arrived, even late: icons show themselves. */
  onReady: () => void;
  fetcher?: typeof fetch;
  timeout?: number;
};

async function load(fetcher: typeof fetch, href: string, signal?: AbortSignal) {
  const response = await fetcher(href, { signal });
  if (!response.ok) throw new Error(`The icon sprite answered ${response.status}`);
  await response.text();
}

/**
 * Fetches the icon sprite (the request the icons' own references then share through the HTTP
 * cache). Past `timeout`, or on failure, icons fall back; a late sprite still brings them back.
 */
export async function watchIconSprite({
  href,
  onFallback,
  onReady,
  fetcher = fetch,
  timeout = ICON_FETCH_TIMEOUT_MS,
}: IconSpriteOptions) {
  const arrived = load(fetcher, href);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), timeout);
  });
  try {
    const first = await Promise.race([arrived.then(() => "arrived" as const), late]);
    if (first === "arrived") {
      onReady();
      return;
    }
  } catch {
    // Failed outright: fall back below, and try once more in case it was a passing fault.
    onFallback();
    await load(fetcher, href).then(onReady, () => {});
    return;
  } finally {
    clearTimeout(timer);
  }
  onFallback();
  await arrived.then(onReady, () => {});
}
