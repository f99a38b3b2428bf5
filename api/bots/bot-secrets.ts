import { randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { SecretBox } from "../ai/secrets";
import type { Database } from "../db/client";
import { bots } from "../db/schema";
import { publishChange } from "../organizations/changes";
import { type Actor, requirePermission } from "../organizations/permissions";
import { type BotServices, lockLiveBot } from "./bots";

/**
 * What a bot's identity secret is sealed for: the organization and the bot, so that a sealed
 * secret copied to another row does not open.
 */
export function botSecretSealContext(bot: { organizationId: string; id: string }): string {
  return `bot-identity:${bot.organizationId}:${bot.id}`;
}

/** The plaintext of a bot's identity secret (for checking a visitor's signature), or null. */
export function openBotSecret(
  secrets: SecretBox,
  bot: { organizationId: string; id: string; identitySecretSealed: string | null },
): string | null {
  if (!bot.identitySecretSealed) return null;
  return secrets.open(bot.identitySecretSealed, botSecretSealContext(bot));
}

/**
 * A new identity verification secret for a live bot (bots.manage), replacing the one it had:
 * sites sign their user ids with it (HMAC-SHA256). It is answered this once; only its sealed
 * form is kept. The bot's version does not move: a settings form open meanwhile stays good.
 */
export async function rotateBotSecret(
  services: BotServices,
  actor: Actor,
  id: string,
): Promise<{ secret: string; rotatedAt: Date }> {
  requirePermission(actor, "bots.manage");
  return services.db.transaction(async (tx) => {
    const bot = await lockLiveBot(tx, actor, id);
    const secret = randomBytes(32).toString("base64url");
    const rotatedAt = new Date();
    await tx
      .update(bots)
      .set({
        identitySecretSealed: services.ai.secrets.seal(secret, botSecretSealContext(bot)),
        identitySecretRotatedAt: rotatedAt,
      })
      .where(eq(bots.id, bot.id));
    await publishChange(tx, actor, "bot.updated", bot.id);
    return { secret, rotatedAt };
  });
}

/**
 * Seals every bot's identity secret again with the box's first key (`npm run secrets:rotate`);
 * each is replaced only while it is still the one that was read. What no key opens is named.
 */
export async function resealBotSecrets(
  db: Database,
  secrets: SecretBox,
): Promise<{ resealed: number; unopened: string[] }> {
  const rows = await db
    .select({
      id: bots.id,
      organizationId: bots.organizationId,
      identitySecretSealed: bots.identitySecretSealed,
    })
    .from(bots)
    .where(isNotNull(bots.identitySecretSealed));
  let resealed = 0;
  const unopened: string[] = [];
  for (const row of rows) {
    const sealed = row.identitySecretSealed as string;
    let secret: string;
    try {
      secret = secrets.open(sealed, botSecretSealContext(row));
    } catch {
      unopened.push(`the identity secret of bot ${row.id}`);
      continue;
    }
    await db
      .update(bots)
      .set({ identitySecretSealed: secrets.seal(secret, botSecretSealContext(row)) })
      .where(and(eq(bots.id, row.id), eq(bots.identitySecretSealed, sealed)));
    resealed += 1;
  }
  return { resealed, unopened };
}
