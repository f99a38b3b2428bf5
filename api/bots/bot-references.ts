import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { characters, media } from "../db/schema";
import { errorOnFields } from "../errors";

/**
 * An image of the organization's library that a bot or a card shows (its avatar, a card's
 * picture): 422 UNKNOWN_IMAGE on `field` for anything else (another organization's, a deleted
 * one, a sound or a video).
 */
export async function checkImage(
  tx: Database,
  organizationId: string,
  id: string | null | undefined,
  field: string,
): Promise<void> {
  if (!id) return;
  const [found] = await tx
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.id, id),
        eq(media.organizationId, organizationId),
        eq(media.kind, "image"),
        isNull(media.deletedAt),
      ),
    );
  if (!found) {
    throw errorOnFields("invalid", "UNKNOWN_IMAGE", "No such image.", {
      [field]: "Not an image of the organization's library",
    });
  }
}

/**
 * The character a bot speaks as: one shared with the organization, since the bot speaks for it
 * and every manager of the bot reads it (422 UNKNOWN_CHARACTER otherwise, a private one too, so
 * that its existence is not told).
 */
export async function checkCharacter(
  tx: Database,
  organizationId: string,
  id: string | null | undefined,
): Promise<void> {
  if (!id) return;
  const [found] = await tx
    .select({ id: characters.id })
    .from(characters)
    .where(
      and(
        eq(characters.id, id),
        eq(characters.organizationId, organizationId),
        eq(characters.visibility, "organization"),
        isNull(characters.deletedAt),
      ),
    );
  if (!found) {
    throw errorOnFields("invalid", "UNKNOWN_CHARACTER", "No such character.", {
      characterId: "Not a character shared with the organization",
    });
  }
}
