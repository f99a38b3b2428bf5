import {
  type FocusEvent,
  type MouseEvent,
  type TouchEvent,
  useEffect,
  useLayoutEffect,
  useRef,
} from "react";
import { matchRoutes, PrefetchPageLinks } from "react-router";
import { createExternalStore } from "~/lib/external-store";
import {
  canPreloadData,
  createPreloader,
  currentConnection,
  DATA_PRELOAD_DELAY_MS,
  type Load,
  preloadWithLink,
  routeFiles,
} from "~/lib/runtime/prefetch";

/** A data preload that never reports back gives its turn up after this long. */
const DATA_PRELOAD_TIMEOUT_MS = 10_000;

/** Pages whose data is being preloaded, each with the way to end its turn. */
const dataPreloads = new Map<string, () => void>();
/** The same pages, for rendering. */
const preloadingPages = createExternalStore<string[]>([]);

function publish() {
  preloadingPages.set([...dataPreloads.keys()]);
}

/** Data goes through <PrefetchPageLinks>, which asks for exactly what React Router's navigation will. */
function preloadPageData(page: string) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
      // The browser keeps the response for the navigation; the link can go.
      dataPreloads.delete(page);
      publish();
    };
    const timer = setTimeout(done, DATA_PRELOAD_TIMEOUT_MS);
    dataPreloads.set(page, done);
    publish();
  });
}

const load: Load = (href, kind) =>
  kind === "data" ? preloadPageData(href) : preloadWithLink(href, kind);

let preloader: ReturnType<typeof createPreloader> | undefined;

/** One queue for the whole tab, so the concurrency limit holds across every link. */
function tabPreloader() {
  preloader ??= createPreloader(load);
  return preloader;
}

/** Route modules and stylesheets of `page` not loaded yet; resolves to whether all arrived. */
async function preloadRouteFiles(page: string) {
  const matches = matchRoutes(window.__reactRouterDataRouter.routes, page) ?? [];
  const routes = matches
    .filter((match) => !(match.route.id in window.__reactRouterRouteModules))
    .flatMap((match) => window.__reactRouterManifest.routes[match.route.id] ?? []);
  const { modules, styles } = routeFiles(routes);
  const arrived = await Promise.all([
    ...modules.map((href) => tabPreloader().preload(href, "module")),
    ...styles.map((href) => tabPreloader().preload(href, "style")),
  ]);
  return arrived.every(Boolean);
}

type IntentHandlers<T> = {
  onMouseEnter?: (event: MouseEvent<T>) => void;
  onMouseLeave?: (event: MouseEvent<T>) => void;
  onFocus?: (event: FocusEvent<T>) => void;
  onBlur?: (event: FocusEvent<T>) => void;
  onTouchStart?: (event: TouchEvent<T>) => void;
};

/**
 * Preloading on intent (hover, focus, touch): the route's files at once, its data once the intent
 * has lasted `DATA_PRELOAD_DELAY_MS` and the connection allows it. Returns the handlers to spread
 * on the link, wrapping the link's own.
 */
export function usePrefetchIntent<T>(page: string, enabled: boolean, own: IntentHandlers<T>) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!enabled) return own;

  const start = () => {
    const files = preloadRouteFiles(page);
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      if (!canPreloadData(currentConnection())) return;
      // A route whose files did not arrive (an old build's, say) gets no data either.
      if (await files) void tabPreloader().preload(page, "data");
    }, DATA_PRELOAD_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer.current);
  return {
    onMouseEnter: after(own.onMouseEnter, start),
    onFocus: after(own.onFocus, start),
    onTouchStart: after(own.onTouchStart, start),
    onMouseLeave: after(own.onMouseLeave, cancel),
    onBlur: after(own.onBlur, cancel),
  };
}

/** The link's own handler, then ours. */
function after<E>(own: ((event: E) => void) | undefined, then: () => void) {
  return (event: E) => {
    own?.(event);
    then();
  };
}

/** Renders the data preloads that have their turn; mounted once, in the root layout. */
export function DataPreloads() {
  return preloadingPages.useValue().map((page) => <DataPreload key={page} page={page} />);
}

function DataPreload({ page }: { page: string }) {
  const box = useRef<HTMLDivElement>(null);
  // A layout effect: it listens before the browser can report the link loaded.
  useLayoutEffect(() => {
    const done = () => dataPreloads.get(page)?.();
    const element = box.current;
    const pending = new Set(element?.querySelectorAll('link[as="fetch"]'));
    if (!element || pending.size === 0) {
      done();
      return;
    }
    const settle = (event: Event) => {
      pending.delete(event.target as HTMLLinkElement);
      if (pending.size === 0) done();
    };
    element.addEventListener("load", settle, true);
    element.addEventListener("error", settle, true);
    return () => {
      element.removeEventListener("load", settle, true);
      element.removeEventListener("error", settle, true);
    };
  }, [page]);
  return (
    <div ref={box} hidden>
      <PrefetchPageLinks page={page} />
    </div>
  );
}
