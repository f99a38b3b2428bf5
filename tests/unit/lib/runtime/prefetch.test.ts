import { describe, expect, it } from "vitest";
import {
  canPreloadData,
  createPreloader,
  DATA_PRELOAD_DELAY_MS,
  PRELOAD_CONCURRENCY,
  type PreloadKind,
  routeFiles,
} from "~/lib/runtime/prefetch";

describe("canPreloadData", () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: "4g", saveData: false }, true],
    [{ effectiveType: "3g" }, true],
    [{ effectiveType: "2g" }, true],
    [{ effectiveType: "slow-2g" }, false],
    [{ effectiveType: "4g", saveData: true }, false],
    [{ saveData: true }, false],
  ])("on %j: %s", (connection, allowed) => {
    expect(canPreloadData(connection)).toBe(allowed);
  });

  it("waits a second of intent before data", () => {
    expect(DATA_PRELOAD_DELAY_MS).toBe(1000);
  });
});

/** Lets queued promise callbacks run, p-limit's starting of the next waiting load among them. */
async function flush() {
  for (let tick = 0; tick < 10; tick++) await Promise.resolve();
}

/** A load the test settles by hand, recording how many ran at once. */
function controlledLoads() {
  const running = new Map<string, { resolve: () => void; reject: () => void }>();
  const started: string[] = [];
  let mostAtOnce = 0;
  const load = (href: string, _kind: PreloadKind) =>
    new Promise<void>((resolve, reject) => {
      started.push(href);
      running.set(href, { resolve, reject });
      mostAtOnce = Math.max(mostAtOnce, running.size);
    }).finally(() => running.delete(href));
  const settle = async (href: string, ok = true) => {
    const entry = running.get(href);
    if (!entry) throw new Error(`${href} is not running`);
    if (ok) entry.resolve();
    else entry.reject();
    await flush();
  };
  return { load, settle, started, running, mostAtOnce: () => mostAtOnce };
}

describe("createPreloader", () => {
  it("runs at most five preloads at once, the rest in order as turns free up", async () => {
    expect(PRELOAD_CONCURRENCY).toBe(5);
    const loads = controlledLoads();
    const preloader = createPreloader(loads.load);
    const hrefs = Array.from({ length: 12 }, (_, index) => `/assets/route-${index}.js`);
    const done = hrefs.map((href) => preloader.preload(href, "module"));
    await flush();
    expect(loads.started).toEqual(hrefs.slice(0, 5));

    for (const [index, href] of hrefs.entries()) {
      await loads.settle(href);
      expect(loads.running.size).toBe(Math.min(5, hrefs.length - index - 1));
      expect(loads.started).toEqual(hrefs.slice(0, Math.min(hrefs.length, index + 6)));
    }
    expect(loads.mostAtOnce()).toBe(5);
    expect(await Promise.all(done)).toEqual(hrefs.map(() => true));
  });

  it("preloads each file once, and reports a failure without retrying", async () => {
    const loads = controlledLoads();
    const preloader = createPreloader(loads.load);
    const first = preloader.preload("/assets/a.js", "module");
    const again = preloader.preload("/assets/a.js", "module");
    await flush();
    expect(loads.started).toEqual(["/assets/a.js"]);
    await loads.settle("/assets/a.js", false);
    expect(await first).toBe(false);
    expect(await again).toBe(false);
    expect(await preloader.preload("/assets/a.js", "module")).toBe(false);
    expect(loads.started).toEqual(["/assets/a.js"]);
  });

  it("preloads a page's data once at a time, and again on a later intent", async () => {
    const loads = controlledLoads();
    const preloader = createPreloader(loads.load);
    const first = preloader.preload("/signup", "data");
    preloader.preload("/signup", "data");
    await flush();
    expect(loads.started).toEqual(["/signup"]);
    await loads.settle("/signup");
    expect(await first).toBe(true);

    preloader.preload("/signup", "data");
    await flush();
    expect(loads.started).toEqual(["/signup", "/signup"]);
  });

  it("counts what runs and what waits", async () => {
    const loads = controlledLoads();
    const preloader = createPreloader(loads.load, 2);
    for (const href of ["/a.js", "/b.js", "/c.js"]) preloader.preload(href, "module");
    await flush();
    expect(preloader.activeCount).toBe(2);
    expect(preloader.pendingCount).toBe(1);
  });
});

describe("routeFiles", () => {
  it("lists the modules and stylesheets of matched routes once each, in order", () => {
    expect(
      routeFiles([
        { module: "/assets/root.js", imports: ["/assets/ui.js"], css: ["/assets/app.css"] },
        { module: "/assets/guest.js", imports: ["/assets/ui.js", "/assets/form.js"] },
        { module: "/assets/signup.js", css: ["/assets/app.css", "/assets/signup.css"] },
      ]),
    ).toEqual({
      modules: [
        "/assets/root.js",
        "/assets/ui.js",
        "/assets/guest.js",
        "/assets/form.js",
        "/assets/signup.js",
      ],
      styles: ["/assets/app.css", "/assets/signup.css"],
    });
  });
});
