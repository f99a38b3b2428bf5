// What the threads benchmark measures, each scenario returning its figures for the report
// (bench/threads/report.ts): the API, the plans of the lists, the server render of the long
// thread's Markdown, and the page through the built server and in Chromium.
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import type { DatabaseConnection } from "../../api/db/client";
import { users } from "../../api/db/schema";
import { loadActor } from "../../api/identity/users";
import { listThreads } from "../../api/threads/threads";
import { type ApiCall, type ApiFetch, measureApi, send, startBenchApi } from "../support/api";
import type { Figures } from "../support/figures";
import { captureStatements, explain } from "../support/plans";
import { temporaryDir } from "../support/run";
import {
  type CpuProfile,
  type Load,
  load,
  measurePages,
  newContext,
  profileByScript,
} from "./browser";
import { renders } from "./render";
import {
  browserRounds,
  chromiumPath,
  longMessages,
  messagesPerThread,
  pageRounds,
  pageSize,
  rounds,
  type Seeded,
  shownMessageCount,
  warmup,
} from "./setup";
import { searchedWords } from "./text";

type Message = { id: number; role: string; content: string };

/** The lists the API is asked for, on each organization. */
function threadLists() {
  const listPath = (q?: string) =>
    `/threads?page=1&pageSize=${pageSize}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  return [
    { name: "GET /threads, first page", path: listPath() },
    { name: `GET /threads?q=${searchedWords.en}`, path: listPath(searchedWords.en) },
    { name: `GET /threads?q=${searchedWords.ar}`, path: listPath(searchedWords.ar) },
  ];
}

/**
 * 1. Server time through the API in this process, round-robin: the lists on both organizations,
 * the opening of the short and the long thread, and GET /user. Each call's JSON is read once
 * first, for its size and the list's total; the long thread's messages are kept for the render.
 */
export async function measureApiScenario(databaseUrl: string, seeded: Seeded) {
  const { large, small, longThreadId, shortThreadId } = seeded;
  const lists = threadLists();
  const requests: ApiCall[] = [
    { name: "GET /user", path: "/user", token: large.owner.token },
    ...lists.flatMap((list) => [
      { ...list, name: `${list.name} (small)`, token: small.owner.token },
      { ...list, name: `${list.name} (large)`, token: large.owner.token },
    ]),
    {
      name: `GET /threads/{id}, ${messagesPerThread} messages`,
      path: `/threads/${shortThreadId}`,
      token: large.owner.token,
    },
    {
      name: `GET /threads/{id}, ${longMessages} messages`,
      path: `/threads/${longThreadId}`,
      token: large.owner.token,
    },
  ];
  const { api } = await startBenchApi(databaseUrl, temporaryDir("qalam-bench-threads-"));
  const totals = new Map<string, number>();
  const payloads = new Map<string, number>();
  try {
    const apiFetch: ApiFetch = (request) => api.fetch(request);
    for (const request of requests) {
      const body = await send(apiFetch, request);
      payloads.set(request.name, body.byteLength);
      const parsed = JSON.parse(Buffer.from(body).toString()) as { total?: number };
      if (typeof parsed.total === "number") totals.set(request.name, parsed.total);
    }
    const longThread = JSON.parse(
      Buffer.from(await send(apiFetch, requests.at(-1) as ApiCall)).toString(),
    ) as { messages: Message[] };
    console.log(`\nmeasuring the API: ${rounds} rounds after ${warmup} of warm-up…`);
    const started = performance.now();
    const figures = await measureApi(apiFetch, requests, { rounds, warmup });
    const measuringMs = performance.now() - started;
    const figure = (name: string) => figures[requests.findIndex((r) => r.name === name)] as Figures;
    return { lists, requests, figure, totals, payloads, longThread, measuringMs };
  } finally {
    await api.close();
  }
}

export type ApiScenario = Awaited<ReturnType<typeof measureApiScenario>>;

/** The plans of the large organization's lists: each statement listThreads sends, explained. */
export async function explainListPlans(connection: DatabaseConnection, seeded: Seeded) {
  const db = connection.db;
  const [owner] = await db.select().from(users).where(sql`${users.id} = ${seeded.large.owner.id}`);
  if (!owner) throw new Error("no owner");
  const actor = await loadActor(db, owner);
  if (connection.driver !== "pg") throw new Error("not on PostgreSQL");
  const plans: { name: string; plan: string }[] = [];
  for (const q of [undefined, searchedWords.en, searchedWords.ar]) {
    const statements = await captureStatements(connection, () =>
      listThreads(db, actor, { page: 1, pageSize, q }),
    );
    for (const statement of statements) {
      const plan = await explain(connection, statement, "analyze, costs off");
      const name = `${q ? `search "${q}"` : "first page"}: ${statement.text.startsWith("select count(*)") ? "the count" : "the page"}`;
      plans.push({ name, plan });
    }
  }
  return plans;
}

/** 2. renderToString of the long thread's answers, each way, p50 of 6 after 2. */
export function measureMarkdownRender(longThread: { messages: Message[] }) {
  const answers = longThread.messages.filter((m) => m.role === "assistant");
  const times = new Map<string, number[]>(Object.keys(renders).map((name) => [name, []]));
  for (let round = 0; round < 8; round++) {
    for (const [name, render] of Object.entries(renders)) {
      const started = performance.now();
      renderToString(render(answers));
      if (round >= 2) times.get(name)?.push(performance.now() - started);
    }
  }
  return { answers, times };
}

export type MarkdownRender = ReturnType<typeof measureMarkdownRender>;

export type Page = { name: string; url: string; last: number; messages: number };

/** The pages measured: the short thread, the long one on its window, the long one whole. */
export function threadPages(base: string, seeded: Seeded): Page[] {
  const { shortThreadId, longThreadId } = seeded;
  return [
    {
      name: `/threads/{id}, ${messagesPerThread} messages`,
      url: `${base}/threads/${shortThreadId}`,
      last: seeded.shortLastMessageId,
      messages: messagesPerThread,
    },
    // A long thread opens on its latest messages (the page's window)…
    {
      name: `/threads/{id}, ${longMessages} messages`,
      url: `${base}/threads/${longThreadId}`,
      last: seeded.longLastMessageId,
      messages: Math.min(longMessages, shownMessageCount),
    },
    // …and shows them all on request.
    {
      name: `/threads/{id}?earlier=all, ${longMessages} messages`,
      url: `${base}/threads/${longThreadId}?earlier=all`,
      last: seeded.longLastMessageId,
      messages: longMessages,
    },
  ];
}

/** 3a. The pages' HTML over HTTP, as a browser asks for it. */
export async function measurePagesScenario(pages: Page[], cookieHeader: string) {
  console.log(`\nmeasuring the pages' HTML: ${pageRounds} rounds after 2…`);
  return measurePages(pages, cookieHeader);
}

/**
 * 3b. The pages in Chromium, the scripts in its cache: each loaded once first, then
 * `browserRounds` rounds round-robin; one more load of the longest, profiled, its self time by
 * script.
 */
export async function measureBrowserScenario(
  base: string,
  pages: Page[],
  cookies: { name: string; value: string }[],
  cookieHeader: string,
) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const context = await newContext(browser, base, cookies);
    // Once each first: the scripts are then in the browser's cache, as for a member who has
    // used the app before.
    for (const page of pages) await load(context, page.url, page.last);
    console.log(`\nloading the pages in Chromium: ${browserRounds} rounds…`);
    const loads = pages.map(() => [] as Load[]);
    for (let round = 0; round < browserRounds; round++) {
      for (let k = 0; k < pages.length; k++) {
        const index = (k + round) % pages.length;
        const page = pages[index] as Page;
        const { load: figures } = await load(context, page.url, page.last);
        if (figures.messages !== page.messages) {
          throw new Error(`${page.name}: ${figures.messages} messages on the page`);
        }
        loads[index]?.push(figures);
      }
    }
    const slowest = pages.at(-1) as Page;
    const { profile } = await load(context, slowest.url, slowest.last, true);
    await context.close();
    const byScript = profile ? await profileOf(profile, slowest, cookieHeader) : undefined;
    return { loads, byScript };
  } finally {
    await browser.close();
  }
}

/** The profile's self time by script, the threads page's chunk named from the page's HTML. */
async function profileOf(profile: CpuProfile, page: Page, cookieHeader: string) {
  const threadsChunk =
    (await fetch(page.url, { headers: { cookie: cookieHeader } }).then((r) => r.text())).match(
      /\/assets\/(\(ar\)\._auth\.threads\.\(_id\)-[\w-]+\.js)/,
    )?.[1] ?? "";
  return profileByScript(profile, threadsChunk);
}
