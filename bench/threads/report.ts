// What the threads benchmark prints, from the figures its scenarios return (bench/threads/
// scenarios.ts), each section returning its part of the JSON (BENCH_JSON).
import { cpus, totalmem } from "node:os";
import { count, type Figures, kb, ms, percentile, ratio } from "../support/figures";
import { scansOf, timingOf } from "../support/plans";
import type { Composition, Load, PageFigures } from "./browser";
import type { ApiScenario, MarkdownRender, Page } from "./scenarios";
import {
  browserRounds,
  chromiumPath,
  largeThreads,
  longMessages,
  messagesPerThread,
  type Seeded,
  smallThreads,
} from "./setup";

export function reportMachine(version: string | undefined, database: string) {
  console.log(
    `\nThreads at scale on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}; PostgreSQL ${version}, database ${database}`,
  );
  console.log(
    `seeding: ${count(largeThreads)} threads of ${messagesPerThread} messages and one of ` +
      `${longMessages} in one organization, ${count(smallThreads)} threads of ` +
      `${messagesPerThread} in another…`,
  );
}

export type Tables = { threads: number; messages: number; size: string; characters: string };

export function reportSeeded(seeded: Seeded, tables: Tables | undefined) {
  console.log(
    `seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${seeded.steps.join(", ")}): ` +
      `${count(tables?.threads ?? 0)} threads, ${count(tables?.messages ?? 0)} messages of ` +
      `${tables?.characters} characters on average (thread_messages: ${tables?.size} with ` +
      `indexes and TOAST)`,
  );
  return { ms: seeded.totalMs, steps: seeded.steps, tables };
}

/** 1. The API's tables: the lists on both organizations, then the threads' openings. */
export function reportApi({ lists, requests, figure, totals, payloads }: ApiScenario) {
  const user = figure("GET /user");
  console.log(
    `\nServer time through the API, ms, p50 / p95; ratios of p50. ${count(smallThreads)} and ` +
      `${count(largeThreads + 1)} threads; "found": the list's total.\n`,
  );
  console.log(
    `| request | ${count(smallThreads)} threads | ${count(largeThreads + 1)} threads | ` +
      `ratio to ${count(smallThreads)} threads | ratio to GET /user | found |`,
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  console.log(`| GET /user | | ${ms(user.p50)} / ${ms(user.p95)} | | 1.00x | |`);
  const apiRows: Record<string, unknown>[] = [{ request: "GET /user", large: user }];
  for (const list of lists) {
    const s = figure(`${list.name} (small)`);
    const l = figure(`${list.name} (large)`);
    const found = `${count(totals.get(`${list.name} (small)`) ?? 0)} / ${count(totals.get(`${list.name} (large)`) ?? 0)}`;
    console.log(
      `| ${list.name} | ${ms(s.p50)} / ${ms(s.p95)} | ${ms(l.p50)} / ${ms(l.p95)} | ` +
        `${ratio(l.p50, s.p50)} | ${ratio(l.p50, user.p50)} | ${found} |`,
    );
    apiRows.push({ request: list.name, small: s, large: l, found });
  }
  console.log("\n| request | p50 / p95 | ratio to GET /user | JSON |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const request of requests.slice(-2)) {
    const f: Figures = figure(request.name);
    console.log(
      `| ${request.name} | ${ms(f.p50)} / ${ms(f.p95)} | ${ratio(f.p50, user.p50)} | ` +
        `${kb(payloads.get(request.name) ?? 0)} |`,
    );
    apiRows.push({ request: request.name, large: f, bytes: payloads.get(request.name) });
  }
  return apiRows;
}

/** The large organization's lists' plans: their time, scans and sort; whole with BENCH_PLANS. */
export function reportPlans(plans: { name: string; plan: string }[]) {
  console.log(`\nPlans on the ${count(largeThreads + 1)}-thread organization (explain analyze):\n`);
  const json: Record<string, string> = {};
  for (const { name, plan } of plans) {
    json[name] = plan;
    const scans = scansOf(plan).filter((scan) => !/ (users|thread_authors)(_pkey)?$/.test(scan));
    const { sort, time } = timingOf(plan);
    console.log(
      `${name.padEnd(36)} ${time?.padStart(8)} ms  ${scans.join(", ")}${sort ? `; sort: ${sort}` : ""}`,
    );
    if (process.env.BENCH_PLANS) console.log(plan.replace(/^/gm, "    "));
  }
  return json;
}

/** 2. The server render of the long thread's answers, against plain paragraphs. */
export function reportMarkdownRender({ answers, times }: MarkdownRender) {
  const plain = percentile(times.get("the same text as plain paragraphs") ?? [], 50);
  console.log(
    `\nrenderToString of the ${answers.length} answers of the long thread (${kb(
      answers.reduce((sum, answer) => sum + Buffer.byteLength(answer.content), 0),
    )} of Markdown), in this process, p50 of 6:\n`,
  );
  const renderRows: Record<string, number> = {};
  for (const [name, values] of times) {
    const p50 = percentile(values, 50);
    renderRows[name] = p50;
    console.log(`  ${name.padEnd(42)} ${ms(p50).padStart(7)} ms  ${ratio(p50, plain)}`);
  }
  return renderRows;
}

/** 3a. The pages' HTML: its time over HTTP, and what it is made of. */
export function reportPages(pages: Page[], html: PageFigures[]) {
  console.log("\nThe page's HTML over HTTP (compressed, as a browser asks), ms, p50 / p95:\n");
  console.log("| page | first byte | whole |");
  console.log("| --- | ---: | ---: |");
  pages.forEach((page, index) => {
    const f = html[index] as PageFigures;
    console.log(
      `| ${page.name} | ${ms(f.firstByte.p50)} / ${ms(f.firstByte.p95)} | ` +
        `${ms(f.whole.p50)} / ${ms(f.whole.p95)} |`,
    );
  });
  console.log("\nWhat the HTML is made of (decoded):\n");
  console.log(`| part | ${pages.map((page) => page.name).join(" | ")} |`);
  console.log(`| --- |${pages.map(() => " ---: |").join("")}`);
  const parts: [string, keyof Composition][] = [
    ["the whole page", "bytes"],
    ["inline scripts (the loaders' data for hydration)", "scripts"],
    ["the messages' <article>s", "messages"],
    ["  their actions (<footer>: forms, buttons, icons)", "actions"],
    ["  a question's text again, in its edit form", "editText"],
    ["  highlighting tags (<span class=hljs-…>)", "highlighting"],
  ];
  for (const [label, key] of parts) {
    console.log(`| ${label} | ${html.map((f) => kb(f.html[key])).join(" | ")} |`);
  }
  return pages.map((page, index) => ({ page: page.name, ...html[index] }));
}

/** 3b. The loads in Chromium, each page and its ratio to the first (the short thread). */
export function reportBrowser(pages: Page[], loads: Load[][]) {
  const p50 = (index: number, key: keyof Load) =>
    percentile(
      (loads[index] ?? []).map((l) => l[key]),
      50,
    );
  console.log(
    `\nIn Chromium (${chromiumPath}, headless, scripts cached), ms from the navigation's ` +
      `start, p50 of ${browserRounds}:\n`,
  );
  const rows: [string, keyof Load][] = [
    ["time to interactive (hydrated and the last message rendered)", "interactive"],
    ["  request sent", "requestStart"],
    ["  first byte of the HTML", "firstByte"],
    ["  end of the HTML", "htmlEnd"],
    ["  first contentful paint", "firstContentfulPaint"],
    ["  DOMContentLoaded", "domContentLoaded"],
    ["  last message rendered", "lastMessage"],
    ["  hydrated (<html data-hydrated>)", "hydrated"],
    ["main-thread busy until interactive (CDP TaskDuration)", "task"],
    ["  of which script", "script"],
    ["  of which style", "style"],
    ["  of which layout", "layout"],
    ["long tasks until interactive, together", "longTasks"],
    ["  the longest", "longestTask"],
  ];
  const others = pages.slice(1).map((_, index) => index + 1);
  console.log(
    `| figure | ${pages.map((page) => page.name).join(" | ")} | ` +
      `${others.map((index) => `ratio ${index + 1}:1`).join(" | ")} |`,
  );
  console.log(`| --- |${[...pages, ...others].map(() => " ---: |").join("")}`);
  const row = (label: string, key: keyof Load, format: (value: number) => string) =>
    console.log(
      `| ${label} | ${pages.map((_, index) => format(p50(index, key))).join(" | ")} | ` +
        `${others.map((index) => ratio(p50(index, key), p50(0, key))).join(" | ")} |`,
    );
  for (const [label, key] of rows) row(label, key, ms);
  row("HTML transferred (compressed)", "transferBytes", kb);
  row("HTML decoded", "htmlBytes", kb);
  return pages.map((page, index) => ({ page: page.name, loads: loads[index] }));
}

/** The profiled load: self time until interactive by script, 5 ms or more. */
export function reportProfile(byScript: [string, number][]) {
  const total = byScript.reduce((sum, [, value]) => sum + value, 0);
  console.log(
    `\nOne more load of the long thread, profiled (sampling every 0.2 ms), self time until ` +
      `interactive, ms:\n`,
  );
  for (const [where, value] of byScript.filter(([, value]) => value >= 5)) {
    console.log(
      `  ${where.padEnd(78)} ${ms(value).padStart(7)}  ${((100 * value) / total).toFixed(0).padStart(3)}%`,
    );
  }
  return Object.fromEntries(byScript);
}

/** A warning the server said more than once, with how many times. */
export function reportServerLines(lines: Map<string, number>) {
  for (const [line, times] of lines) {
    if (times > 1) console.log(`[server] said ${times} times: ${line}`);
  }
}
