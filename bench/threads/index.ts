// `npm run bench:threads`: threads at scale. One organization with 10,000 threads of 50 messages
// (and one of 500), beside one with 100 threads of 50, in one PostgreSQL database, in one run:
//
// 1. Server time, through the API in this process (its Hono app's fetch, as the web server calls
//    it, the body read to its end), round-robin, p50 and p95: the sidebar's first page (GET
//    /threads, 30 a page), a search for an English and an Arabic word (GET /threads?q=), and the
//    opening of a thread of 50 and of 500 messages (GET /threads/{id}). References measured in the
//    same rounds: the same lists on the organization of 100 threads, and GET /user (the lightest
//    authenticated call). The plans of the large organization's lists are printed.
// 2. The server render of the 500 messages' Markdown (the page's own component, renderToString),
//    with and without highlighting, against the same text as plain paragraphs.
// 3. The page /threads/{id} through the built server (`npm run build`, then server.ts on the same
//    database, signed in through the login form): its HTML's server time and size, then in
//    Chromium (/usr/bin/chromium, the scripts in its cache) the time to interactive, from the
//    navigation's start until <html data-hydrated> is set (the root sets it once React hydrated)
//    and the thread's last message is rendered, p50; the thread of 50 messages is the reference.
//    One more load of the long thread is profiled, for where the browser's time goes.
//
// The text is made by bench/threads/text.ts (questions, and answers with lists, code blocks and
// tables, 60% of the threads in English and 40% in Arabic); every message's search column is
// PostgreSQL's own (a generated column), filled as the rows are written.
//
//   BENCH_SERVER_URL       the PostgreSQL server to make a database of its own on, dropped at the
//                          end (default postgres://postgres:postgres@127.0.0.1:5432/postgres)
//   BENCH_THREADS          threads of the large organization (default 10000)
//   BENCH_SMALL_THREADS    threads of the small organization (default 100)
//   BENCH_MESSAGES         messages of each of those threads (default 50)
//   BENCH_LONG             messages of the long thread (default 500)
//   BENCH_ROUNDS           rounds through the API (default 200), after BENCH_WARMUP (default 20)
//   BENCH_PAGE_ROUNDS      rounds of the pages' HTML over HTTP (default 20)
//   BENCH_BROWSER_ROUNDS   loads of each page in Chromium (default 5)
//   BENCH_SEED_WORKERS     connections writing the messages at once (default 2)
//   BENCH_BROWSER          0 to leave out the built server and Chromium
//   BENCH_BUILD            0 to use the build already in build/
//   BENCH_JSON             a file to write the figures to, as JSON
//
// The set-up (the parameters and the data) is bench/threads/setup.ts, what is measured
// bench/threads/scenarios.ts (the page in Chromium: bench/threads/browser.ts), what is printed
// bench/threads/report.ts; what the benchmarks share, bench/support.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { rowsOf, serverVersion } from "../support/database";
import { adopt, onOwnDatabase, runMs, startRun, temporaryDir } from "../support/run";
import { freePort, root, waitUntilUp } from "../support/server";
import { serverLines, signIn, startServer, stopServer } from "./browser";
import * as report from "./report";
import {
  explainListPlans,
  measureApiScenario,
  measureBrowserScenario,
  measureMarkdownRender,
  measurePagesScenario,
  threadPages,
} from "./scenarios";
import { rounds, seed, warmup, withBrowser } from "./setup";

startRun();

if (withBrowser && process.env.BENCH_BUILD !== "0") {
  console.log("Building the web app…");
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}

const json: Record<string, unknown> = {};
const needs = "for the data and for the web server it starts on it";
await onOwnDatabase({ bench: "threads", needs }, async (connection, database) => {
  const db = connection.db;
  report.reportMachine(await serverVersion(db), database.name);
  const seeded = await seed(db);
  const [tables] = await db
    .execute<report.Tables>(sql`
      select (select count(*) from threads)::int as threads,
        (select count(*) from thread_messages)::int as messages,
        pg_size_pretty(pg_total_relation_size('thread_messages')) as size,
        (select round(avg(length(content))) from thread_messages)::text as characters`)
    .then(rowsOf<report.Tables>);
  json.seeding = report.reportSeeded(seeded, tables);

  // --- 1. The API ---
  const api = await measureApiScenario(database.url, seeded);
  json.apiMeasuringMs = api.measuringMs;
  json.api = report.reportApi(api);
  json.plans = report.reportPlans(await explainListPlans(connection, seeded));

  // --- 2. The server render of the long thread's Markdown ---
  json.markdownRender = report.reportMarkdownRender(measureMarkdownRender(api.longThread));

  // --- 3. The page, through the built server, and in Chromium ---
  if (withBrowser) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = temporaryDir("qalam-bench-threads-server-");
    const server = adopt(startServer(database.url, port, dataDir));
    try {
      await waitUntilUp(`${base}/api/health`);
      const cookies = await signIn(base, seeded.large.owner.email);
      const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      const pages = threadPages(base, seeded);
      const html = await measurePagesScenario(pages, cookieHeader);
      json.html = report.reportPages(pages, html);
      const { loads, byScript } = await measureBrowserScenario(base, pages, cookies, cookieHeader);
      json.browser = report.reportBrowser(pages, loads);
      if (byScript) json.profile = report.reportProfile(byScript);
    } finally {
      await stopServer(server);
      report.reportServerLines(serverLines);
    }
  }

  console.log(`\nin all ${(runMs() / 1000).toFixed(0)} s`);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rounds, warmup, ...json }, null, 2));
  }
});
