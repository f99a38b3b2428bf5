import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type CountedTotal, countMatches, rowsBefore } from "../db/paging";
import { notFound } from "../errors";
import { type Actor, requirePermission } from "../organizations/permissions";
import { getBot } from "./bots";
import {
  type BotAnswerSource,
  type BotMessageStatus,
  botConversations,
  botMessages,
  leads,
} from "./schema";

/** What the history's list filters by (docs/x-bot.md, "History"). */
export type ConversationQuery = {
  page: number;
  pageSize: number;
  /** Words of the conversation's messages, in full text (Arabic normalised). */
  q?: string;
  /** The first and last day (UTC, YYYY-MM-DD) the conversation began on. */
  from?: string;
  to?: string;
  /** A conversation with an answer the visitor rated so. */
  rating?: "up" | "down";
  /** A conversation with a question the bot's knowledge did not cover. */
  unanswered?: boolean;
  language?: string;
  /** The members' own tries in the preview, instead of the visitors' conversations. */
  preview?: boolean;
  /** A conversation whose visitor left their details (a lead not deleted). */
  lead?: boolean;
};

export type ConversationSummary = {
  id: number;
  language: string;
  preview: boolean;
  originHost: string | null;
  identityName: string | null;
  identityEmail: string | null;
  createdAt: Date;
  lastMessageAt: Date;
  /** The visitor's messages. */
  questions: number;
  /** The first of them, cut at 200 characters. */
  firstQuestion: string | null;
  ratedUp: number;
  ratedDown: number;
  unanswered: number;
  /** The lead the visitor left, when one was and is not deleted. */
  leadId: string | null;
};

export type TranscriptMessage = {
  id: number;
  role: "user" | "assistant";
  text: string;
  status: BotMessageStatus;
  fallback: boolean;
  unanswered: boolean;
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  firstTokenMs: number | null;
  rating: "up" | "down" | null;
  sources: BotAnswerSource[];
  errorCode: string | null;
  createdAt: Date;
};

/** The messages a transcript shows at most: a conversation stops long before (bot limits). */
export const transcriptLimit = 2_000;

const dayMs = 86_400_000;

/**
 * The outer conversation's id, qualified: drizzle writes a column of the query's own table
 * without its table's name, which inside a subquery of messages would name the message's id.
 */
const outerId = sql.raw('"bot_conversations"."id"');

const of = (rows: SQL) =>
  sql`(select ${rows} from ${botMessages} m where m.conversation_id = ${outerId})`;

/** A conversation with a message that `condition` (on `m`) holds for. */
const withMessage = (condition: SQL) =>
  sql`exists (select 1 from ${botMessages} m where m.conversation_id = ${outerId} and ${condition})`;

/** The conversations of a bot that the history's filters keep. */
function conversationConditions(
  botId: string,
  query: Omit<ConversationQuery, "page" | "pageSize">,
): (SQL | undefined)[] {
  const q = query.q?.trim() || undefined;
  return [
    eq(botConversations.botId, botId),
    eq(botConversations.preview, query.preview ?? false),
    query.from ? gte(botConversations.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(botConversations.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs))
      : undefined,
    query.language ? eq(botConversations.language, query.language) : undefined,
    query.rating ? withMessage(sql`m.rating = ${query.rating}`) : undefined,
    query.unanswered ? withMessage(sql`m.unanswered`) : undefined,
    query.lead
      ? sql`exists (select 1 from ${leads} l where l.conversation_id = ${outerId} and l.deleted_at is null)`
      : undefined,
    q ? withMessage(sql`qalam_search_vector(m.text) @@ qalam_search_query(${q})`) : undefined,
  ];
}

/**
 * A bot's conversations, the latest first, with what each held (bots.read): the visitors' by
 * default, the members' previews with `preview`. Every read is bounded by the page.
 */
export async function listConversations(
  db: Database,
  actor: Actor,
  botId: string,
  query: ConversationQuery,
): Promise<{ items: ConversationSummary[] } & CountedTotal> {
  const bot = await getBot(db, actor, botId);
  const q = query.q?.trim() || undefined;
  const where = and(...conversationConditions(bot.id, query));
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: botConversations.id,
        language: botConversations.language,
        preview: botConversations.preview,
        originHost: botConversations.originHost,
        identityName: botConversations.identityName,
        identityEmail: botConversations.identityEmail,
        createdAt: botConversations.createdAt,
        lastMessageAt: botConversations.lastMessageAt,
        questions: of(sql`count(*) filter (where m.role = 'user')::int`).mapWith(Number),
        firstQuestion: sql<string | null>`(select left(m.text, 200) from ${botMessages} m
          where m.conversation_id = ${outerId} and m.role = 'user' order by m.id limit 1)`,
        ratedUp: of(sql`count(*) filter (where m.rating = 'up')::int`).mapWith(Number),
        ratedDown: of(sql`count(*) filter (where m.rating = 'down')::int`).mapWith(Number),
        unanswered: of(sql`count(*) filter (where m.unanswered)::int`).mapWith(Number),
        leadId: sql<string | null>`(select l.id from ${leads} l
          where l.conversation_id = ${outerId} and l.deleted_at is null)`,
      })
      .from(botConversations)
      .where(where)
      .orderBy(desc(botConversations.lastMessageAt), desc(botConversations.id))
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    countMatches(db, botConversations, where, { ...query, q }),
  ]);
  return { items: rows, ...counted };
}

/**
 * One conversation of a bot of the actor's organization with its messages, oldest first: each
 * answer with its model, tokens, time to first token, rating and the sources it cites; 404 for
 * any other (bots.read).
 */
export async function getTranscript(db: Database, actor: Actor, conversationId: number) {
  requirePermission(actor, "bots.read");
  const [conversation] = await db
    .select()
    .from(botConversations)
    .where(
      and(
        eq(botConversations.id, conversationId),
        eq(botConversations.organizationId, actor.organizationId),
      ),
    );
  if (!conversation) throw notFound("No such conversation.");
  const bot = await getBot(db, actor, conversation.botId);
  const messages: TranscriptMessage[] = await db
    .select({
      id: botMessages.id,
      role: botMessages.role,
      text: botMessages.text,
      status: botMessages.status,
      fallback: botMessages.fallback,
      unanswered: botMessages.unanswered,
      model: botMessages.model,
      inputTokens: botMessages.inputTokens,
      outputTokens: botMessages.outputTokens,
      firstTokenMs: botMessages.firstTokenMs,
      rating: botMessages.rating,
      sources: botMessages.sources,
      errorCode: botMessages.errorCode,
      createdAt: botMessages.createdAt,
    })
    .from(botMessages)
    .where(eq(botMessages.conversationId, conversation.id))
    .orderBy(asc(botMessages.id))
    .limit(transcriptLimit);
  return {
    conversation: {
      id: conversation.id,
      botId: bot.id,
      botName: bot.name,
      language: conversation.language,
      preview: conversation.preview,
      originHost: conversation.originHost,
      identityName: conversation.identityName,
      identityEmail: conversation.identityEmail,
      createdAt: conversation.createdAt,
      lastMessageAt: conversation.lastMessageAt,
    },
    messages,
  };
}

/** One message of the history's export, with its conversation. */
export type HistoryExportRow = {
  conversationId: number;
  conversationStartedAt: Date;
  site: string | null;
  language: string;
  visitorName: string | null;
  visitorEmail: string | null;
  messageId: number;
  at: Date;
  role: "user" | "assistant";
  text: string;
  status: BotMessageStatus;
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  firstTokenMs: number | null;
  rating: "up" | "down" | null;
  unanswered: boolean;
  fallback: boolean;
  sources: BotAnswerSource[];
};

/** Messages read per batch of the history's export. */
export const historyExportBatch = 500;

/**
 * The messages of a bot's conversations that the history's filters keep, conversation by
 * conversation (oldest first) and in order within each, a batch at a time (bots.read): each batch
 * read after the one before was taken, from where it ended, so that no more than `batchSize`
 * messages are in memory however long the history. The bot is checked before any is read: another
 * organization's is a 404, not a cut stream.
 */
export async function exportHistory(
  db: Database,
  actor: Actor,
  botId: string,
  query: Omit<ConversationQuery, "page" | "pageSize">,
  batchSize: number = historyExportBatch,
): Promise<AsyncGenerator<HistoryExportRow[]>> {
  const bot = await getBot(db, actor, botId);
  return historyBatches(db, and(...conversationConditions(bot.id, query)), batchSize);
}

async function* historyBatches(
  db: Database,
  kept: SQL | undefined,
  batchSize: number,
): AsyncGenerator<HistoryExportRow[]> {
  let after: { conversationId: number; messageId: number } | null = null;
  for (;;) {
    const rows: HistoryExportRow[] = await db
      .select({
        conversationId: botConversations.id,
        conversationStartedAt: botConversations.createdAt,
        site: botConversations.originHost,
        language: botConversations.language,
        visitorName: botConversations.identityName,
        visitorEmail: botConversations.identityEmail,
        messageId: botMessages.id,
        at: botMessages.createdAt,
        role: botMessages.role,
        text: botMessages.text,
        status: botMessages.status,
        model: botMessages.model,
        inputTokens: botMessages.inputTokens,
        outputTokens: botMessages.outputTokens,
        firstTokenMs: botMessages.firstTokenMs,
        rating: botMessages.rating,
        unanswered: botMessages.unanswered,
        fallback: botMessages.fallback,
        sources: botMessages.sources,
      })
      .from(botMessages)
      .innerJoin(botConversations, eq(botConversations.id, botMessages.conversationId))
      .where(
        and(
          kept,
          after
            ? sql`(${botMessages.conversationId}, ${botMessages.id}) > (${after.conversationId}, ${after.messageId})`
            : undefined,
        ),
      )
      .orderBy(asc(botMessages.conversationId), asc(botMessages.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1] as HistoryExportRow;
    after = { conversationId: last.conversationId, messageId: last.messageId };
    if (rows.length < batchSize) return;
  }
}
