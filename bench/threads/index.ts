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
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { sql } from "drizzle-orm";
import pg from "pg";
import { renderToString } from "react-dom/server";
import { type Database, type DatabaseConnection, openDatabase } from "../../api/db/client";
import { migrateDatabase } from "../../api/db/migrate";
import { sessions, users } from "../../api/db/schema";
import { createOrganization } from "../../api/services/organizations";
import { generateSessionToken, hashSessionToken } from "../../api/services/sessions";
import { listThreads } from "../../api/services/threads";
import { createUser, loadActor } from "../../api/services/users";
import { startApi } from "../../api/start";
import { renders } from "./render";
import { answer, type Language, question, searchedWords, seededRandom, title } from "./text";

/** The latest messages a thread page opens on (the page's `shownMessageCount`). */
const shownMessageCount = 50;

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const largeThreads = env("BENCH_THREADS", 10_000);
const smallThreads = env("BENCH_SMALL_THREADS", 100);
const messagesPerThread = env("BENCH_MESSAGES", 50);
const longMessages = env("BENCH_LONG", 500);
const rounds = env("BENCH_ROUNDS", 200);
const warmup = env("BENCH_WARMUP", 20);
const pageRounds = env("BENCH_PAGE_ROUNDS", 20);
const browserRounds = env("BENCH_BROWSER_ROUNDS", 5);
const seedWorkers = env("BENCH_SEED_WORKERS", 2);
const withBrowser = process.env.BENCH_BROWSER !== "0";
const serverUrl =
  process.env.BENCH_SERVER_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const root = fileURLToPath(new URL("../..", import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const pageSize = 30;
const password = "a bench threads passphrase";
/** Distinct questions and answers per language, and titles; messages draw from them. */
const poolSize = 2_000;
/** Threads written by one statement. */
const seedChunk = 500;

const projectNode = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

// --- The database --------------------------------------------------------------------------------

let createdDatabase: { name: string; admin: pg.Client } | undefined;

async function createDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `No PostgreSQL at ${serverUrl} (BENCH_SERVER_URL): this benchmark needs a server, for the ` +
        `data and for the web server it starts on it. ${(error as Error).message}`,
    );
  }
  const name = `qalam_bench_threads_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database "${name}"`);
  createdDatabase = { name, admin };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropCreatedDatabase({ wait }: { wait: boolean }) {
  const created = createdDatabase;
  createdDatabase = undefined;
  if (!created) return;
  for (let tries = 0; wait && tries < 50; tries++) {
    const { rows } = await created.admin.query(
      "select count(*)::int as open from pg_stat_activity where datname = $1",
      [created.name],
    );
    if (rows[0]?.open === 0) break;
    await sleep(100);
  }
  await created.admin.query(`drop database if exists "${created.name}" with (force)`);
  await created.admin.end();
}

/** Rows of `db.execute`, whichever the driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// --- The data ------------------------------------------------------------------------------------

type Member = { id: string; email: string; token: string };
type Organization = {
  label: string;
  threads: number;
  id: string;
  owner: Member;
  /** Two more members, who write threads too and never sign in. */
  others: string[];
};
type Seeded = {
  large: Organization;
  small: Organization;
  longThreadId: number;
  longLastMessageId: number;
  shortThreadId: number;
  shortLastMessageId: number;
  steps: string[];
  totalMs: number;
};

/** A verified user with a password, through the service that registration uses. */
async function addMember(db: Database, email: string, firstName: string, lastName: string) {
  const user = await createUser(db, { firstName, lastName, email, password, verified: true });
  const token = generateSessionToken();
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: user.id, email, token };
}

/** An organization with its owner and two more members, who write threads too. */
async function addOrganization(
  db: Database,
  label: string,
  threads: number,
): Promise<Organization> {
  const owner = await addMember(db, `owner@${label}.threads.bench.test`, "Bench", `Owner ${label}`);
  const organization = await createOrganization(db, { name: `Bench ${label}`, ownerId: owner.id });
  const others: string[] = [];
  for (const [index, name] of ["Hana Saleh", "ليلى المنصوري"].entries()) {
    const [firstName = "", lastName = ""] = name.split(" ");
    const user = await createUser(db, {
      firstName,
      lastName,
      email: `member${index + 1}@${label}.threads.bench.test`,
      passwordHash: "not a password: nobody signs in as this member",
      verified: true,
    });
    await db.execute(sql`
      insert into memberships (organization_id, user_id, role)
      values (${organization.id}, ${user.id}, 'member')`);
    await db.execute(sql`
      update users set current_organization_id = ${organization.id} where id = ${user.id}`);
    others.push(user.id);
  }
  return { label, threads, id: organization.id, owner, others };
}

/** The pool of texts the messages are drawn from, written in batches of multi-row inserts. */
async function writePool(db: Database) {
  await db.execute(sql`
    create table bench_pool (kind text, language text, i int, content text,
      primary key (kind, language, i))`);
  const rows: { kind: string; language: Language; i: number; content: string }[] = [];
  for (const language of ["en", "ar"] as const) {
    const random = seededRandom(language === "en" ? 42 : 43);
    for (let i = 0; i < poolSize; i++) {
      rows.push({ kind: "question", language, i, content: question(random, language) });
      rows.push({ kind: "answer", language, i, content: answer(random, language) });
      rows.push({ kind: "title", language, i, content: title(random, language) });
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db.execute(sql`
      insert into bench_pool (kind, language, i, content) values ${sql.join(
        batch.map((row) => sql`(${row.kind}, ${row.language}, ${row.i}, ${row.content})`),
        sql`, `,
      )}`);
  }
}

/**
 * The threads to write, one row each, with the range of their messages' ids: the long thread
 * (1) and the reference thread (2) first, both the large organization owner's, in English,
 * private, and the two most recent; then the large organization's other threads, then the small
 * one's. Of the others, 70% are the owner's (a fifth of them shared with the organization), 20%
 * a member's (half shared) and 10% another member's (shared); 60% are in English; 3% archived,
 * 1% deleted, a few of the owner's pinned; their last activity anywhere in the past year.
 */
async function planThreads(db: Database, large: Organization, small: Organization) {
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    create table bench_threads (id bigint primary key, organization_id uuid, author_id uuid,
      visibility text, pinned boolean, archived boolean, deleted boolean, language text,
      messages int, last_activity_at timestamptz, first_message_id bigint)`);
  await db.execute(sql`
    insert into bench_threads values
      (1, ${large.id}, ${large.owner.id}, 'private', false, false, false, 'en', ${longMessages},
        now() - interval '1 minute', null),
      (2, ${large.id}, ${large.owner.id}, 'private', false, false, false, 'en',
        ${messagesPerThread}, now() - interval '2 minutes', null)`);
  const others = (org: Organization, from: number, count: number) => sql`
    insert into bench_threads
    select n, ${org.id}::uuid,
      case when a < 0.7 then ${org.owner.id}::uuid when a < 0.9 then ${org.others[0]}::uuid
        else ${org.others[1]}::uuid end,
      case when (a < 0.7 and b < 0.2) or (a >= 0.7 and a < 0.9 and b < 0.5) or a >= 0.9
        then 'organization' else 'private' end,
      a < 0.7 and n % 1500 = 0,
      c < 0.03, c >= 0.03 and c < 0.04,
      case when d < 0.6 then 'en' else 'ar' end,
      ${messagesPerThread}, now() - interval '10 minutes' - e * interval '365 days', null
    from (
      select n, random() as a, random() as b, random() as c, random() as d, random() as e
      from generate_series(${from}::int, ${from + count - 1}::int) n
    ) r`;
  await db.execute(others(large, 3, largeThreads - 1));
  await db.execute(others(small, largeThreads + 2, smallThreads));
  await db.execute(sql`
    update bench_threads t set first_message_id = s.first
    from (select id, 1 + sum(messages) over (order by id) - messages as first
      from bench_threads) s
    where s.id = t.id`);
  await db.execute(sql`
    insert into threads (id, organization_id, author_id, title, visibility, pinned, archived_at,
      current_message_id, last_activity_at, created_at, updated_at, deleted_at)
    overriding system value
    select t.id, t.organization_id, t.author_id, p.content, t.visibility, t.pinned,
      case when t.archived then t.last_activity_at + interval '1 day' end, null,
      t.last_activity_at, t.last_activity_at - t.messages * interval '1 minute',
      t.last_activity_at, case when t.deleted then now() - interval '3 days' end
    from bench_threads t
    join bench_pool p on p.kind = 'title' and p.language = t.language
      and p.i = (t.id * 7919) % ${poolSize}`);
}

/** The messages of the threads `from` to `to`: a question, an answer, and so on, one chain. */
function writeMessages(db: Database, from: number, to: number) {
  return db.execute(sql`
    insert into thread_messages (id, thread_id, organization_id, parent_id, role, content, status,
      model, author_id, input_tokens, output_tokens, feedback_rating, created_at, updated_at)
    overriding system value
    select t.first_message_id + k, t.id, t.organization_id,
      case when k = 0 then null else t.first_message_id + k - 1 end,
      case when k % 2 = 0 then 'user' else 'assistant' end,
      p.content, 'complete',
      case when k % 2 = 1 then 'gpt-4o-mini' end,
      case when k % 2 = 0 then t.author_id end,
      case when k % 2 = 1 then 400 + k * 60 end,
      case when k % 2 = 1 then length(p.content) / 4 end,
      case when k % 2 = 1 and (t.id + k) % 23 = 0 then 'up' end,
      t.last_activity_at - (t.messages - k) * interval '1 minute',
      t.last_activity_at - (t.messages - k) * interval '1 minute'
    from bench_threads t
    cross join generate_series(0, t.messages - 1) k
    join bench_pool p on p.kind = case when k % 2 = 0 then 'question' else 'answer' end
      and p.language = t.language and p.i = (t.id * 7919 + k * 104729) % ${poolSize}
    where t.id between ${from} and ${to}`);
}

// Built once after the rows are in: indexes, the GIN one above all, take rows one by one far
// slower.
const deferredIndexes = [
  "thread_messages_search_idx",
  "thread_messages_thread_idx",
  "thread_messages_parent_idx",
  "threads_search_idx",
];

async function seed(db: Database): Promise<Seeded> {
  const steps: string[] = [];
  const step = async <T>(name: string, run: () => Promise<T>) => {
    const started = performance.now();
    const value = await run();
    steps.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return value;
  };
  const started = performance.now();
  const [large, small] = await step("members", async () => [
    await addOrganization(db, "large", largeThreads),
    await addOrganization(db, "small", smallThreads),
  ]);
  if (!large || !small) throw new Error("no organizations");
  const indexes = await db
    .execute<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where indexname in (${sql.join(
        deferredIndexes.map((name) => sql`${name}`),
        sql`, `,
      )})`)
    .then(rowsOf<{ name: string; definition: string }>);
  if (indexes.length !== deferredIndexes.length) throw new Error("an index is missing");
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));

  await step("texts", () => writePool(db));
  await step("threads", () => planThreads(db, large, small));
  const lastId = largeThreads + 1 + smallThreads;
  await step(`messages (${seedWorkers} connections)`, async () => {
    const chunks: [number, number][] = [];
    for (let from = 1; from <= lastId; from += seedChunk) {
      chunks.push([from, Math.min(lastId, from + seedChunk - 1)]);
    }
    const work = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        await writeMessages(db, chunk[0], chunk[1]);
      }
    };
    await Promise.all(Array.from({ length: seedWorkers }, work));
  });
  await step("current messages", async () => {
    await db.execute(sql`
      update threads set current_message_id = t.first_message_id + t.messages - 1
      from bench_threads t where t.id = threads.id`);
    for (const table of ["threads", "thread_messages"]) {
      await db.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), max(id)) from ${table}`),
      );
    }
  });
  await step("indexes", async () => {
    // The GIN index on one connection, the others beside it.
    const gin = indexes.filter((index) => index.name === "thread_messages_search_idx");
    const rest = indexes.filter((index) => index.name !== "thread_messages_search_idx");
    await Promise.all(
      [gin, rest].map((group) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
          for (const index of group) await tx.execute(sql.raw(index.definition));
        }),
      ),
    );
  });
  const [long, short] = await db
    .execute<{ id: number; last: number }>(sql`
      select id::int, (first_message_id + messages - 1)::int as last
      from bench_threads where id in (1, 2) order by id`)
    .then(rowsOf<{ id: number; last: number }>);
  await db.execute(sql`drop table bench_threads`);
  await db.execute(sql`drop table bench_pool`);
  await step("vacuum analyze", () => db.execute(sql`vacuum analyze`));
  if (!long || !short) throw new Error("the long and short threads are missing");
  return {
    large,
    small,
    longThreadId: long.id,
    longLastMessageId: long.last,
    shortThreadId: short.id,
    shortLastMessageId: short.last,
    steps,
    totalMs: performance.now() - started,
  };
}

// --- Measuring -----------------------------------------------------------------------------------

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
type Figures = { p50: number; p95: number };
const figuresOf = (values: number[]): Figures => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
});

type ApiCall = { name: string; path: string; token: string };
type ApiFetch = (request: Request) => Promise<Response>;

/** A call to the API in this process, as the web server makes it; its body read to the end. */
async function send(apiFetch: ApiFetch, call: ApiCall) {
  const response = await apiFetch(
    new Request(`http://localhost/api/v1${call.path}`, {
      headers: { authorization: `Bearer ${call.token}` },
    }),
  );
  const body = await response.arrayBuffer();
  if (!response.ok) {
    throw new Error(`${call.name}: ${response.status} ${Buffer.from(body).toString()}`);
  }
  return body;
}

/** Every call once a round, the order turned every round; the first `warmup` not counted. */
async function measureApi(apiFetch: ApiFetch, calls: ApiCall[]) {
  const samples = calls.map(() => [] as number[]);
  for (let round = 0; round < warmup + rounds; round++) {
    for (let k = 0; k < calls.length; k++) {
      const index = (k + round) % calls.length;
      const started = performance.now();
      await send(apiFetch, calls[index] as ApiCall);
      const elapsed = performance.now() - started;
      if (round >= warmup) samples[index]?.push(elapsed);
    }
  }
  return samples.map(figuresOf);
}

// --- The built server ----------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function startServer(databaseUrl: string, port: number, dataDir: string): ChildProcess {
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

const serverLines = new Map<string, number>();

function stopServer(child: ChildProcess) {
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

async function waitUntilUp(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/** The cookies of a signed-in browser, through the web app's own login form. */
async function signIn(base: string, email: string) {
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

type Composition = {
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
function composition(html: string): Composition {
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

type PageFigures = { firstByte: Figures; whole: Figures; html: Composition };

/** The page's HTML as a browser asks for it (compressed), timed to its first byte and its end. */
async function measurePages(pages: { url: string }[], cookie: string) {
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
const browserUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

type Load = {
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

async function newContext(
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

async function load(
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

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** Self time by script (or by the profiler's own categories), ms, largest first. */
function profileByScript(profile: CpuProfile, threadsChunk: string) {
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

// --- The run -------------------------------------------------------------------------------------

const benchStarted = performance.now();
let stopping = false;
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
process.on("exit", () => {
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // Gone already.
      }
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});
const stopOnSignal = (signal: NodeJS.Signals) => {
  stopping = true;
  void dropCreatedDatabase({ wait: false }).finally(() =>
    process.exit(signal === "SIGINT" ? 130 : 143),
  );
};
process.once("SIGINT", stopOnSignal);
process.once("SIGTERM", stopOnSignal);

const ms = (value: number) => value.toFixed(1);
const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}x`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
const count = (n: number) => n.toLocaleString("en");

if (withBrowser && process.env.BENCH_BUILD !== "0") {
  console.log("Building the web app…");
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}

const database = await createDatabase();
let connection: DatabaseConnection | undefined;
const json: Record<string, unknown> = {};
try {
  connection = await openDatabase({ databaseUrl: database.url });
  await migrateDatabase(connection);
  const db = connection.db;
  const [version] = await db
    .execute<{ version: string }>(sql`select current_setting('server_version') as version`)
    .then(rowsOf<{ version: string }>);
  console.log(
    `\nThreads at scale on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}; PostgreSQL ${version?.version}, database ${database.name}`,
  );
  console.log(
    `seeding: ${count(largeThreads)} threads of ${messagesPerThread} messages and one of ` +
      `${longMessages} in one organization, ${count(smallThreads)} threads of ` +
      `${messagesPerThread} in another…`,
  );
  const seeded = await seed(db);
  const [tables] = await db
    .execute<{ threads: number; messages: number; size: string; characters: string }>(sql`
      select (select count(*) from threads)::int as threads,
        (select count(*) from thread_messages)::int as messages,
        pg_size_pretty(pg_total_relation_size('thread_messages')) as size,
        (select round(avg(length(content))) from thread_messages)::text as characters`)
    .then(rowsOf<{ threads: number; messages: number; size: string; characters: string }>);
  console.log(
    `seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${seeded.steps.join(", ")}): ` +
      `${count(tables?.threads ?? 0)} threads, ${count(tables?.messages ?? 0)} messages of ` +
      `${tables?.characters} characters on average (thread_messages: ${tables?.size} with ` +
      `indexes and TOAST)`,
  );
  json.seeding = { ms: seeded.totalMs, steps: seeded.steps, tables };

  // --- 1. The API ---
  const { large, small, longThreadId, shortThreadId } = seeded;
  const listPath = (q?: string) =>
    `/threads?page=1&pageSize=${pageSize}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const lists = [
    { name: "GET /threads, first page", path: listPath() },
    { name: `GET /threads?q=${searchedWords.en}`, path: listPath(searchedWords.en) },
    { name: `GET /threads?q=${searchedWords.ar}`, path: listPath(searchedWords.ar) },
  ];
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
  const dirs = mkdtempSync(join(tmpdir(), "qalam-bench-threads-"));
  dataDirs.push(dirs);
  const { api } = await startApi({
    databaseUrl: database.url,
    filesDir: join(dirs, "files"),
    outboxDir: join(dirs, "outbox"),
    production: true,
  });
  const totals = new Map<string, number>();
  const payloads = new Map<string, number>();
  let apiFigures: Figures[];
  let longThread: { messages: { id: number; role: string; content: string }[] };
  try {
    const apiFetch: ApiFetch = (request) => api.fetch(request);
    for (const request of requests) {
      const body = await send(apiFetch, request);
      payloads.set(request.name, body.byteLength);
      const parsed = JSON.parse(Buffer.from(body).toString()) as { total?: number };
      if (typeof parsed.total === "number") totals.set(request.name, parsed.total);
    }
    longThread = JSON.parse(
      Buffer.from(await send(apiFetch, requests.at(-1) as ApiCall)).toString(),
    ) as typeof longThread;
    console.log(`\nmeasuring the API: ${rounds} rounds after ${warmup} of warm-up…`);
    const started = performance.now();
    apiFigures = await measureApi(apiFetch, requests);
    json.apiMeasuringMs = performance.now() - started;
  } finally {
    await api.close();
  }
  const figure = (name: string) =>
    apiFigures[requests.findIndex((r) => r.name === name)] as Figures;
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
    const f = figure(request.name);
    console.log(
      `| ${request.name} | ${ms(f.p50)} / ${ms(f.p95)} | ${ratio(f.p50, user.p50)} | ` +
        `${kb(payloads.get(request.name) ?? 0)} |`,
    );
    apiRows.push({ request: request.name, large: f, bytes: payloads.get(request.name) });
  }
  json.api = apiRows;

  // The large organization's lists: their statements' plans.
  const [owner] = await db.select().from(users).where(sql`${users.id} = ${large.owner.id}`);
  if (!owner) throw new Error("no owner");
  const actor = await loadActor(db, owner);
  if (connection.driver !== "pg") throw new Error("not on PostgreSQL");
  const client = connection.pool as unknown as {
    query: (text: unknown, values?: unknown) => Promise<{ rows: Record<string, string>[] }>;
  };
  console.log(`\nPlans on the ${count(largeThreads + 1)}-thread organization (explain analyze):\n`);
  const plans: Record<string, string> = {};
  for (const q of [undefined, searchedWords.en, searchedWords.ar]) {
    const statements: { text: string; values: unknown[] }[] = [];
    const original = client.query;
    client.query = function (this: unknown, text: unknown, values?: unknown, ...rest: unknown[]) {
      statements.push({
        text: typeof text === "string" ? text : (text as { text: string }).text,
        values: (values as unknown[]) ?? [],
      });
      return (original as (...args: unknown[]) => Promise<{ rows: unknown[] }>).call(
        this,
        text,
        values,
        ...rest,
      );
    } as typeof client.query;
    try {
      await listThreads(db, actor, { page: 1, pageSize, q });
    } finally {
      client.query = original;
    }
    for (const statement of statements) {
      const { rows } = await client.query(
        `explain (analyze, costs off) ${statement.text}`,
        statement.values,
      );
      const plan = rows.map((row) => Object.values(row)[0]).join("\n");
      const name = `${q ? `search "${q}"` : "first page"}: ${statement.text.startsWith("select count(*)") ? "the count" : "the page"}`;
      plans[name] = plan;
      const scans = [
        ...new Set(
          [
            ...plan.matchAll(
              /(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g,
            ),
          ].map((match) => `${match[1]} ${match[2]}`),
        ),
      ].filter((scan) => !/ (users|thread_authors)(_pkey)?$/.test(scan));
      const sort = /Sort Method: ([^\n]+)/.exec(plan)?.[1];
      const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
      console.log(
        `${name.padEnd(36)} ${time?.padStart(8)} ms  ${scans.join(", ")}${sort ? `; sort: ${sort}` : ""}`,
      );
      if (process.env.BENCH_PLANS) console.log(plan.replace(/^/gm, "    "));
    }
  }
  json.plans = plans;

  // --- 2. The server render of the long thread's Markdown ---
  const answers = longThread.messages.filter((m) => m.role === "assistant");
  const renderTimes = new Map<string, number[]>(Object.keys(renders).map((name) => [name, []]));
  for (let round = 0; round < 8; round++) {
    for (const [name, render] of Object.entries(renders)) {
      const started = performance.now();
      renderToString(render(answers));
      if (round >= 2) renderTimes.get(name)?.push(performance.now() - started);
    }
  }
  const plain = percentile(renderTimes.get("the same text as plain paragraphs") ?? [], 50);
  console.log(
    `\nrenderToString of the ${answers.length} answers of the long thread (${kb(
      answers.reduce((sum, answer) => sum + Buffer.byteLength(answer.content), 0),
    )} of Markdown), in this process, p50 of 6:\n`,
  );
  const renderRows: Record<string, number> = {};
  for (const [name, times] of renderTimes) {
    const p50 = percentile(times, 50);
    renderRows[name] = p50;
    console.log(`  ${name.padEnd(42)} ${ms(p50).padStart(7)} ms  ${ratio(p50, plain)}`);
  }
  json.markdownRender = renderRows;

  // --- 3. The page, through the built server, and in Chromium ---
  if (withBrowser) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), "qalam-bench-threads-server-"));
    dataDirs.push(dataDir);
    const server = startServer(database.url, port, dataDir);
    children.push(server);
    try {
      await waitUntilUp(`${base}/api/health`);
      const cookies = await signIn(base, large.owner.email);
      const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      const pages = [
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
      console.log(`\nmeasuring the pages' HTML: ${pageRounds} rounds after 2…`);
      const html = await measurePages(pages, cookieHeader);
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
      json.html = pages.map((page, index) => ({ page: page.name, ...html[index] }));

      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--no-first-run",
          "--disable-background-networking",
        ],
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
            const page = pages[index] as (typeof pages)[number];
            const { load: figures } = await load(context, page.url, page.last);
            if (figures.messages !== page.messages) {
              throw new Error(`${page.name}: ${figures.messages} messages on the page`);
            }
            loads[index]?.push(figures);
          }
        }
        const slowest = pages.at(-1) as (typeof pages)[number];
        const { profile } = await load(context, slowest.url, slowest.last, true);
        await context.close();

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
        // Each page, then each one's ratio to the first (the short thread).
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
        json.browser = pages.map((page, index) => ({ page: page.name, loads: loads[index] }));

        if (profile) {
          const threadsChunk =
            (
              await fetch(slowest.url, { headers: { cookie: cookieHeader } }).then((r) => r.text())
            ).match(/\/assets\/(\(ar\)\._auth\.threads\.\(_id\)-[\w-]+\.js)/)?.[1] ?? "";
          const byScript = profileByScript(profile, threadsChunk);
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
          json.profile = Object.fromEntries(byScript);
        }
      } finally {
        await browser.close();
      }
    } finally {
      await stopServer(server);
      for (const [line, times] of serverLines) {
        if (times > 1) console.log(`[server] said ${times} times: ${line}`);
      }
    }
  }

  console.log(`\nin all ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rounds, warmup, ...json }, null, 2));
  }
} catch (error) {
  if (!stopping) throw error;
} finally {
  await connection?.close();
  await dropCreatedDatabase({ wait: !stopping });
}
