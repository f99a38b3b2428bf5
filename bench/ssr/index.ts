// `npm run bench:ssr`: server rendering of the product's /login and /dashboard against a bare
// Remix 2 "hello" page (bench/ssr/bare, a package of its own), built and served by remix-serve in
// the same run, round-robin. Beside them, the floor (bench/ssr/floor): React Router with the
// product's route table and nothing in its pages, the most a page of this table can reach. Figures are
// reported as ratios to the bare page, with the minimum, median and maximum over the rounds. Both
// run on the project's Node.js (node_modules/.bin/node); when the system's Node.js is another
// version, the product's pages are measured on it too, in the same rounds.
//
//   BENCH_ROUNDS       rounds of every target (default 3)
//   BENCH_SECONDS      seconds of load per target and round (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_JSON         a file to write the figures to, as JSON
//   BENCH_SCALE        0 to leave out /dashboard on the data of a large deployment (bench/ssr/scale.ts)
//   BENCH_LIGHTHOUSE   0 to leave out the Lighthouse scores (desktop preset, Debian's Chromium
//                      at CHROMIUM_PATH or /usr/bin/chromium)
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { freePort, projectNode, root, waitUntilUp } from "../support/server";
import { emptyPages } from "./floor/empty-pages";
import { scale, seedLargeDeployment } from "./scale";

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const bareDir = join(root, "bench/ssr/bare");
const floorDir = join(root, "bench/ssr/floor");
const demoPassword = "a bench demo passphrase";

type Target = { name: string; url: string; headers?: Record<string, string> };

/** The first `node` on PATH that is not the project's, if there is one. */
function systemNode() {
  const found = execFileSync("sh", ["-c", "which -a node || true"], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim())
    .filter((path) => path && !path.includes("node_modules"));
  return found[0];
}

const engines = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    engines: { node: string };
  }
).engines.node;

/** Whether a Node.js version (`v22.20.0`) is at least the `>=major.minor` of engines. */
function satisfiesEngines(version: string) {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [needMajor = 0, needMinor = 0] = engines.replace(/^>=/, "").split(".").map(Number);
  return major > needMajor || (major === needMajor && minor >= needMinor);
}

function nodeVersion(node: string) {
  return execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
}
type Round = { requestsPerSecond: number; p99Ms: number; errors: number };

function run(command: string, args: string[], cwd = root) {
  execFileSync(command, args, { cwd, stdio: "inherit" });
}

/**
 * A server in a process group of its own; what it writes to stderr is shown under its name, but
 * for what `ignore` matches.
 */
function start(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = root,
  ignore?: RegExp,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    if (ignore?.test(chunk.toString())) return;
    for (const line of chunk.toString().trimEnd().split("\n")) {
      process.stderr.write(`[${name}] ${line}\n`);
    }
  });
  return child;
}

function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Gone already.
    }
  }
}

/** The cookie of a signed-in browser: the demo account through the web app's own login form. */
async function signedInCookie(base: string) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      method: "email",
      email: "demo@qalam.local",
      password: demoPassword,
    }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || !cookies.some((cookie) => cookie?.startsWith("token="))) {
    throw new Error(`Signing in the demo account answered ${response.status}`);
  }
  return cookies.join("; ");
}

async function load(target: Target): Promise<Round> {
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: target.headers,
  });
  const errors = result.errors + result.non2xx;
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors };
}

/** The JavaScript a first visit downloads: the scripts and module preloads of the page, gzipped. */
async function firstLoadJavaScript(base: string, path: string) {
  const html = await (await fetch(`${base}${path}`)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"/g)) {
    if (match[1]) sources.add(match[1]);
  }
  // The entry imports what it needs; everything it reaches is downloaded on the first visit.
  const seen = new Set<string>();
  const queue = [...sources];
  let gzipBytes = 0;
  while (queue.length > 0) {
    const source = queue.shift() as string;
    const url = new URL(source, base).toString();
    if (seen.has(url)) continue;
    seen.add(url);
    const body = await (await fetch(url)).text();
    gzipBytes += gzipSync(body, { level: 9 }).length;
    for (const imported of body.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) {
      if (imported[1]) queue.push(new URL(imported[1], url).toString());
    }
  }
  return { scripts: seen.size, kilobytes: gzipBytes / 1000 };
}

/**
 * Puts cookies in the browser's own jar, as a signed-in browser holds them, so that the page's
 * later requests (a fetcher's, say) carry them too; a header added to requests would not.
 */
async function setCookies(port: number, cookie: string, url: string) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket((version as { webSocketDebuggerUrl: string }).webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url, httpOnly: true };
  });
  const answered = new Promise<{ error?: { message: string } }>((resolve) => {
    socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
  });
  socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }));
  const answer = await answered;
  socket.close();
  if (answer.error) throw new Error(`Chromium refused the cookies: ${answer.error.message}`);
}

/**
 * Lighthouse's performance score (0-100) of a page, desktop preset, in a Chromium of its own with
 * a fresh profile: a cookie one page sets (the language) would otherwise reach the next.
 */
async function lighthouseScore(page: { name: string; url: string; cookie?: string }) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    if (page.cookie) await setCookies(chrome.port, page.cookie, page.url);
    const result = await lighthouse(
      page.url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      desktopConfig,
    );
    const score = result?.lhr.categories.performance?.score;
    if (typeof score !== "number") {
      return { failure: result?.lhr.runtimeError?.message ?? "no reason given" };
    }
    if (result?.lhr.finalDisplayedUrl !== page.url) {
      throw new Error(`${page.name} ended at ${result?.lhr.finalDisplayedUrl}, not ${page.url}`);
    }
    return { score: Math.round(score * 100) };
  } finally {
    chrome.kill();
  }
}

/** Each page's score; a page Lighthouse could not score is tried once more, then reported so. */
async function lighthouseScores(pages: { name: string; url: string; cookie?: string }[]) {
  const scores: { name: string; score?: number; failure?: string }[] = [];
  for (const page of pages) {
    let outcome = await lighthouseScore(page);
    if (outcome.failure) outcome = await lighthouseScore(page);
    scores.push({ name: page.name, ...outcome });
  }
  return scores;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? 0,
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted.at(-1) ?? 0,
  };
}

const format = (value: number, digits = 2) => value.toFixed(digits);

async function main() {
  console.log("Building the bare Remix page and the product…");
  // The reference has its own dependencies (Remix 2), installed from its lock file on first use.
  if (!existsSync(join(bareDir, "node_modules"))) {
    run("npm", ["ci", "--no-audit", "--no-fund"], bareDir);
  }
  run(
    projectNode,
    [join(bareDir, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"],
    bareDir,
  );
  run("npx", ["react-router", "build"]);
  const pages = emptyPages(join(root, "app/routes"), join(floorDir, "app/routes"));
  console.log(`The floor: the product's ${pages} route modules, empty`);
  run("npx", ["react-router", "build"], floorDir);

  const [barePort, floorPort, productPort, systemPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  process.on("exit", () => {
    for (const child of children) stop(child);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  const remixServe = join(bareDir, "node_modules/@remix-run/serve/dist/cli.js");
  children.push(
    // In its own folder: remix-serve finds the static files from there.
    start(
      "bare",
      projectNode,
      [remixServe, "build/server/index.js"],
      { PORT: String(barePort), NODE_ENV: "production" },
      bareDir,
    ),
  );
  children.push(
    start(
      "floor",
      projectNode,
      ["--import", "tsx", join(floorDir, "serve.ts")],
      { PORT: String(floorPort), NODE_ENV: "production" },
      floorDir,
      // React Router's own entry reports each response the load generator cuts off at its end.
      /The destination stream closed early/,
    ),
  );
  // The product as `npm run serve` starts it, on an embedded database with the demo account.
  function newDataDir() {
    const dataDir = mkdtempSync(join(tmpdir(), "qalam-bench-ssr-"));
    dataDirs.push(dataDir);
    return dataDir;
  }
  function startProduct(node: string, port: number, dataDir = newDataDir()) {
    children.push(
      start(`product on ${nodeVersion(node)}`, node, ["--import", "tsx", "server.ts"], {
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO_PASSWORD: demoPassword,
        DATABASE_URL: "",
        API_URL: "",
      }),
    );
    return `http://127.0.0.1:${port}`;
  }
  const runtime = nodeVersion(projectNode);
  const other = systemNode();
  const otherVersion = other ? nodeVersion(other) : undefined;
  // The system's Node.js too, when it is another one the product runs on (package.json engines).
  const otherRuntime =
    otherVersion && otherVersion !== runtime && satisfiesEngines(otherVersion)
      ? otherVersion
      : undefined;
  if (otherVersion && otherVersion !== runtime && !otherRuntime) {
    console.log(
      `The system's Node.js ${otherVersion} is older than the product needs (${engines}): not measured.`,
    );
  }

  const bareBase = `http://127.0.0.1:${barePort}`;
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const productBase = startProduct(projectNode, productPort);
  const systemBase = other && otherRuntime ? startProduct(other, systemPort) : undefined;
  let largeBase: string | undefined;
  if (process.env.BENCH_SCALE !== "0") {
    const dataDir = newDataDir();
    const counts = await seedLargeDeployment(dataDir, demoPassword);
    console.log(
      `A large deployment: ${counts.organizations} organizations, ${counts.users} users, ` +
        `${counts.memberships} memberships`,
    );
    largeBase = startProduct(projectNode, await freePort(), dataDir);
  }
  await waitUntilUp(`${bareBase}/`);
  await waitUntilUp(`${floorBase}/login`);
  await waitUntilUp(`${productBase}/api/health`);
  const cookie = await signedInCookie(productBase);
  const targets: Target[] = [
    { name: "bare Remix hello", url: `${bareBase}/` },
    { name: "floor: /login, empty pages", url: `${floorBase}/login` },
    { name: "/login", url: `${productBase}/login` },
    { name: "/dashboard", url: `${productBase}/dashboard`, headers: { cookie } },
  ];
  if (largeBase) {
    await waitUntilUp(`${largeBase}/api/health`);
    targets.push({
      name: `/dashboard, ${scale.organizations} organizations, ${scale.users} users`,
      url: `${largeBase}/dashboard`,
      headers: { cookie: await signedInCookie(largeBase) },
    });
  }
  if (systemBase) {
    await waitUntilUp(`${systemBase}/api/health`);
    const systemCookie = await signedInCookie(systemBase);
    targets.push(
      { name: `/login on Node.js ${otherRuntime}`, url: `${systemBase}/login` },
      {
        name: `/dashboard on Node.js ${otherRuntime}`,
        url: `${systemBase}/dashboard`,
        headers: { cookie: systemCookie },
      },
    );
  }
  // Warm up every target (JIT, caches) before anything counts.
  for (const target of targets) {
    await autocannon({ url: target.url, connections, duration: 2, headers: target.headers });
  }

  const results = new Map<string, Round[]>(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const figures = await load(target);
      if (figures.errors > 0) throw new Error(`${target.name}: ${figures.errors} failed requests`);
      results.get(target.name)?.push(figures);
      console.log(
        `round ${round}: ${target.name} ${format(figures.requestsPerSecond, 0)} req/s, p99 ${figures.p99Ms} ms`,
      );
    }
  }

  const reference = results.get(targets[0]?.name ?? "") ?? [];
  const report = targets.map((target) => {
    const figures = results.get(target.name) ?? [];
    // A ratio per round, against the reference measured in the same round.
    const ratios = figures.map(
      (figure, index) => figure.requestsPerSecond / (reference[index]?.requestsPerSecond ?? 1),
    );
    return {
      name: target.name,
      requestsPerSecond: summary(figures.map((figure) => figure.requestsPerSecond)),
      p99Ms: summary(figures.map((figure) => figure.p99Ms)),
      ratio: summary(ratios),
    };
  });
  const javascript = await firstLoadJavaScript(productBase, "/login");
  const bareJavaScript = await firstLoadJavaScript(bareBase, "/");
  const floorJavaScript = await firstLoadJavaScript(floorBase, "/login");
  const scores =
    process.env.BENCH_LIGHTHOUSE === "0"
      ? []
      : await lighthouseScores(
          ["/login", "/ar/login", "/dashboard", "/ar/dashboard"].map((path) => ({
            name: path,
            url: `${productBase}${path}`,
            cookie: path.endsWith("dashboard") ? cookie : undefined,
          })),
        );

  console.log(
    `\n${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Node.js ${process.versions.node}; ` +
      `${connections} connections, ${seconds} s a target, ${rounds} rounds round-robin\n`,
  );
  console.log(
    "| page | req/s (min / median / max) | p99 ms (median) | ratio (min / median / max) |",
  );
  console.log("| --- | ---: | ---: | ---: |");
  for (const row of report) {
    const { requestsPerSecond: rps, ratio } = row;
    console.log(
      `| ${row.name} | ${format(rps.min, 0)} / ${format(rps.median, 0)} / ${format(rps.max, 0)} | ` +
        `${row.p99Ms.median} | ${format(ratio.min)} / ${format(ratio.median)} / ${format(ratio.max)} |`,
    );
  }
  console.log(
    `\nFirst visit to /login: ${format(javascript.kilobytes, 1)} kB of gzipped JavaScript in ${javascript.scripts} scripts` +
      ` (the bare page: ${format(bareJavaScript.kilobytes, 1)} kB in ${bareJavaScript.scripts};` +
      ` the floor's: ${format(floorJavaScript.kilobytes, 1)} kB in ${floorJavaScript.scripts})`,
  );
  const large = targets.find((target) => target.url.startsWith(largeBase ?? "-"));
  if (large) {
    // The same page with and without the data of a large deployment, round by round.
    const plain = results.get("/dashboard") ?? [];
    const growth = summary(
      (results.get(large.name) ?? []).map(
        (figure, index) => figure.requestsPerSecond / (plain[index]?.requestsPerSecond ?? 1),
      ),
    );
    console.log(
      `\n/dashboard on a large deployment against an empty one: ` +
        `${format(growth.min)} / ${format(growth.median)} / ${format(growth.max)}`,
    );
  }
  if (scores.length > 0) {
    console.log("\nLighthouse performance, desktop preset:");
    for (const { name, score, failure } of scores) {
      console.log(`  ${name}: ${score ?? `no score (${failure})`}`);
    }
  }
  if (process.env.BENCH_JSON) {
    const figures = { report, javascript, bareJavaScript, floorJavaScript, lighthouse: scores };
    writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures, null, 2));
  }
  // The servers stop as a deployment stops them; what they say while stopping is shown.
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          stop(child);
          setTimeout(resolve, 30_000).unref();
        }),
    ),
  );
  process.exit(0);
}

await main();
