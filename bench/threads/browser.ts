// The thread page through the built server and in Chromium, for the threads benchmark: the server
// started on the benchmark's database, a member signed in through the login form, the page's HTML
// timed and taken apart, and its loads in Chromium timed to interactive and profiled.
import { type ChildProcess, spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import type { Browser, BrowserContext } from "@playwright/test";
import { type Figures, figuresOf } from "../support/figures";
import { projectNode, root } from "../support/server";
import { pageRounds, password } from "./setup";

export function startServer(databaseUrl: string, port: number, dataDir: string): ChildProcess {
  const child = spawn(projectNode, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      API_URL: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().trimEnd().split("\n")) {
      // A warning said on every request is shown once, and counted.
      const seen = serverLines.get(line) ?? 0;
      serverLines.set(line, seen + 1);
      if (seen === 0) process.stderr.write(`[server] ${line}\n`);
    }
  });
  return child;
}

/** What the server said on stderr, each line once, with the times it said it. */
export const serverLines = new Map<string, number>();

export function stopServer(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve();
    child.once("exit", () => resolve());
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      resolve();
    }
    setTimeout(resolve, 30_000).unref();
  });
}

/** The cookies of a signed-in browser, through the web app's own login form. */
export async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ method: "email", email, password }),
  });
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .map((pair) => ({
      name: pair.slice(0, pair.indexOf("=")),
      value: pair.slice(pair.indexOf("=") + 1),
    }));
  if (response.status !== 302 || !cookies.some((cookie) => cookie.name === "token")) {
    throw new Error(`Signing in answered ${response.status}`);
  }
  return cookies;
}

export type Composition = {
  bytes: number;
  /** Inline scripts: the loaders' data for hydration, mostly. */
  scripts: number;
  /** The messages' <article> elements, */
  messages: number;
  /** of which their <footer>s: the actions under each message (forms, buttons, icons), */
  actions: number;
  /** of which the question's text again, in the edit form's <textarea>, */
  editText: number;
  /** and the highlighting's <span class="hljs-…"> tags. */
  highlighting: number;
};

const byteLength = (text: string) => Buffer.byteLength(text);
const sumOf = (
  matches: Iterable<RegExpMatchArray>,
  measure = (match: RegExpMatchArray) => byteLength(match[0]),
) => [...matches].reduce((total, match) => total + measure(match), 0);

/** What a page's HTML is made of, in bytes (decoded). */
export function composition(html: string): Composition {
  const articles = [...html.matchAll(/<article\b[\s\S]*?<\/article>/g)].map((m) => m[0]);
  const inArticles = (pattern: RegExp, measure?: (match: RegExpMatchArray) => number) =>
    articles.reduce((total, article) => total + sumOf(article.matchAll(pattern), measure), 0);
  return {
    bytes: byteLength(html),
    scripts: sumOf(html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)),
    messages: articles.reduce((total, article) => total + byteLength(article), 0),
    actions: inArticles(/<footer\b[\s\S]*?<\/footer>/g),
    editText: inArticles(/<textarea\b[^>]*>([\s\S]*?)<\/textarea>/g, (m) => byteLength(m[1] ?? "")),
    highlighting: inArticles(
      /<span class="hljs-[^"]*">/g,
      (m) => byteLength(m[0]) + "</span>".length,
    ),
  };
}

export type PageFigures = { firstByte: Figures; whole: Figures; html: Composition };

/** The page's HTML as a browser asks for it (compressed), timed to its first byte and its end. */
export async function measurePages(pages: { url: string }[], cookie: string) {
  const samples = pages.map(() => ({ firstByte: [] as number[], whole: [] as number[] }));
  const sizes = pages.map(() => composition(""));
  const headers = {
    cookie,
    "accept-encoding": "br, gzip",
    "user-agent": browserUserAgent,
  };
  for (let round = 0; round < 2 + pageRounds; round++) {
    for (let k = 0; k < pages.length; k++) {
      const index = (k + round) % pages.length;
      const started = performance.now();
      const response = await fetch((pages[index] as { url: string }).url, { headers });
      const firstByte = performance.now() - started;
      const html = await response.text();
      const whole = performance.now() - started;
      if (response.status !== 200) throw new Error(`${pages[index]?.url}: ${response.status}`);
      if (round >= 2) {
        samples[index]?.firstByte.push(firstByte);
        samples[index]?.whole.push(whole);
      }
      sizes[index] = composition(html);
    }
  }
  return pages.map(
    (_, index): PageFigures => ({
      firstByte: figuresOf(samples[index]?.firstByte ?? []),
      whole: figuresOf(samples[index]?.whole ?? []),
      html: sizes[index] as Composition,
    }),
  );
}

// --- Chromium ------------------------------------------------------------------------------------

// Headless Chromium names itself HeadlessChrome, which isbot takes for a crawler (and the server
// then renders the whole page before the first byte): the e2e tests' name, as they do.
export const browserUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export type Load = {
  /** From the navigation's start, ms. */
  interactive: number;
  hydrated: number;
  lastMessage: number;
  requestStart: number;
  firstByte: number;
  htmlEnd: number;
  domContentLoaded: number;
  firstContentfulPaint: number;
  transferBytes: number;
  htmlBytes: number;
  longTasks: number;
  longestTask: number;
  /** Main-thread time in the renderer until interactive (CDP Performance metrics), ms. */
  task: number;
  script: number;
  layout: number;
  style: number;
  messages: number;
};

type Marks = { hydrated?: number; lastMessage?: number; longTasks: number[]; done?: boolean };

/**
 * Runs in the page before its own scripts (`labelId`: the last message's author label): notes
 * when <html data-hydrated> is set, the first frame in which the last message is rendered, and
 * the long tasks until both. Plain JavaScript in a string: the function is not compiled here.
 */
const probe = (labelId: string) => `(() => {
  const marks = { longTasks: [] };
  window.__bench = marks;
  const finish = () => {
    if (marks.hydrated !== undefined && marks.lastMessage !== undefined) marks.done = true;
  };
  new MutationObserver(() => {
    if (marks.hydrated === undefined && document.documentElement?.hasAttribute("data-hydrated")) {
      marks.hydrated = performance.now();
      finish();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  const benchProbe = () => {
    const article = document.getElementById(${JSON.stringify(labelId)})?.closest("article");
    if (article?.checkVisibility()) {
      marks.lastMessage = performance.now();
      finish();
    } else requestAnimationFrame(benchProbe);
  };
  requestAnimationFrame(benchProbe);
  new PerformanceObserver((list) => {
    if (marks.done) return;
    for (const entry of list.getEntries()) marks.longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
})();`;

export async function newContext(
  browser: Browser,
  base: string,
  cookies: { name: string; value: string }[],
) {
  const context = await browser.newContext({
    userAgent: browserUserAgent,
    viewport: { width: 1280, height: 800 },
  });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
  return context;
}

export async function load(
  context: BrowserContext,
  url: string,
  lastMessageId: number,
  profile = false,
): Promise<{ load: Load; profile?: CpuProfile }> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: probe(`message-${lastMessageId}-author`) });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    const metric = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return Object.fromEntries(metrics.map((m) => [m.name, m.value])) as Record<string, number>;
    };
    const before = await metric();
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(
      () => (window as unknown as { __bench?: Marks }).__bench?.done === true,
      null,
      { timeout: 120_000, polling: 50 },
    );
    const after = await metric();
    const cpu = profile
      ? ((await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile }).profile
      : undefined;
    if (!new URL(page.url()).pathname.startsWith("/threads/")) {
      throw new Error(`${url} ended at ${page.url()}`);
    }
    const read = await page.evaluate(() => {
      const marks = (window as unknown as { __bench: Marks }).__bench;
      const navigation = window.performance.getEntriesByType(
        "navigation",
      )[0] as PerformanceNavigationTiming;
      const paint = window.performance.getEntriesByName("first-contentful-paint")[0];
      return {
        marks,
        requestStart: navigation.requestStart,
        firstByte: navigation.responseStart,
        htmlEnd: navigation.responseEnd,
        domContentLoaded: navigation.domContentLoadedEventEnd,
        firstContentfulPaint: paint?.startTime ?? 0,
        transferBytes: navigation.encodedBodySize,
        htmlBytes: navigation.decodedBodySize,
        messages: document.querySelectorAll('article[aria-labelledby^="message-"]').length,
      };
    });
    const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
    const { marks, ...timing } = read;
    return {
      load: {
        ...timing,
        hydrated: marks.hydrated ?? 0,
        lastMessage: marks.lastMessage ?? 0,
        interactive: Math.max(marks.hydrated ?? 0, marks.lastMessage ?? 0),
        longTasks: marks.longTasks.reduce((sum, duration) => sum + duration, 0),
        longestTask: Math.max(0, ...marks.longTasks),
        task: delta("TaskDuration"),
        script: delta("ScriptDuration"),
        layout: delta("LayoutDuration"),
        style: delta("RecalcStyleDuration"),
      },
      profile: cpu,
    };
  } finally {
    await page.close();
  }
}

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** Self time by script (or by the profiler's own categories), ms, largest first. */
export function profileByScript(profile: CpuProfile, threadsChunk: string) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id);
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const file = frame?.url.split("/").at(-1) ?? "";
    const name = frame?.functionName ?? "";
    const where = !frame?.url
      ? name === "benchProbe"
        ? "the benchmark's probe (looks for the last message once a frame)"
        : name.startsWith("(")
          ? name
          : name.startsWith("RegExp:")
            ? "regular expressions (highlight.js's grammars, Markdown's parser)"
            : "the browser's built-in functions (DOM calls)"
      : file.startsWith("framework-")
        ? "framework chunk (React DOM, React Router)"
        : file === threadsChunk
          ? "threads page chunk (the page, react-markdown, remark, rehype, highlight.js)"
          : file.startsWith("forms-")
            ? "forms chunk"
            : "other scripts";
    totals.set(where, (totals.get(where) ?? 0) + ms);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}
