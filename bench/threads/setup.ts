// The set-up of the threads benchmark: its parameters, and the data it writes. One organization
// with BENCH_THREADS threads of BENCH_MESSAGES messages and one of BENCH_LONG, beside one with
// BENCH_SMALL_THREADS, written with set-based SQL from a pool of texts (bench/threads/text.ts).
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import { dropIndexes, recreateIndexes, rowsOf, stepTimer } from "../support/database";
import { env } from "../support/figures";
import { addOrganization as addBenchOrganization, type Member } from "../support/members";
import { type Language, seededRandom } from "../support/random";
import { answer, question, title } from "./text";

export const largeThreads = env("BENCH_THREADS", 10_000);
export const smallThreads = env("BENCH_SMALL_THREADS", 100);
export const messagesPerThread = env("BENCH_MESSAGES", 50);
export const longMessages = env("BENCH_LONG", 500);
export const rounds = env("BENCH_ROUNDS", 200);
export const warmup = env("BENCH_WARMUP", 20);
export const pageRounds = env("BENCH_PAGE_ROUNDS", 20);
export const browserRounds = env("BENCH_BROWSER_ROUNDS", 5);
const seedWorkers = env("BENCH_SEED_WORKERS", 2);
export const withBrowser = process.env.BENCH_BROWSER !== "0";
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
/** The latest messages a thread page opens on (the page's `shownMessageCount`). */
export const shownMessageCount = 50;
export const pageSize = 30;
export const password = "a bench threads passphrase";
/** Distinct questions and answers per language, and titles; messages draw from them. */
const poolSize = 2_000;
/** Threads written by one statement. */
const seedChunk = 500;

export type Organization = {
  label: string;
  threads: number;
  id: string;
  owner: Member;
  /** Two more members, who write threads too and never sign in. */
  others: string[];
};
export type Seeded = {
  large: Organization;
  small: Organization;
  longThreadId: number;
  longLastMessageId: number;
  shortThreadId: number;
  shortLastMessageId: number;
  steps: string[];
  totalMs: number;
};

/** An organization with its owner and two more members, who write threads too. */
async function addOrganization(
  db: Database,
  label: string,
  threads: number,
): Promise<Organization> {
  const organization = await addBenchOrganization(db, { bench: "threads", label, password });
  return { label, threads, ...organization };
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

export async function seed(db: Database): Promise<Seeded> {
  const { steps, step } = stepTimer();
  const started = performance.now();
  const [large, small] = await step("members", async () => [
    await addOrganization(db, "large", largeThreads),
    await addOrganization(db, "small", smallThreads),
  ]);
  if (!large || !small) throw new Error("no organizations");
  const indexes = await dropIndexes(db, deferredIndexes);

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
    await Promise.all([gin, rest].map((group) => recreateIndexes(db, group)));
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
