import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type BotCard, type BotCardButton, botCards } from "../db/schema";
import { errorOnFields, notFound, staleVersion } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { botLimits } from "./bot-limits";
import { checkImage } from "./bot-references";
import { getBot, lockLiveBot } from "./bots";

export type BotCardInput = {
  imageMediaId: string | null;
  title: string;
  text: string;
  buttons: BotCardButton[];
  whenToShow: string;
  /** Where the card stands among the bot's; left out: after the last. */
  position?: number;
};

export type BotCardView = Omit<BotCard, "organizationId">;

function toView(card: BotCard): BotCardView {
  const { organizationId: _organizationId, ...view } = card;
  return view;
}

/** The cards of a bot the actor's organization has (a deleted one's too while restorable). */
export async function listBotCards(
  db: Database,
  actor: Actor,
  botId: string,
): Promise<BotCardView[]> {
  await getBot(db, actor, botId);
  const rows = await db
    .select()
    .from(botCards)
    .where(eq(botCards.botId, botId))
    .orderBy(asc(botCards.position), asc(botCards.createdAt), asc(botCards.id));
  return rows.map(toView);
}

/** One card of a bot of the actor's organization; 404 for any other (bots.read). */
export async function getBotCard(
  db: Database,
  actor: Actor,
  botId: string,
  cardId: string,
): Promise<BotCardView> {
  await getBot(db, actor, botId);
  const [card] = await db
    .select()
    .from(botCards)
    .where(and(eq(botCards.id, cardId), eq(botCards.botId, botId)));
  if (!card) throw notFound("No such card.");
  return toView(card);
}

/**
 * A new card of a live bot (bots.manage), after its others unless a position is given: at most
 * 50 a bot (422 TOO_MANY), its image one of the organization's (422 UNKNOWN_IMAGE).
 */
export async function createBotCard(
  db: Database,
  actor: Actor,
  botId: string,
  input: BotCardInput,
): Promise<string> {
  requirePermission(actor, "bots.manage");
  return db.transaction(async (tx) => {
    const bot = await lockLiveBot(tx, actor, botId);
    const [counted] = await tx
      .select({
        cards: count(),
        last: sql<number>`coalesce(max(${botCards.position}), -1)::int`,
      })
      .from(botCards)
      .where(eq(botCards.botId, bot.id));
    if ((counted?.cards ?? 0) >= botLimits.cards) {
      throw errorOnFields("invalid", "TOO_MANY_CARDS", "This bot has as many cards as it may.", {
        title: `At most ${botLimits.cards} cards a bot`,
      });
    }
    await checkImage(tx, actor.organizationId, input.imageMediaId, "imageMediaId");
    const { position, ...rest } = input;
    const [card] = await tx
      .insert(botCards)
      .values({
        ...rest,
        position: position ?? Number(counted?.last ?? -1) + 1,
        organizationId: actor.organizationId,
        botId: bot.id,
      })
      .returning({ id: botCards.id });
    if (!card) throw new Error("insert into bot_cards returned no row");
    await publishChange(tx, actor, "bot.updated", bot.id);
    return card.id;
  });
}

async function lockCard(tx: Database, actor: OrganizationActor, botId: string, cardId: string) {
  const bot = await lockLiveBot(tx, actor, botId);
  const [card] = await tx
    .select()
    .from(botCards)
    .where(and(eq(botCards.id, cardId), eq(botCards.botId, bot.id)))
    .for("update");
  if (!card) throw notFound("No such card.");
  return card;
}

/** Changes a card (bots.manage) made on `version`: another change since is 409 STALE_VERSION. */
export async function updateBotCard(
  db: Database,
  actor: Actor,
  botId: string,
  cardId: string,
  version: number,
  changes: Partial<BotCardInput>,
): Promise<void> {
  requirePermission(actor, "bots.manage");
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, actor, botId, cardId);
    if (card.version !== version) {
      throw staleVersion(
        "Someone changed this card since you opened it. Reload it to see their changes.",
      );
    }
    await checkImage(tx, actor.organizationId, changes.imageMediaId, "imageMediaId");
    await tx
      .update(botCards)
      .set({ ...changes, version: sql`${botCards.version} + 1` })
      .where(eq(botCards.id, card.id));
    await publishChange(tx, actor, "bot.updated", botId);
  });
}

/** Deletes a card for good (bots.manage): a card is a part of its bot, with no bin of its own. */
export async function deleteBotCard(
  db: Database,
  actor: Actor,
  botId: string,
  cardId: string,
): Promise<void> {
  requirePermission(actor, "bots.manage");
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, actor, botId, cardId);
    await tx.delete(botCards).where(eq(botCards.id, card.id));
    await publishChange(tx, actor, "bot.updated", botId);
  });
}
