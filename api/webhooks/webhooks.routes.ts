import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { countedPageOf, jsonBody, jsonResponse, pagedQuery, protectedRoute } from "../http/schemas";
import { redeliver } from "./delivery";
import { webhookDeliveryStatuses, webhookEventTypes } from "./schema";
import {
  createWebhook,
  type DeliveryView,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookView,
  webhookLimits,
} from "./webhooks";

const tags = ["Webhooks"];

const url = z
  .url({ protocol: /^https?$/, error: "An http or https address" })
  .max(webhookLimits.url, `At most ${webhookLimits.url} characters`)
  .openapi({ example: "https://crm.example.com/hooks/qalam" });
const events = z
  .array(z.enum(webhookEventTypes, { error: `One of ${webhookEventTypes.join(", ")}` }))
  .min(1, "At least one event")
  .max(webhookEventTypes.length);

const WebhookSchema = z
  .object({
    id: z.uuid(),
    botId: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    enabled: z.boolean(),
    previousSecretUntil: z.iso.datetime().nullable().openapi({
      description: "Until when the secret before the last rotation still signs",
    }),
    version: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("Webhook");

const toJson = (webhook: WebhookView) => ({
  id: webhook.id,
  botId: webhook.botId,
  url: webhook.url,
  events: webhook.events,
  enabled: webhook.enabled,
  previousSecretUntil: webhook.previousSecretUntil?.toISOString() ?? null,
  version: webhook.version,
  createdAt: webhook.createdAt.toISOString(),
  updatedAt: webhook.updatedAt.toISOString(),
});

const DeliverySchema = z
  .object({
    id: z.uuid(),
    webhookId: z.uuid(),
    messageId: z.string().openapi({ description: "The `webhook-id` header, the same every try" }),
    eventType: z.enum(webhookEventTypes),
    payload: z.record(z.string(), z.unknown()),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.int(),
    lastStatus: z.int().nullable().openapi({ description: "The receiver's last HTTP status" }),
    lastError: z.string().nullable(),
    responseMs: z.int().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .openapi("WebhookDelivery");

const deliveryJson = (delivery: DeliveryView) => ({
  ...delivery,
  lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
  deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  createdAt: delivery.createdAt.toISOString(),
});

const botParams = z.object({ id: z.uuid("Not a bot id") });
const webhookParams = z.object({ id: z.uuid("Not a webhook id") });
const deliveryParams = webhookParams.extend({ deliveryId: z.uuid("Not a delivery id") });

const listRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/webhooks",
  tags,
  summary: "A bot's webhooks, oldest first (bots.read)",
  request: { params: botParams },
  responses: {
    200: jsonResponse("The webhooks", z.object({ items: z.array(WebhookSchema) })),
  },
  errors: [403, 404, 422],
});

const createRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/webhooks",
  tags,
  summary: "Post a bot's events to an address, signed (bots.manage)",
  description:
    "Answers the secret (`whsec_…`) this once. Each event is posted as JSON with `webhook-id`, " +
    "`webhook-timestamp` and `webhook-signature` as Standard Webhooks specifies (HMAC-SHA256), " +
    "tried again with a doubling pause until a 2xx. Only public addresses, unless " +
    `WEBHOOKS_ALLOW_PRIVATE_NETWORK=1. 422 TOO_MANY_WEBHOOKS past ${webhookLimits.perBot} a bot.`,
  request: {
    params: botParams,
    ...jsonBody(
      z.object({ url, events, enabled: z.boolean().optional() }).strict().openapi("WebhookCreate"),
    ),
  },
  responses: {
    201: jsonResponse(
      "The webhook and its secret",
      WebhookSchema.extend({ secret: z.string() }).openapi("WebhookWithSecret"),
    ),
  },
  errors: [400, 403, 404, 409, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/webhooks/{id}",
  tags,
  summary: "Change a webhook's address, events or whether it is on (bots.manage)",
  description: "409 STALE_VERSION when `version` is not the webhook's.",
  request: {
    params: webhookParams,
    ...jsonBody(
      z
        .object({
          version: z.int("A whole number").min(1),
          url: url.optional(),
          events: events.optional(),
          enabled: z.boolean().optional(),
        })
        .strict()
        .openapi("WebhookUpdate"),
    ),
  },
  responses: { 200: jsonResponse("The webhook as it is now", WebhookSchema) },
  errors: [400, 403, 404, 409, 422],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/webhooks/{id}",
  tags,
  summary: "Delete a webhook and its log (bots.manage)",
  request: { params: webhookParams },
  responses: { 204: { description: "Deleted" } },
  errors: [403, 404, 422],
});

const rotateRoute = protectedRoute({
  method: "post",
  path: "/webhooks/{id}/rotate-secret",
  tags,
  summary: "A new secret for a webhook, answered this once (bots.manage)",
  description: "The secret before still signs beside it for 24 hours.",
  request: { params: webhookParams },
  responses: {
    200: jsonResponse(
      "The new secret",
      z.object({ secret: z.string(), previousValidUntil: z.iso.datetime() }),
    ),
  },
  errors: [403, 404, 422],
});

const deliveriesRoute = protectedRoute({
  method: "get",
  path: "/webhooks/{id}/deliveries",
  tags,
  summary: "A webhook's deliveries, newest first, with how each went (bots.read)",
  request: { params: webhookParams, query: pagedQuery() },
  responses: {
    200: jsonResponse(
      "One page of deliveries",
      countedPageOf(DeliverySchema, "WebhookDeliveryList"),
    ),
  },
  errors: [403, 404, 422],
});

const redeliverRoute = protectedRoute({
  method: "post",
  path: "/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  tags,
  summary: "Send a delivery again from its first try, with the same webhook-id (bots.manage)",
  request: { params: deliveryParams },
  responses: { 202: { description: "Queued" } },
  errors: [403, 404, 422],
});

export function createWebhookRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const items = await listWebhooks(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.json({ items: items.map(toJson) }, 200);
    })
    .openapi(createRoute, async (c) => {
      const { webhook, secret } = await createWebhook(
        { db: c.var.db, secrets: c.var.ai.secrets },
        c.var.auth.actor,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ ...toJson(webhook), secret }, 201);
    })
    .openapi(updateRoute, async (c) => {
      const webhook = await updateWebhook(
        c.var.db,
        c.var.auth.actor,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(toJson(webhook), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteWebhook(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(rotateRoute, async (c) => {
      const { secret, previousValidUntil } = await rotateWebhookSecret(
        { db: c.var.db, secrets: c.var.ai.secrets },
        c.var.auth.actor,
        c.req.valid("param").id,
      );
      return c.json({ secret, previousValidUntil: previousValidUntil.toISOString() }, 200);
    })
    .openapi(deliveriesRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listDeliveries(
        c.var.db,
        c.var.auth.actor,
        c.req.valid("param").id,
        query,
      );
      return c.json(
        { items: items.map(deliveryJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(redeliverRoute, async (c) => {
      const { id, deliveryId } = c.req.valid("param");
      await redeliver(c.var.db, c.var.jobs.boss, c.var.auth.actor, id, deliveryId);
      return c.body(null, 202);
    });
}
