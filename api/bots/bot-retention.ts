import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { botConversations, bots } from "../db/schema";

/** How many conversations one statement of the retention purge deletes at most. */
export const retentionBatchSize = 500;

/**
 * Deletes the conversations each bot keeps no longer: those whose last activity is older than
 * the bot's `retentionDays`, with their messages (by cascade). Works bot by bot in batches of at
 * most `batchSize` conversations, so that no statement holds many rows or locks for long.
 * Resolves with how many conversations went.
 */
export async function purgeExpiredConversations(
  db: Database,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? retentionBatchSize;
  const owners = await db
    .select({ id: bots.id, retentionDays: bots.retentionDays })
    .from(bots)
    .where(
      sql`exists (select 1 from ${botConversations} where ${botConversations.botId} = ${bots.id})`,
    );
  let gone = 0;
  for (const bot of owners) {
    for (;;) {
      const expired = db
        .select({ id: botConversations.id })
        .from(botConversations)
        .where(
          and(
            eq(botConversations.botId, bot.id),
            lt(
              botConversations.lastMessageAt,
              sql`now() - make_interval(days => ${bot.retentionDays})`,
            ),
          ),
        )
        .orderBy(asc(botConversations.lastMessageAt))
        .limit(batchSize);
      const removed = await db
        .delete(botConversations)
        .where(inArray(botConversations.id, expired))
        .returning({ id: botConversations.id });
      const count = removed.length;
      gone += count;
      if (count < batchSize) break;
    }
  }
  return gone;
}
