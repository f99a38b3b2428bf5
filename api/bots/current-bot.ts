import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { bots, currentBots } from "../db/schema";
import { errorOnFields } from "../errors";
import { type Actor, requirePermission } from "../organizations/permissions";
import { type BotView, getBot } from "./bots";

export type CurrentBotView = {
  /** The bot x-bot's pages show: the one chosen, else the organization's first; null: none. */
  bot: BotView | null;
  /** Whether the member chose it (false: the first bot stands in, or there is none). */
  chosen: boolean;
};

/**
 * The member's current bot in their current organization (bots.read): the one they chose while
 * it is live, else the organization's oldest live bot, else none.
 */
export async function getCurrentBot(db: Database, actor: Actor): Promise<CurrentBotView> {
  requirePermission(actor, "bots.read");
  const [chosen] = await db
    .select({ id: bots.id })
    .from(currentBots)
    .innerJoin(bots, eq(bots.id, currentBots.botId))
    .where(
      and(
        eq(currentBots.organizationId, actor.organizationId),
        eq(currentBots.userId, actor.userId),
        isNull(bots.deletedAt),
      ),
    );
  if (chosen) return { bot: await getBot(db, actor, chosen.id), chosen: true };
  const [first] = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.organizationId, actor.organizationId), isNull(bots.deletedAt)))
    .orderBy(asc(bots.createdAt), asc(bots.id))
    .limit(1);
  return { bot: first ? await getBot(db, actor, first.id) : null, chosen: false };
}

/**
 * Makes a live bot of the organization the member's current one (bots.read: choosing which bot to
 * look at changes nothing of the bot's). 422 UNKNOWN_BOT on `botId` for any other.
 */
export async function setCurrentBot(
  db: Database,
  actor: Actor,
  botId: string,
): Promise<CurrentBotView> {
  requirePermission(actor, "bots.read");
  const [bot] = await db
    .select({ id: bots.id })
    .from(bots)
    .where(
      and(
        eq(bots.id, botId),
        eq(bots.organizationId, actor.organizationId),
        isNull(bots.deletedAt),
      ),
    );
  if (!bot) {
    throw errorOnFields("invalid", "UNKNOWN_BOT", "No such bot.", {
      botId: "Not a bot of the organization",
    });
  }
  await db
    .insert(currentBots)
    .values({ organizationId: actor.organizationId, userId: actor.userId, botId: bot.id })
    .onConflictDoUpdate({
      target: [currentBots.organizationId, currentBots.userId],
      set: { botId: bot.id, updatedAt: new Date() },
    });
  return { bot: await getBot(db, actor, bot.id), chosen: true };
}
