import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bots } from "../bots/schema";
import { belongsTo, createdAt, oneOf, updatedAt, uuidPrimaryKey, version } from "../db/columns";
import { organizations } from "../identity/schema";

/** What a bot's webhooks can be told (docs/webhooks.md). */
export const webhookEventTypes = [
  "lead.created",
  "conversation.started",
  "conversation.ended",
  "message.created",
  "feedback.created",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** A delivery's way: pending (queued or waiting for its next try), delivered or failed. */
export const webhookDeliveryStatuses = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * An address a bot's events are posted to, signed as Standard Webhooks specifies. The secret is
 * kept sealed (the AI layer's secret box); after a rotation the one before still signs for a day,
 * so that a receiver can move to the new one.
 */
export const botWebhooks = pgTable(
  "bot_webhooks",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    url: text("url").notNull(),
    events: text("events").array().$type<WebhookEventType[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    secretSealed: text("secret_sealed").notNull(),
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true, mode: "date" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bot_webhooks_bot_idx").on(t.botId)],
);

/** One event to one webhook, with how its last try went. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    webhookId: belongsTo("webhook_id", () => botWebhooks.id),
    /** The `webhook-id` header: the same on every try, so that a receiver can drop a repeat. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").$type<WebhookEventType>().notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    responseMs: integer("response_ms"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_webhook_created_idx").on(t.webhookId, t.createdAt),
    oneOf("webhook_deliveries_status", "status", webhookDeliveryStatuses),
  ],
);

export type BotWebhook = typeof botWebhooks.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
