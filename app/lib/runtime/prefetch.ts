import pLimit from "p-limit";

/** Route files and data preloaded at the same time, at most (SPEC §9). */
export const PRELOAD_CONCURRENCY = 5;

/** A link's data is preloaded only after this much intent: passing over a link costs no request. */
export const DATA_PRELOAD_DELAY_MS = 1000;

/** The parts of the Network Information API the policy reads. */
export type ConnectionInfo = { saveData?: boolean; effectiveType?: string };

/** Data is not preloaded for people who asked to save data, nor on the slowest connections. */
export function canPreloadData(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  return connection.saveData !== true && connection.effectiveType !== "slow-2g";
}

export function currentConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

export type PreloadKind = "module" | "style" | "data";

/** Loads one file for later; settles when it has arrived or failed. */
export type Load = (href: string, kind: PreloadKind) => Promise<void>;

/**
 * Preloads at most `concurrency` things at a time; the rest wait their turn in order. Files (which
 * never change under their hashed names) are preloaded once per tab; data once at a time, and
 * again on a later intent, since it changes. Each preload resolves to whether it arrived; a failed
 * one is not retried, as the navigation itself will ask again.
 */
export function createPreloader(load: Load, concurrency = PRELOAD_CONCURRENCY) {
  const limit = pLimit(concurrency);
  const requested = new Map<string, Promise<boolean>>();
  return {
    preload(href: string, kind: PreloadKind): Promise<boolean> {
      const key = `${kind}:${href}`;
      const known = requested.get(key);
      if (known) return known;
      const preloaded = limit(() =>
        load(href, kind).then(
          () => true,
          () => false,
        ),
      ).finally(() => {
        if (kind === "data") requested.delete(key);
      });
      requested.set(key, preloaded);
      return preloaded;
    },
    get activeCount() {
      return limit.activeCount;
    },
    get pendingCount() {
      return limit.pendingCount;
    },
  };
}

/** A <link> in the document's head per file: modulepreload for modules, prefetch for the rest. */
export function preloadWithLink(href: string, kind: PreloadKind): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    if (kind === "module") {
      link.rel = "modulepreload";
    } else {
      link.rel = "prefetch";
      link.as = kind === "style" ? "style" : "fetch";
    }
    link.href = href;
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => reject(new Error(`Could not preload ${href}`)));
    document.head.append(link);
  });
}

type RouteAssets = { module: string; imports?: string[]; css?: string[] };

/** The module and stylesheet files of the routes a path matches, in route order, each once. */
export function routeFiles(routes: RouteAssets[]) {
  const modules = new Set<string>();
  const styles = new Set<string>();
  for (const route of routes) {
    modules.add(route.module);
    for (const file of route.imports ?? []) modules.add(file);
    for (const file of route.css ?? []) styles.add(file);
  }
  return { modules: [...modules], styles: [...styles] };
}
