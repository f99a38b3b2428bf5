import { parse } from "csv-parse/sync";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { getBot, lockLiveBot } from "../bots/bots";
import type { Database } from "../db/client";
import { type CountedTotal, countMatches, rowsBefore } from "../db/paging";
import { AppError, errorOnFields, notFound, staleVersion } from "../errors";
import { unguardCell, writeCsv } from "../http/csv";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { type KnowledgeQa, knowledgeQa } from "./schema";

/** What a bot's question-and-answer pairs may hold; lengths count characters. */
export const qaLimits = {
  question: 500,
  answer: 4_000,
  /** Pairs of one bot. */
  perBot: 5_000,
  /** The size of an imported file, in bytes. */
  importBytes: 2 * 1024 * 1024,
  /** Bad rows an import's refusal names; the others are counted. */
  reportedRows: 100,
} as const;

/** The event that tells a bot's open pages its knowledge changed; `id` is the bot's. */
export const knowledgeChanged = "knowledge.changed";

export type QaInput = { question: string; answer: string };

export type QaView = Omit<
  KnowledgeQa,
  "organizationId" | "search" | "embeddingModel" | "embeddingDimensions"
>;

export type QaQuery = { page: number; pageSize: number; q?: string };

const viewColumns = {
  id: knowledgeQa.id,
  botId: knowledgeQa.botId,
  question: knowledgeQa.question,
  answer: knowledgeQa.answer,
  version: knowledgeQa.version,
  createdBy: knowledgeQa.createdBy,
  createdAt: knowledgeQa.createdAt,
  updatedAt: knowledgeQa.updatedAt,
};

const newestFirst = [desc(knowledgeQa.createdAt), desc(knowledgeQa.id)];

/**
 * The pairs of a bot the actor's organization has (a deleted one's too while restorable), newest
 * first, paged; `q` searches the questions in full text (docs/search.md) (bots.read).
 */
export async function listQa(
  db: Database,
  actor: Actor,
  botId: string,
  query: QaQuery,
): Promise<{ items: QaView[] } & CountedTotal> {
  const bot = await getBot(db, actor, botId);
  const q = query.q?.trim() || undefined;
  const conditions: (SQL | undefined)[] = [
    eq(knowledgeQa.botId, bot.id),
    q ? sql`${knowledgeQa.search} @@ qalam_search_query(${q})` : undefined,
  ];
  const where = and(...conditions);
  const [items, counted] = await Promise.all([
    db
      .select(viewColumns)
      .from(knowledgeQa)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    countMatches(db, knowledgeQa, where, { ...query, q }),
  ]);
  return { items, ...counted };
}

/** One pair of a bot of the actor's organization; 404 for any other (bots.read). */
export async function getQa(
  db: Database,
  actor: Actor,
  botId: string,
  qaId: string,
): Promise<QaView> {
  const bot = await getBot(db, actor, botId);
  const [pair] = await db
    .select(viewColumns)
    .from(knowledgeQa)
    .where(and(eq(knowledgeQa.id, qaId), eq(knowledgeQa.botId, bot.id)));
  if (!pair) throw notFound("No such question.");
  return pair;
}

const tooMany = () =>
  errorOnFields("invalid", "TOO_MANY_QA", "This bot has as many questions as it may.", {
    question: `At most ${qaLimits.perBot.toLocaleString("en")} questions a bot`,
  });

/** How many pairs the bot has, in the transaction that locked it. */
async function pairsOf(tx: Database, botId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(knowledgeQa)
    .where(eq(knowledgeQa.botId, botId));
  return Number(row?.n ?? 0);
}

/**
 * A new pair of a live bot (bots.manage): at most 5,000 a bot (422 TOO_MANY_QA), 409 BOT_DELETED
 * for a deleted one. Its vector is made elsewhere: `embeddingModel` stays null here.
 */
export async function createQa(
  db: Database,
  actor: Actor,
  botId: string,
  input: QaInput,
): Promise<string> {
  requirePermission(actor, "bots.manage");
  return db.transaction(async (tx) => {
    const bot = await lockLiveBot(tx, actor, botId);
    if ((await pairsOf(tx, bot.id)) >= qaLimits.perBot) throw tooMany();
    const [pair] = await tx
      .insert(knowledgeQa)
      .values({
        organizationId: actor.organizationId,
        botId: bot.id,
        question: input.question,
        answer: input.answer,
        createdBy: actor.userId,
      })
      .returning({ id: knowledgeQa.id });
    if (!pair) throw new Error("insert into knowledge_qa returned no row");
    await publishChange(tx, actor, knowledgeChanged, bot.id);
    return pair.id;
  });
}

async function lockQa(tx: Database, actor: OrganizationActor, botId: string, qaId: string) {
  const bot = await lockLiveBot(tx, actor, botId);
  const [pair] = await tx
    .select(viewColumns)
    .from(knowledgeQa)
    .where(and(eq(knowledgeQa.id, qaId), eq(knowledgeQa.botId, bot.id)))
    .for("update");
  if (!pair) throw notFound("No such question.");
  return pair;
}

/** Changes a pair (bots.manage) made on `version`: another change since is 409 STALE_VERSION. */
export async function updateQa(
  db: Database,
  actor: Actor,
  botId: string,
  qaId: string,
  version: number,
  changes: Partial<QaInput>,
): Promise<void> {
  requirePermission(actor, "bots.manage");
  await db.transaction(async (tx) => {
    const pair = await lockQa(tx, actor, botId, qaId);
    if (pair.version !== version) {
      throw staleVersion(
        "Someone changed this question since you opened it. Reload it to see their changes.",
        {
          ...pair,
          createdAt: pair.createdAt.toISOString(),
          updatedAt: pair.updatedAt.toISOString(),
        },
      );
    }
    await tx
      .update(knowledgeQa)
      .set({
        ...changes,
        // A new question waits for its vector (knowledge.index-qa).
        ...(changes.question !== undefined && changes.question !== pair.question
          ? { embeddingModel: null, embeddingDimensions: null }
          : {}),
        version: sql`${knowledgeQa.version} + 1`,
      })
      .where(eq(knowledgeQa.id, pair.id));
    await publishChange(tx, actor, knowledgeChanged, botId);
  });
}

/** Deletes a pair for good (bots.manage). */
export async function deleteQa(
  db: Database,
  actor: Actor,
  botId: string,
  qaId: string,
): Promise<void> {
  requirePermission(actor, "bots.manage");
  await db.transaction(async (tx) => {
    const pair = await lockQa(tx, actor, botId, qaId);
    await tx.delete(knowledgeQa).where(eq(knowledgeQa.id, pair.id));
    await publishChange(tx, actor, knowledgeChanged, botId);
  });
}

/* Files of pairs: CSV with a `question,answer` header, or JSON Lines. */

export const qaFileFormats = ["csv", "jsonl"] as const;
export type QaFileFormat = (typeof qaFileFormats)[number];

/** The fields a row of a file gives, before they are checked, and the line it starts on. */
export type QaFileRow = { line: number; fields: Record<string, unknown> };

/** What is wrong with a row of a file: its line, the field (or `row`), a code and a message. */
export type QaRowError = { line: number; field: string; code: string; message: string };

/** A row checked as POST …/knowledge/qa checks a pair: the pair, or each field's error. */
export type CheckedQaRow =
  | { pair: QaInput }
  | { errors: Record<string, { code: string; message: string }> };

type ReadFile = { rows: QaFileRow[]; errors: QaRowError[] };

const csvColumns = ["question", "answer"] as const;

/** The line a record of csv-parse starts on: the line it ends on, less its line breaks. */
function startLine(endLine: number, raw: string): number {
  const breaks = raw.replace(/\r?\n$/, "").match(/\n/g)?.length ?? 0;
  return endLine - breaks;
}

/**
 * The rows of a CSV file by its `question` and `answer` columns (other columns are left out).
 * A row the parser cannot read ends the reading: what follows cannot be told apart.
 */
function readCsv(text: string): ReadFile {
  const rows: QaFileRow[] = [];
  const errors: QaRowError[] = [];
  const named = new Set<string>();
  let lastLine = 1;
  try {
    parse(text, {
      bom: true,
      raw: true,
      info: true,
      // The product's own export guards cells that could run as formulas; they come back as they were.
      cast: (value: string) => unguardCell(value),
      columns: (header: string[]) =>
        header.map((name) => {
          const column = name.trim().toLowerCase();
          if (!(csvColumns as readonly string[]).includes(column) || named.has(column))
            return false;
          named.add(column);
          return column;
        }),
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
      on_record: ({
        record,
        info,
        raw,
      }: {
        record: Record<string, string>;
        info: { lines: number };
        raw: string;
      }) => {
        rows.push({ line: startLine(info.lines, raw), fields: record });
        lastLine = info.lines;
        return null;
      },
    });
  } catch (error) {
    const failure = error as Error & { code?: string; lines?: number };
    const unclosed = failure.code === "CSV_QUOTE_NOT_CLOSED";
    errors.push({
      line: unclosed ? lastLine + 1 : (failure.lines ?? lastLine + 1),
      field: "row",
      code: "INVALID_CSV",
      message: unclosed
        ? "A quote opened here is never closed"
        : `Not CSV that can be read: ${failure.message}`.slice(0, 300),
    });
  }
  if (!text.replace(/^\uFEFF/, "").trim()) return { rows, errors };
  for (const column of csvColumns) {
    if (!named.has(column)) {
      errors.unshift({
        line: 1,
        field: column,
        code: "MISSING_COLUMN",
        message: `The header needs a ${column} column`,
      });
    }
  }
  return { rows, errors };
}

/** The rows of a JSON Lines file: one `{"question", "answer"}` object a line, blank lines skipped. */
function readJsonl(text: string): ReadFile {
  const rows: QaFileRow[] = [];
  const errors: QaRowError[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((content, index) => {
      const line = index + 1;
      if (!content.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch {
        errors.push({ line, field: "row", code: "INVALID_JSON", message: "Not valid JSON" });
        return;
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        errors.push({ line, field: "row", code: "INVALID_JSON", message: "Not a JSON object" });
        return;
      }
      rows.push({ line, fields: value as Record<string, unknown> });
    });
  return { rows, errors };
}

/** A file's text: UTF-8, else 422 INVALID_TEXT. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalid", "INVALID_TEXT", "The file is not UTF-8 text.");
  }
}

/**
 * Adds the pairs of a file to a live bot (bots.manage), all or none. Each row is checked by
 * `checkRow`; when any is bad, or the file cannot be read, 422 INVALID_ROWS names each bad row in
 * `details.rows` (line, field, code, message) and nothing is added. 422 NO_ROWS for a file
 * without a pair, TOO_MANY_QA when the bot would pass 5,000. The pairs keep the file's order:
 * the first line is the oldest.
 */
export async function importQa(
  db: Database,
  actor: Actor,
  botId: string,
  file: { format: QaFileFormat; bytes: Uint8Array },
  checkRow: (fields: Record<string, unknown>) => CheckedQaRow,
): Promise<number> {
  requirePermission(actor, "bots.manage");
  // Refused before the file is read when the bot is not the organization's or is deleted.
  await db.transaction((tx) => lockLiveBot(tx, actor, botId));
  const text = decode(file.bytes);
  const read = file.format === "csv" ? readCsv(text) : readJsonl(text);
  if (read.rows.length > qaLimits.perBot) throw tooMany();
  const pairs: QaInput[] = [];
  const errors = [...read.errors];
  for (const row of read.rows) {
    const checked = checkRow(row.fields);
    if ("pair" in checked) pairs.push(checked.pair);
    else {
      for (const [field, error] of Object.entries(checked.errors)) {
        errors.push({ line: row.line, field, ...error });
      }
    }
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.line - b.line);
    const lines = new Set(errors.map((error) => error.line)).size;
    const error = new AppError(
      "invalid",
      "INVALID_ROWS",
      `${lines === 1 ? "A row" : `${lines} rows`} of the file cannot be imported; nothing was imported.`,
    );
    error.details = {
      rows: errors.slice(0, qaLimits.reportedRows),
      invalidRows: lines,
    };
    throw error;
  }
  if (pairs.length === 0) {
    throw new AppError("invalid", "NO_ROWS", "The file has no questions to import.");
  }
  return db.transaction(async (tx) => {
    const bot = await lockLiveBot(tx, actor, botId);
    if ((await pairsOf(tx, bot.id)) + pairs.length > qaLimits.perBot) throw tooMany();
    // One microsecond apart, the last line the newest, so that the file's order is kept.
    const last = pairs.length - 1;
    for (let start = 0; start < pairs.length; start += 1000) {
      await tx.insert(knowledgeQa).values(
        pairs.slice(start, start + 1000).map((pair, offset) => ({
          organizationId: actor.organizationId,
          botId: bot.id,
          question: pair.question,
          answer: pair.answer,
          createdBy: actor.userId,
          createdAt: sql`now() - make_interval(secs => ${(last - start - offset) / 1e6})`,
        })),
      );
    }
    await publishChange(tx, actor, knowledgeChanged, bot.id);
    return pairs.length;
  });
}

/** A bot's name as a file's: lower case, words joined by hyphens, Arabic kept. */
function slugOf(name: string): string {
  const slug = name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "bot";
}

/**
 * A bot's pairs as a file (bots.read), oldest first, which an import takes back as they are:
 * CSV (`question,answer`, through writeCsv) or JSON Lines. `fileName` is the bot's name's slug.
 */
export async function exportQa(
  db: Database,
  actor: Actor,
  botId: string,
  format: QaFileFormat,
): Promise<{ fileName: string; contentType: string; body: string }> {
  const bot = await getBot(db, actor, botId);
  const pairs = await db
    .select({ question: knowledgeQa.question, answer: knowledgeQa.answer })
    .from(knowledgeQa)
    .where(eq(knowledgeQa.botId, bot.id))
    .orderBy(asc(knowledgeQa.createdAt), asc(knowledgeQa.id));
  const fileName = `${slugOf(bot.name)}-qa.${format}`;
  if (format === "csv") {
    const rows = pairs.map((pair) => [pair.question, pair.answer]);
    return {
      fileName,
      contentType: "text/csv; charset=utf-8",
      body: writeCsv([[...csvColumns], ...rows]),
    };
  }
  return {
    fileName,
    contentType: "application/x-ndjson; charset=utf-8",
    body: pairs.map((pair) => `${JSON.stringify(pair)}\n`).join(""),
  };
}
