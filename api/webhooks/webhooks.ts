import { randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { SecretBox } from "../ai/secrets";
import { getBot, lockLiveBot } from "../bots/bots";
import type { Database } from "../db/client";
import { type CountedTotal, countMatches, rowsBefore } from "../db/paging";
import { AppError, notFound, staleVersion } from "../errors";
import { publishChange } from "../organizations/changes";
import { type Actor, requirePermission } from "../organizations/permissions";
import {
  type BotWebhook,
  botWebhooks,
  type WebhookDelivery,
  type WebhookEventType,
  webhookDeliveries,
} from "./schema";

export const webhookLimits = {
  /** Webhooks a bot may have. */
  perBot: 10,
  url: 2_000,
  /** How long the secret before a rotation still signs. */
  previousSecretMs: 24 * 60 * 60 * 1000,
} as const;

/** A webhook as its bot's owners see it: never its secret. */
export type WebhookView = Omit<
  BotWebhook,
  "secretSealed" | "previousSecretSealed" | "organizationId"
>;

const view = (row: BotWebhook): WebhookView => {
  const { secretSealed: _s, previousSecretSealed: _p, organizationId: _o, ...rest } = row;
  return rest;
};

/** What a webhook's secret is sealed for: a sealed secret copied to another row does not open. */
export function webhookSealContext(webhook: { organizationId: string; id: string }) {
  return `webhook:${webhook.organizationId}:${webhook.id}`;
}

/** A new secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
function newSecret() {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The secrets that sign now: the current one, and the one before for a day after a rotation. */
export function signingSecrets(secrets: SecretBox, webhook: BotWebhook, now = new Date()) {
  const context = webhookSealContext(webhook);
  const current = secrets.open(webhook.secretSealed, context);
  const previous =
    webhook.previousSecretSealed && webhook.previousSecretUntil && webhook.previousSecretUntil > now
      ? secrets.open(webhook.previousSecretSealed, context)
      : null;
  return previous ? [current, previous] : [current];
}

export type WebhookServices = { db: Database; secrets: SecretBox };

/** A bot's webhooks, oldest first (bots.read). */
export async function listWebhooks(db: Database, actor: Actor, botId: string) {
  const bot = await getBot(db, actor, botId);
  const rows = await db
    .select()
    .from(botWebhooks)
    .where(eq(botWebhooks.botId, bot.id))
    .orderBy(botWebhooks.createdAt, botWebhooks.id);
  return rows.map(view);
}

async function lockWebhook(tx: Database, actor: Actor, id: string) {
  requirePermission(actor, "bots.manage");
  const [row] = await tx
    .select()
    .from(botWebhooks)
    .where(and(eq(botWebhooks.id, id), eq(botWebhooks.organizationId, actor.organizationId)))
    .for("update");
  if (!row) throw notFound("No such webhook.");
  return row;
}

/** One webhook of the actor's organization (bots.read); 404 for any other. */
export async function getWebhook(db: Database, actor: Actor, id: string): Promise<BotWebhook> {
  requirePermission(actor, "bots.read");
  const [row] = await db
    .select()
    .from(botWebhooks)
    .where(and(eq(botWebhooks.id, id), eq(botWebhooks.organizationId, actor.organizationId)));
  if (!row) throw notFound("No such webhook.");
  return row;
}

export type WebhookInput = { url: string; events: WebhookEventType[]; enabled?: boolean };

/**
 * A new webhook for a live bot (bots.manage), with its secret, answered this once; at most
 * `webhookLimits.perBot` a bot (422 TOO_MANY_WEBHOOKS).
 */
export async function createWebhook(
  services: WebhookServices,
  actor: Actor,
  botId: string,
  input: WebhookInput,
): Promise<{ webhook: WebhookView; secret: string }> {
  requirePermission(actor, "bots.manage");
  return services.db.transaction(async (tx) => {
    const bot = await lockLiveBot(tx, actor, botId);
    const [existing] = await tx
      .select({ n: count() })
      .from(botWebhooks)
      .where(eq(botWebhooks.botId, bot.id));
    if ((existing?.n ?? 0) >= webhookLimits.perBot) {
      throw new AppError(
        "invalid",
        "TOO_MANY_WEBHOOKS",
        `A bot has at most ${webhookLimits.perBot} webhooks.`,
      );
    }
    const id = crypto.randomUUID();
    const secret = newSecret();
    const [row] = await tx
      .insert(botWebhooks)
      .values({
        id,
        organizationId: bot.organizationId,
        botId: bot.id,
        url: input.url,
        events: [...new Set(input.events)],
        enabled: input.enabled ?? true,
        secretSealed: services.secrets.seal(
          secret,
          webhookSealContext({ organizationId: bot.organizationId, id }),
        ),
      })
      .returning();
    if (!row) throw new Error("The webhook was not written.");
    await publishChange(tx, actor, "bot.updated", bot.id);
    return { webhook: view(row), secret };
  });
}

/** Changes a webhook's address, events or whether it is on (bots.manage); 409 when stale. */
export async function updateWebhook(
  db: Database,
  actor: Actor,
  id: string,
  changes: Partial<WebhookInput> & { version: number },
): Promise<WebhookView> {
  return db.transaction(async (tx) => {
    const webhook = await lockWebhook(tx, actor, id);
    if (webhook.version !== changes.version) {
      throw staleVersion("The webhook was changed since it was read.", {
        version: webhook.version,
      });
    }
    const [row] = await tx
      .update(botWebhooks)
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.events !== undefined ? { events: [...new Set(changes.events)] } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        version: sql`${botWebhooks.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(botWebhooks.id, webhook.id))
      .returning();
    if (!row) throw notFound("No such webhook.");
    return view(row);
  });
}

/** Deletes a webhook and its deliveries' log (bots.manage). */
export async function deleteWebhook(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const webhook = await lockWebhook(tx, actor, id);
    await tx.delete(botWebhooks).where(eq(botWebhooks.id, webhook.id));
  });
}

/**
 * A new secret for a webhook (bots.manage), answered this once; the one before still signs, beside
 * it, for a day (`webhook-signature` then carries both).
 */
export async function rotateWebhookSecret(
  services: WebhookServices,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<{ secret: string; previousValidUntil: Date }> {
  return services.db.transaction(async (tx) => {
    const webhook = await lockWebhook(tx, actor, id);
    const secret = newSecret();
    const previousValidUntil = new Date(now.getTime() + webhookLimits.previousSecretMs);
    await tx
      .update(botWebhooks)
      .set({
        secretSealed: services.secrets.seal(secret, webhookSealContext(webhook)),
        previousSecretSealed: webhook.secretSealed,
        previousSecretUntil: previousValidUntil,
        updatedAt: now,
      })
      .where(eq(botWebhooks.id, webhook.id));
    return { secret, previousValidUntil };
  });
}

export type DeliveryView = Omit<WebhookDelivery, "organizationId">;

/** A webhook's deliveries, newest first, a page at a time (bots.read). */
export async function listDeliveries(
  db: Database,
  actor: Actor,
  webhookId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: DeliveryView[] } & CountedTotal> {
  const webhook = await getWebhook(db, actor, webhookId);
  const where = eq(webhookDeliveries.webhookId, webhook.id);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.pageSize)
      .offset(rowsBefore(page)),
    countMatches(db, webhookDeliveries, where, page),
  ]);
  return { items: rows.map(({ organizationId: _o, ...rest }) => rest), ...counted };
}
