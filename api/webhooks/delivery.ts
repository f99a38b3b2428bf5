import { and, arrayContains, eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { Webhook } from "standardwebhooks";
import type { FetchFunction } from "../ai/network";
import type { SecretBox } from "../ai/secrets";
import type { Database } from "../db/client";
import { workQueue } from "../db/queue";
import { notFound } from "../errors";
import { logError } from "../log";
import type { Actor } from "../organizations/permissions";
import { botWebhooks, type WebhookEventType, webhookDeliveries } from "./schema";
import { getWebhook, signingSecrets } from "./webhooks";

/** The queue of deliveries' tries. */
export const webhookQueue = "webhooks-deliver";

export type WebhookDeliveryOptions = {
  /** Tries of one delivery before it is failed; default 6. */
  maxAttempts?: number;
  /** The pause before the second try, doubled before each next; seconds, default 30. */
  backoffSeconds?: number;
  /** One try's deadline; ms, default 10,000. */
  timeoutMs?: number;
};

const defaults = { maxAttempts: 6, backoffSeconds: 30, timeoutMs: 10_000 };

/** What a receiver's answer is kept of in the log, at most. */
const keptError = 500;

/**
 * Records an event for every enabled webhook of the bot that asked for it and queues their first
 * tries. Called after the change's transaction committed: a delivery goes out only for what
 * happened. What it costs when the bot has no webhook: one indexed read.
 */
export async function queueWebhookEvent(
  db: Database,
  boss: PgBoss,
  event: {
    organizationId: string;
    botId: string;
    type: WebhookEventType;
    /** The event's data, read only when a webhook wants it. */
    data: () => Promise<Record<string, unknown>>;
  },
): Promise<number> {
  const targets = await db
    .select({ id: botWebhooks.id })
    .from(botWebhooks)
    .where(
      and(
        eq(botWebhooks.botId, event.botId),
        eq(botWebhooks.enabled, true),
        arrayContains(botWebhooks.events, [event.type]),
      ),
    );
  if (targets.length === 0) return 0;
  const timestamp = new Date().toISOString();
  const data = await event.data();
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      targets.map((target) => ({
        organizationId: event.organizationId,
        webhookId: target.id,
        messageId: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
        eventType: event.type,
        payload: { type: event.type, timestamp, data },
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await boss.send(webhookQueue, { deliveryId: row.id });
  return rows.length;
}

/**
 * One try of a delivery: the payload posted as JSON with `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` (HMAC-SHA256 of `id.timestamp.body` under each signing secret, `v1,<base64>`
 * space-separated). A 2xx answer delivers it; anything else, or no answer, is tried again after a
 * pause that doubles each time, until `maxAttempts`.
 */
export async function attemptDelivery(
  services: { db: Database; boss: PgBoss; secrets: SecretBox; fetch: FetchFunction },
  deliveryId: string,
  options: WebhookDeliveryOptions = {},
): Promise<void> {
  const { maxAttempts, backoffSeconds, timeoutMs } = { ...defaults, ...options };
  const { db } = services;
  const [found] = await db
    .select({ delivery: webhookDeliveries, webhook: botWebhooks })
    .from(webhookDeliveries)
    .innerJoin(botWebhooks, eq(botWebhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (found?.delivery.status !== "pending") return;
  const { delivery, webhook } = found;
  const body = JSON.stringify(delivery.payload);
  const sentAt = new Date();
  const signature = signingSecrets(services.secrets, webhook, sentAt)
    .map((secret) => new Webhook(secret).sign(delivery.messageId, sentAt, body))
    .join(" ");
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await services.fetch(webhook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Qalam-Webhooks/1",
        "webhook-id": delivery.messageId,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    if (status < 200 || status >= 300) {
      error = (await response.text().catch(() => "")).slice(0, keptError) || null;
    } else {
      await response.body?.cancel();
    }
  } catch (caught) {
    error = (caught instanceof Error ? caught.message : String(caught)).slice(0, keptError);
  }
  const responseMs = Math.round(performance.now() - started);
  const delivered = status !== null && status >= 200 && status < 300;
  const attempts = delivery.attempts + 1;
  const next = delivered ? "delivered" : attempts >= maxAttempts ? "failed" : "pending";
  await db
    .update(webhookDeliveries)
    .set({
      status: next,
      attempts,
      lastStatus: status,
      lastError: delivered ? null : error,
      responseMs,
      lastAttemptAt: sentAt,
      deliveredAt: delivered ? new Date() : null,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (next === "pending") {
    await services.boss.send(
      webhookQueue,
      { deliveryId: delivery.id },
      { startAfter: backoffSeconds * 2 ** (attempts - 1) },
    );
  }
}

/**
 * Sends a delivery again from its first try (bots.manage): a failed one, or one delivered that
 * the receiver lost. It keeps its `webhook-id`.
 */
export async function redeliver(
  db: Database,
  boss: PgBoss,
  actor: Actor,
  webhookId: string,
  deliveryId: string,
): Promise<void> {
  const webhook = await getWebhook(db, actor, webhookId);
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhook.id)))
    .returning({ id: webhookDeliveries.id });
  if (!row) throw notFound("No such delivery.");
  await boss.send(webhookQueue, { deliveryId: row.id });
}

/** Works the deliveries' queue on this instance; resolves with a stop function. */
export async function startWebhookDeliveries(
  services: { db: Database; boss: PgBoss; secrets: SecretBox; fetch: FetchFunction },
  options: WebhookDeliveryOptions & { concurrency?: number } = {},
) {
  await services.boss.createQueue(webhookQueue);
  return workQueue<{ deliveryId: string }>(
    services.boss,
    webhookQueue,
    { concurrency: options.concurrency ?? 4 },
    async (job) => {
      await attemptDelivery(services, job.data.deliveryId, options).catch((error: unknown) => {
        logError("A webhook delivery could not be tried", error);
      });
    },
  );
}
