import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Bot, botCards, media } from "../db/schema";
import { notFound } from "../errors";
import type { Storage } from "../storage/storage";

/**
 * A bot's avatar and its cards' images, for any site's page: the library item's WebP thumbnail,
 * never the original file. Only a live bot's, and only the item the bot or card names now.
 */
export type BotImage = { body: Uint8Array<ArrayBuffer>; contentType: string; tag: string };

export type BotImageOf = { kind: "avatar" } | { kind: "card"; cardId: string };

const noSuchImage = () => notFound("No such image.");

/** The public address of a library item shown for the bot (`v` changes with the item). */
export function botImageUrl(bot: Pick<Bot, "publicId">, of: BotImageOf, mediaId: string): string {
  const base = `/api/v1/public/bots/${encodeURIComponent(bot.publicId)}`;
  const path = of.kind === "avatar" ? "avatar" : `cards/${of.cardId}/image`;
  return `${base}/${path}?v=${mediaId.slice(0, 8)}`;
}

export async function openBotImage(
  db: Database,
  storage: Storage,
  bot: Bot,
  of: BotImageOf,
): Promise<BotImage> {
  if (bot.status !== "live") throw noSuchImage();
  const mediaId = of.kind === "avatar" ? bot.avatarMediaId : await cardImageId(db, bot, of.cardId);
  if (!mediaId) throw noSuchImage();
  const [item] = await db
    .select({ thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(
      and(
        eq(media.id, mediaId),
        eq(media.organizationId, bot.organizationId),
        isNull(media.deletedAt),
      ),
    );
  const file = item?.thumbnailKey ? await storage.get(item.thumbnailKey) : null;
  if (!file) throw noSuchImage();
  return { body: new Uint8Array(file.body), contentType: file.contentType, tag: `"${mediaId}"` };
}

async function cardImageId(db: Database, bot: Bot, cardId: string) {
  const [card] = await db
    .select({ imageMediaId: botCards.imageMediaId })
    .from(botCards)
    .where(and(eq(botCards.id, cardId), eq(botCards.botId, bot.id)));
  return card?.imageMediaId ?? null;
}
