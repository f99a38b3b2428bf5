import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { createUIMessageStreamResponse } from "ai";
import type { Context, MiddlewareHandler } from "hono";
import { type Bot, leadCustomFieldTypes, leadFieldModes, leadFormTimings } from "../db/schema";
import { notFound } from "../errors";
import { bodyLimit } from "../http/body-limit";
import type { AppEnv } from "../http/env";
import { errorResponses, validationHook } from "../http/errors";
import { namesTag } from "../http/etag";
import { requestMeta } from "../http/request-meta";
import { jsonBody, jsonResponse, protectedRoute } from "../http/schemas";
import { logError } from "../log";
import { queueWebhookEvent } from "../webhooks/delivery";
import { botLimits } from "./bot-limits";
import { AppearanceSchema } from "./bots.routes";
import { leadLimits } from "./lead-form";
import { leadEventData, submitLead } from "./leads";
import {
  botByPublicId,
  checkMessageIdentity,
  clickCard,
  listMessages,
  openConversation,
  originAllowed,
  previewToken,
  publicConfig,
  publicPage,
  rateAnswer,
  sendMessage,
  siteHost,
  startConversation,
  unauthorizedToken,
  visitorTokenValid,
} from "./public-chat";
import { type BotImage, openBotImage } from "./public-images";

const tags = ["Public chat"];

/** A public request's body at most: a message of the longest length, in UTF-8, and its fields. */
export const publicBodyLimit = 64 * 1024;

const bearer = (c: Context) => {
  const header = c.req.header("authorization") ?? "";
  return header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : undefined;
};

type PublicEnv = AppEnv & { Variables: { bot: Bot } };

const corsHeaders = (origin: string | undefined): Record<string, string> =>
  origin ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : {};

/**
 * The bot of the address, not deleted (404 otherwise), for a page whose origin the bot allows
 * (404 otherwise, without CORS headers, so the browser refuses the answer); a preflight is
 * answered here.
 */
const publicBot: MiddlewareHandler<PublicEnv> = async (c, next) => {
  // A conversation's routes need the visitor's token before anything is looked up.
  if (
    c.req.method !== "OPTIONS" &&
    /\/conversations\/[^/]+\//.test(c.req.path) &&
    !visitorTokenValid(c.var.ai, bearer(c))
  ) {
    throw unauthorizedToken();
  }
  const bot = await botByPublicId(c.var.db, c.req.param("publicId") ?? "");
  const origin = c.req.header("origin");
  if (!bot || !originAllowed(bot, origin, c.var.appUrl)) throw notFound("No such bot.");
  for (const [name, value] of Object.entries(corsHeaders(origin))) c.header(name, value);
  if (c.req.method === "OPTIONS") {
    c.header("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    c.header("Access-Control-Allow-Headers", "authorization, content-type");
    c.header("Access-Control-Max-Age", "600");
    return c.body(null, 204);
  }
  c.set("bot", bot);
  await next();
};

const publicIdParams = z.object({ publicId: z.string().min(1).max(64) });
const conversationParams = publicIdParams.extend({
  id: z.string().regex(/^\d{1,15}$/, "Not a conversation id"),
});
const visitorSecurity = [{ visitorToken: [] }];

const ConfigSchema = z
  .object({
    publicId: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    language: z.enum(["en", "ar", "visitor"]),
    maxMessageLength: z.number().int(),
    appearance: AppearanceSchema,
    leadForm: z
      .object({
        when: z.enum(leadFormTimings),
        afterMessages: z.int(),
        required: z.boolean().openapi({ description: "The chat waits for it (LEAD_REQUIRED)" }),
        name: z.enum(leadFieldModes),
        email: z.enum(leadFieldModes),
        phone: z.enum(leadFieldModes),
        fields: z.array(
          z.object({
            key: z.string(),
            label: z.string(),
            type: z.enum(leadCustomFieldTypes),
            required: z.boolean(),
            options: z.array(z.string()),
          }),
        ),
        consentText: z.string().openapi({ description: "Not empty: consent is required" }),
      })
      .nullable()
      .openapi("BotPublicLeadForm", { description: "Null when the bot takes no leads" }),
  })
  .openapi("BotPublicConfig");

const PageSchema = z
  .object({
    publicId: z.string(),
    name: z.string(),
    language: z.enum(["en", "ar", "visitor"]),
    allowedDomains: z.array(z.string()).openapi({
      description:
        "The hosts that may frame the full-page chat: `example.com`, or `*.example.com` for its subdomains",
    }),
  })
  .openapi("BotPublicPage");

const ConversationStartedSchema = z
  .object({ conversationId: z.string(), token: z.string() })
  .openapi("BotConversationStarted");

const PublicCardSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z.string(),
    imageUrl: z.string().nullable(),
    buttons: z.array(
      z.object({
        kind: z.enum(["reply", "link", "lead_form"]),
        label: z.string(),
        value: z.string().openapi({
          description:
            "The reply to send, or the link (http or https) to open; empty for the lead form",
        }),
      }),
    ),
  })
  .openapi("BotPublicCard");

const PublicMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(["user", "assistant"]),
    text: z.string(),
    status: z.enum(["streaming", "complete", "stopped", "failed"]),
    rating: z.enum(["up", "down"]).nullable(),
    fallback: z.boolean().openapi({
      description: "The bot's fallback message, written by its owner: no model answered",
    }),
    cards: z.array(PublicCardSchema).openapi({
      description: "The message cards the answer showed (that the bot still has)",
    }),
    sources: z
      .array(z.object({ title: z.string(), url: z.string().nullable() }).openapi("BotAnswerSource"))
      .openapi({
        description:
          "The knowledge the answer cites, in the order of its numbers; also sent while it streams, as a `data-sources` part",
      }),
    createdAt: z.string(),
  })
  .openapi("BotPublicMessage");

const IdentitySchema = z
  .object({
    userId: z.string().max(200),
    signature: z.string().max(200),
    name: z.string().max(200).optional(),
    email: z.string().max(320).optional(),
  })
  .openapi("BotVisitorIdentity");

const base = "/public/bots/{publicId}";

const configRoute = createRoute({
  method: "get",
  path: base,
  tags,
  summary: "A bot's public configuration (no authentication)",
  description:
    "404 for no such bot, a bot that is not live, or a page origin the bot does not allow.",
  request: { params: publicIdParams },
  responses: { 200: jsonResponse("The configuration", ConfigSchema), ...errorResponses(404) },
});

const pageRoute = createRoute({
  method: "get",
  path: `${base}/page`,
  tags,
  summary: "What the bot's full-page chat needs (no authentication)",
  description:
    "The name, the language and the allowed domains, which the page at /b/{publicId} puts in its " +
    "`frame-ancestors`. 404 for no such bot, a bot that is not live, or a page origin the bot " +
    "does not allow.",
  request: { params: publicIdParams },
  responses: { 200: jsonResponse("The page's bot", PageSchema), ...errorResponses(404) },
});

const startRoute = createRoute({
  method: "post",
  path: `${base}/conversations`,
  tags,
  summary: "Start a visitor's conversation (no authentication)",
  description:
    "A draft bot only with `previewToken` (POST /bots/{id}/preview-token). Returns the " +
    "conversation and a signed visitor token that opens it alone, for 30 days. An `identity` " +
    "(the site's user id signed with the bot's identity secret: HMAC-SHA256, hex) is verified and " +
    "kept on the conversation; 403 IDENTITY_INVALID for a forged signature or a bot without a secret.",
  middleware: [bodyLimit(publicBodyLimit)] as const,
  request: {
    params: publicIdParams,
    ...jsonBody(
      z
        .object({
          locale: z.enum(["en", "ar"]).optional(),
          identity: IdentitySchema.optional(),
          previewToken: z.string().max(2_000).optional(),
        })
        .openapi("BotConversationStart"),
    ),
  },
  responses: {
    201: jsonResponse("The conversation", ConversationStartedSchema),
    ...errorResponses(400, 401, 403, 404, 413, 422),
  },
});

const streamDescription =
  "The answer streams as Server-Sent Events in the threads' format (decision 018, the AI SDK's UI " +
  "message stream): `start` with `messageMetadata: { conversationId, userMessageId, " +
  "assistantMessageId, status, fallback, error }`, `text-start`, `text-delta`s, `text-end`, " +
  "`error` when it failed, `data-card` (`data`: a BotPublicCard) for each message card the model " +
  "showed, `finish` with the final metadata, then `[DONE]`. Without a chat model the " +
  "answer is the bot's fallback message (`fallback: true`). A repeated `clientMessageId` replays the " +
  "stored answer, or is 409 ANSWER_IN_PROGRESS. 413 MESSAGE_TOO_LONG over the bot's " +
  "`maxMessageLength`; 429 RATE_LIMITED with Retry-After per visitor, per address and per bot (a day). " +
  "An `identity` is verified as when starting; 403 IDENTITY_INVALID for a forged one or another user " +
  "than the conversation's (an anonymous conversation takes a verified user on).";

const sendRoute = createRoute({
  method: "post",
  path: `${base}/conversations/{id}/messages`,
  tags,
  summary: "Send a visitor's message and stream the bot's answer (visitor token)",
  description: streamDescription,
  security: visitorSecurity,
  middleware: [bodyLimit(publicBodyLimit)] as const,
  request: {
    params: conversationParams,
    ...jsonBody(
      z
        .object({
          text: z
            .string()
            .trim()
            .min(1, "Required")
            .max(botLimits.maxMessageLength.max * 2),
          clientMessageId: z.string().min(1).max(100),
          identity: IdentitySchema.optional(),
        })
        .openapi("BotVisitorMessage"),
    ),
  },
  responses: {
    200: {
      description: "The answer (UI message stream v1)",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 413, 422, 429),
  },
});

const listRoute = createRoute({
  method: "get",
  path: `${base}/conversations/{id}/messages`,
  tags,
  summary: "A conversation's messages, oldest first (visitor token)",
  security: visitorSecurity,
  request: { params: conversationParams },
  responses: {
    200: jsonResponse(
      "The messages",
      z.object({ items: z.array(PublicMessageSchema) }).openapi("BotPublicMessages"),
    ),
    ...errorResponses(401, 404),
  },
});

const feedbackRoute = createRoute({
  method: "post",
  path: `${base}/conversations/{id}/feedback`,
  tags,
  summary: "Rate an answer (visitor token)",
  description:
    "A null rating takes the rating back. 404 for a message that is not an answer of the conversation.",
  security: visitorSecurity,
  middleware: [bodyLimit(publicBodyLimit)] as const,
  request: {
    params: conversationParams,
    ...jsonBody(
      z
        .object({
          messageId: z.union([z.string().regex(/^\d{1,15}$/), z.number().int().positive()]),
          rating: z.enum(["up", "down"]).nullable(),
        })
        .openapi("BotAnswerFeedback"),
    ),
  },
  responses: { 204: { description: "Rated" }, ...errorResponses(400, 401, 404, 422) },
});

const cardClickRoute = createRoute({
  method: "post",
  path: `${base}/conversations/{id}/cards/{cardId}/click`,
  tags,
  summary: "Count a click on a message card's button (visitor token)",
  description:
    "Counts once a conversation and card (a repeat is 204 and not counted); 404 for a card the " +
    "conversation was not shown. A card's view is counted when an answer shows it.",
  security: visitorSecurity,
  request: { params: conversationParams.extend({ cardId: z.uuid("Not a card id") }) },
  responses: { 204: { description: "Counted" }, ...errorResponses(401, 404, 422) },
});

const leadText = z
  .string()
  .max(leadLimits.customText * 2)
  .nullable()
  .optional();

const leadRoute = createRoute({
  method: "post",
  path: `${base}/conversations/{id}/lead`,
  tags,
  summary: "Send the bot's lead form (visitor token)",
  description:
    "Checked against the bot's form (the config's `leadForm`): 422 VALIDATION_FAILED with each " +
    "field's code (REQUIRED, TOO_LONG, INVALID_FORMAT, INVALID_TYPE, INVALID_VALUE, " +
    "UNKNOWN_FIELD for a field the form does not ask for, CONSENT_REQUIRED on `consent`). One " +
    "lead a conversation: 201 when it is made, 200 when a second submit changes it. 409 " +
    "LEAD_FORM_DISABLED for a bot that takes no leads; 429 RATE_LIMITED with Retry-After per " +
    "visitor and per address.",
  security: visitorSecurity,
  middleware: [bodyLimit(publicBodyLimit)] as const,
  request: {
    params: conversationParams,
    ...jsonBody(
      z
        .strictObject({
          name: leadText,
          email: leadText,
          phone: leadText,
          custom: z
            .record(
              z.string().max(100),
              z.union([
                z.string().max(leadLimits.customText * 2),
                z.number(),
                z.boolean(),
                z.null(),
              ]),
            )
            .refine(
              (values) => Object.keys(values).length <= leadLimits.customFields * 2,
              "Too many fields",
            )
            .optional(),
          consent: z.boolean("true or false").optional(),
        })
        .openapi("BotLeadSubmission"),
    ),
  },
  responses: {
    201: jsonResponse("The lead was made", z.object({ id: z.string() }).openapi("BotLeadSent")),
    200: jsonResponse("The lead was changed", z.object({ id: z.string() })),
    ...errorResponses(400, 401, 404, 409, 413, 422, 429),
  },
});

const imageDescription =
  "The library item's WebP thumbnail, for any site's <img> (`Cross-Origin-Resource-Policy: " +
  "cross-origin`). 404 for a bot that is not live, or no image.";
const imageResponses = {
  200: {
    description: "The image",
    content: { "image/webp": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
  },
  304: { description: "Not modified (If-None-Match)" },
  ...errorResponses(404, 422),
};

const avatarRoute = createRoute({
  method: "get",
  path: `${base}/avatar`,
  tags,
  summary: "A bot's avatar (no authentication)",
  description: imageDescription,
  request: { params: publicIdParams },
  responses: imageResponses,
});

const cardImageRoute = createRoute({
  method: "get",
  path: `${base}/cards/{cardId}/image`,
  tags,
  summary: "A message card's image (no authentication)",
  description: imageDescription,
  request: { params: publicIdParams.extend({ cardId: z.uuid("Not a card id") }) },
  responses: imageResponses,
});

/** A bot's image: cached for an hour by any cache (its address changes with the item). */
function imageResponse(c: Context<PublicEnv>, image: BotImage) {
  const headers = {
    "Content-Type": image.contentType,
    "Cache-Control": "public, max-age=3600",
    ETag: image.tag,
    "Cross-Origin-Resource-Policy": "cross-origin",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  };
  if (namesTag(c.req.header("if-none-match"), image.tag)) return c.body(null, 304, headers);
  return c.body(image.body, 200, headers);
}

const previewRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/preview-token",
  tags: ["Bots"],
  summary: "A short-lived token to talk to a bot that is not live (bots.read)",
  description:
    "Sent as `previewToken` with POST /public/bots/{publicId}/conversations; valid one hour.",
  request: { params: z.object({ id: z.uuid("Not a bot id") }) },
  responses: {
    201: jsonResponse(
      "The token",
      z.object({ token: z.string(), expiresAt: z.string() }).openapi("BotPreviewToken"),
    ),
  },
  errors: [403, 404, 422],
});

export function createPublicChatRoutes() {
  const app = new OpenAPIHono<PublicEnv>({ defaultHook: validationHook });
  app.openAPIRegistry.registerComponent("securitySchemes", "visitorToken", {
    type: "http",
    scheme: "bearer",
    description: "The signed visitor token of POST /public/bots/{publicId}/conversations.",
  });
  app.use("/public/bots/:publicId", publicBot);
  app.use("/public/bots/:publicId/*", publicBot);
  app.options("/public/bots/:publicId", (c) => c.body(null, 204));
  app.options("/public/bots/:publicId/*", (c) => c.body(null, 204));
  const services = (c: Context<PublicEnv>) => ({ db: c.var.db, ai: c.var.ai });
  return app
    .openapi(configRoute, (c) => c.json(publicConfig(c.var.bot), 200))
    .openapi(pageRoute, (c) => c.json(publicPage(c.var.bot), 200))
    .openapi(startRoute, async (c) => {
      const body = c.req.valid("json");
      const started = await startConversation(services(c), c.var.bot, {
        locale: body.locale,
        previewToken: body.previewToken,
        ip: requestMeta(c).ip,
        originHost: siteHost(c.req.header("origin"), c.var.appUrl),
        identity: body.identity,
      });
      return c.json(started, 201);
    })
    .openapi(sendRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const conversation = await openConversation(services(c), c.var.bot, id, bearer(c));
      await checkMessageIdentity(services(c), c.var.bot, conversation, body.identity);
      const answer = await sendMessage(services(c), c.var.bot, conversation, body);
      return createUIMessageStreamResponse({
        stream: answer.stream(c.req.raw.signal),
        headers: { "Cache-Control": "no-store", ...corsHeaders(c.req.header("origin")) },
        keepAliveMs: 15_000,
      }) as never;
    })
    .openapi(listRoute, async (c) => {
      const { id } = c.req.valid("param");
      const conversation = await openConversation(services(c), c.var.bot, id, bearer(c));
      return c.json({ items: await listMessages(c.var.db, c.var.bot, conversation) }, 200);
    })
    .openapi(feedbackRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const conversation = await openConversation(services(c), c.var.bot, id, bearer(c));
      await rateAnswer(c.var.db, conversation, String(body.messageId), body.rating);
      return c.body(null, 204);
    })
    .openapi(cardClickRoute, async (c) => {
      const { id, cardId } = c.req.valid("param");
      const conversation = await openConversation(services(c), c.var.bot, id, bearer(c));
      await clickCard(c.var.db, conversation, cardId);
      return c.body(null, 204);
    })
    .openapi(leadRoute, async (c) => {
      const { id } = c.req.valid("param");
      const conversation = await openConversation(services(c), c.var.bot, id, bearer(c));
      const lead = await submitLead(
        { ...services(c), rateLimits: c.var.rateLimits },
        c.var.bot,
        conversation,
        c.req.valid("json"),
      );
      if (lead.created) {
        const { bot } = c.var;
        await queueWebhookEvent(c.var.db, c.var.jobs.boss, {
          organizationId: bot.organizationId,
          botId: bot.id,
          type: "lead.created",
          data: () => leadEventData(c.var.db, lead.id),
        }).catch((error: unknown) => logError("The lead's webhooks were not queued", error));
      }
      return c.json({ id: lead.id }, lead.created ? 201 : 200);
    })
    .openapi(avatarRoute, async (c) => {
      const image = await openBotImage(c.var.db, c.var.storage, c.var.bot, { kind: "avatar" });
      return imageResponse(c, image) as never;
    })
    .openapi(cardImageRoute, async (c) => {
      const { cardId } = c.req.valid("param");
      const image = await openBotImage(c.var.db, c.var.storage, c.var.bot, {
        kind: "card",
        cardId,
      });
      return imageResponse(c, image) as never;
    })
    .openapi(previewRoute, async (c) => {
      const { token, expiresAt } = await previewToken(
        { db: c.var.db, ai: c.var.ai },
        c.var.auth.actor,
        c.req.valid("param").id,
      );
      return c.json({ token, expiresAt: expiresAt.toISOString() }, 201);
    });
}
