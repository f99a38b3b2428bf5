import { and, type Column, count, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { botConversations, botMessages } from "../db/schema";
import { hasKnowledge } from "../knowledge/retrieval";
import type { Actor } from "../organizations/permissions";
import { defaultAppearance, getBot } from "./bots";

/** How many of the last conversations the summary lists. */
export const summaryRecentConversations = 5;
/** The longest first message a listed conversation shows (characters). */
export const summaryFirstMessageLength = 200;

const dayMs = 86_400_000;

export type BotSummary = {
  conversations: { today: number; week: number };
  messages: { today: number; week: number };
  recent: {
    id: string;
    firstMessage: string | null;
    language: string;
    messageCount: number;
    startedAt: Date;
    lastMessageAt: Date;
  }[];
  checklist: {
    instructions: boolean;
    knowledge: boolean;
    appearance: boolean;
    embedded: boolean;
    firstConversation: boolean;
  };
};

/** Whether two appearances differ in any field (lists compared item by item). */
function appearanceChanged(appearance: Record<string, unknown>): boolean {
  return Object.entries(defaultAppearance).some(
    ([key, value]) => JSON.stringify(appearance[key]) !== JSON.stringify(value),
  );
}

/**
 * A bot at a glance (bots.read; 404 for another organization's): its visitors' conversations and
 * messages since midnight (UTC) and over the last 7 days, today's included; its last
 * conversations; and which steps of making it are done. Preview conversations (a member trying
 * the bot) count nowhere.
 */
export async function botSummary(
  db: Database,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<BotSummary> {
  const bot = await getBot(db, actor, id);
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekStart = new Date(today.getTime() - 6 * dayMs);
  const visitors = and(eq(botConversations.botId, bot.id), eq(botConversations.preview, false));
  const since = (column: Column, from: Date) =>
    sql<number>`count(*) filter (where ${column} >= ${from.toISOString()})::int`;

  const [conversationCounts, messageCounts, recent, embedded, any, knowledge] = await Promise.all([
    db
      .select({
        today: since(botConversations.createdAt, today),
        week: since(botConversations.createdAt, weekStart),
      })
      .from(botConversations)
      .where(and(visitors, gte(botConversations.createdAt, weekStart))),
    db
      .select({
        today: since(botMessages.createdAt, today),
        week: since(botMessages.createdAt, weekStart),
      })
      .from(botMessages)
      .innerJoin(botConversations, eq(botConversations.id, botMessages.conversationId))
      .where(and(visitors, eq(botMessages.role, "user"), gte(botMessages.createdAt, weekStart))),
    db
      .select({
        id: botConversations.id,
        language: botConversations.language,
        startedAt: botConversations.createdAt,
        lastMessageAt: botConversations.lastMessageAt,
      })
      .from(botConversations)
      .where(visitors)
      .orderBy(desc(botConversations.lastMessageAt), desc(botConversations.id))
      .limit(summaryRecentConversations),
    db
      .select({ id: botConversations.id })
      .from(botConversations)
      .where(and(visitors, isNotNull(botConversations.originHost)))
      .limit(1),
    db.select({ id: botConversations.id }).from(botConversations).where(visitors).limit(1),
    hasKnowledge(db, bot.id),
  ]);

  const ids = recent.map((row) => row.id);
  const [firsts, counts] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([botMessages.conversationId], {
            conversationId: botMessages.conversationId,
            text: sql<string>`left(${botMessages.text}, ${summaryFirstMessageLength})`,
          })
          .from(botMessages)
          .where(and(inArray(botMessages.conversationId, ids), eq(botMessages.role, "user")))
          .orderBy(botMessages.conversationId, botMessages.id),
        db
          .select({ conversationId: botMessages.conversationId, n: count() })
          .from(botMessages)
          .where(inArray(botMessages.conversationId, ids))
          .groupBy(botMessages.conversationId),
      ])
    : [[], []];
  const firstOf = new Map(firsts.map((row) => [row.conversationId, row.text]));
  const countOf = new Map(counts.map((row) => [row.conversationId, Number(row.n)]));

  return {
    conversations: {
      today: conversationCounts[0]?.today ?? 0,
      week: conversationCounts[0]?.week ?? 0,
    },
    messages: { today: messageCounts[0]?.today ?? 0, week: messageCounts[0]?.week ?? 0 },
    recent: recent.map((row) => ({
      id: String(row.id),
      firstMessage: firstOf.get(row.id) ?? null,
      language: row.language,
      messageCount: countOf.get(row.id) ?? 0,
      startedAt: row.startedAt,
      lastMessageAt: row.lastMessageAt,
    })),
    checklist: {
      instructions: bot.instructions.trim() !== "",
      knowledge,
      appearance: appearanceChanged(bot.appearance),
      embedded: embedded.length > 0,
      firstConversation: any.length > 0,
    },
  };
}
