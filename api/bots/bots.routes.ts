import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  botAnswerLengths,
  botFonts,
  botLanguages,
  botLaunchers,
  botPositions,
  botStatuses,
  botThemes,
} from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { binRoutes, commaSeparated, queryFlag, searchWords, sortOf } from "../http/record-routes";
import {
  codedIssue,
  countedPageOf,
  jsonBody,
  jsonResponse,
  optionalString,
  pagedQuery,
  protectedRoute,
  requiredString,
  text,
} from "../http/schemas";
import { normalizeDomain } from "./bot-domains";
import { botLimits, botRestoreDays } from "./bot-limits";
import { rotateBotSecret } from "./bot-secrets";
import { botSummary, summaryFirstMessageLength, summaryRecentConversations } from "./bot-summary";
import {
  type BotView,
  botSorts,
  createBot,
  defaultAppearance,
  deleteBot,
  duplicateBot,
  getBot,
  listBots,
  restoreBot,
  updateBot,
} from "./bots";

const tags = ["Bots"];

const SegmentsSchema = z.array(z.object({ text: z.string(), match: z.boolean() })).nullable();
const NamedSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

const limit = (max: number) => optionalString({ max });
const listOf = (items: number, each: number, what: string) =>
  z.array(requiredString({ max: each })).max(items, `At most ${items} ${what}`);

const appearanceFields = {
  theme: z.enum(botThemes, { error: `One of ${botThemes.join(", ")}` }),
  accentColor: text()
    .regex(/^#[0-9a-fA-F]{6}$/, "A colour as #rrggbb")
    .transform((value) => value.toLowerCase())
    .openapi({ example: "#4f46e5" }),
  font: z.enum(botFonts, { error: `One of ${botFonts.join(", ")}` }),
  radius: z
    .int("A whole number")
    .min(botLimits.radius.min, `At least ${botLimits.radius.min}`)
    .max(botLimits.radius.max, `At most ${botLimits.radius.max}`)
    .openapi({ description: "Corner radius in CSS pixels" }),
  position: z.enum(botPositions, { error: "start or end" }).openapi({
    description: "The bottom's start or end corner (mirrored in Arabic)",
  }),
  launcher: z.enum(botLaunchers, { error: "icon or avatar" }),
  headerTitle: limit(botLimits.headerTitle),
  headerSubtitle: limit(botLimits.headerSubtitle),
  welcomeMessages: z
    .array(optionalString({ max: botLimits.welcomeMessage, multiline: true }).min(1, "Required"))
    .max(botLimits.welcomeMessages, `At most ${botLimits.welcomeMessages} welcome messages`),
  suggestedPrompts: listOf(botLimits.suggestedPrompts, botLimits.suggestedPrompt, "prompts"),
  placeholder: limit(botLimits.placeholder),
  footer: limit(botLimits.footer),
  disclaimer: optionalString({ max: botLimits.disclaimer, multiline: true }),
  customCss: text({ multiline: true })
    .refine(
      (value) => Buffer.byteLength(value, "utf8") <= botLimits.customCssBytes,
      codedIssue("TOO_LONG", `At most ${botLimits.customCssBytes / 1000} kB`),
    )
    .refine(
      (value) => !/<\/?\s*style|<!--|-->/i.test(value),
      codedIssue("INVALID_VALUE", "CSS only: no style tags or HTML comments"),
    )
    .openapi({
      description: `Applied inside the widget's shadow root only; at most ${botLimits.customCssBytes} bytes`,
    }),
};

const appearance = appearanceFields;
const defaults = defaultAppearance;
const appearanceShape = {
  theme: appearance.theme.default(defaults.theme),
  accentColor: appearance.accentColor.default(defaults.accentColor),
  font: appearance.font.default(defaults.font),
  radius: appearance.radius.default(defaults.radius),
  position: appearance.position.default(defaults.position),
  launcher: appearance.launcher.default(defaults.launcher),
  headerTitle: appearance.headerTitle.default(defaults.headerTitle),
  headerSubtitle: appearance.headerSubtitle.default(defaults.headerSubtitle),
  welcomeMessages: appearance.welcomeMessages.default(defaults.welcomeMessages),
  suggestedPrompts: appearance.suggestedPrompts.default(defaults.suggestedPrompts),
  placeholder: appearance.placeholder.default(defaults.placeholder),
  footer: appearance.footer.default(defaults.footer),
  disclaimer: appearance.disclaimer.default(defaults.disclaimer),
  customCss: appearance.customCss.default(defaults.customCss),
};

/** A bot's appearance as stored and as the widget reads it (the public config too). */
export const AppearanceSchema = z
  .object({
    theme: z.enum(botThemes),
    accentColor: z.string(),
    font: z.enum(botFonts),
    radius: z.int(),
    position: z.enum(botPositions),
    launcher: z.enum(botLaunchers),
    headerTitle: z.string(),
    headerSubtitle: z.string(),
    welcomeMessages: z.array(z.string()),
    suggestedPrompts: z.array(z.string()),
    placeholder: z.string(),
    footer: z.string(),
    disclaimer: z.string(),
    customCss: z.string(),
  })
  .openapi("BotAppearance");

const AppearanceCreateSchema = z.object(appearanceShape).openapi("BotAppearanceInput");
const AppearanceUpdateSchema = z
  .object(appearanceFields)
  .partial()
  .openapi("BotAppearanceChanges", { description: "The fields given replace those the bot had" });

const RateLimitSchema = z
  .object({
    messages: z
      .int("A whole number")
      .min(botLimits.rateLimit.messages.min, `At least ${botLimits.rateLimit.messages.min}`)
      .max(botLimits.rateLimit.messages.max, `At most ${botLimits.rateLimit.messages.max}`),
    seconds: z
      .int("A whole number")
      .min(botLimits.rateLimit.seconds.min, `At least ${botLimits.rateLimit.seconds.min}`)
      .max(botLimits.rateLimit.seconds.max, `At most ${botLimits.rateLimit.seconds.max}`),
  })
  .openapi("BotRateLimit", { description: "Per visitor: at most `messages` in `seconds`" });

const BotSchema = z
  .object({
    id: z.uuid(),
    publicId: z
      .string()
      .openapi({ description: "Names the bot to the world (the widget's data-bot)" }),
    name: z.string(),
    description: z.string(),
    avatarMediaId: z.uuid().nullable(),
    status: z.enum(botStatuses),
    language: z.enum(botLanguages),
    tags: z.array(z.string()),
    workspace: NamedSchema,
    project: NamedSchema,
    character: NamedSchema,
    chatModel: z.string().nullable(),
    temperature: z.number(),
    answerLength: z.enum(botAnswerLengths),
    instructions: z.string(),
    knowledgeOnly: z.boolean(),
    fallbackMessage: z.string(),
    rateLimit: RateLimitSchema,
    dailyMessageCap: z.int(),
    maxMessageLength: z.int(),
    retentionDays: z.int(),
    appearance: AppearanceSchema,
    allowedDomains: z.array(z.string()),
    identityVerification: z.object({
      enabled: z.boolean(),
      rotatedAt: z.iso.datetime().nullable(),
    }),
    cardCount: z.int(),
    version: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deletedAt: z.iso.datetime().nullable(),
    highlights: z.object({ name: SegmentsSchema, description: SegmentsSchema }).optional(),
  })
  .openapi("Bot");

export const botToJson = (bot: BotView) => ({
  id: bot.id,
  publicId: bot.publicId,
  name: bot.name,
  description: bot.description,
  avatarMediaId: bot.avatarMediaId,
  status: bot.status,
  language: bot.language,
  tags: bot.tags,
  workspace: bot.workspace,
  project: bot.project,
  character: bot.character,
  chatModel: bot.chatModel,
  temperature: bot.temperature,
  answerLength: bot.answerLength,
  instructions: bot.instructions,
  knowledgeOnly: bot.knowledgeOnly,
  fallbackMessage: bot.fallbackMessage,
  rateLimit: bot.rateLimit,
  dailyMessageCap: bot.dailyMessageCap,
  maxMessageLength: bot.maxMessageLength,
  retentionDays: bot.retentionDays,
  appearance: bot.appearance,
  allowedDomains: bot.allowedDomains,
  identityVerification: {
    enabled: bot.identityVerification.enabled,
    rotatedAt: bot.identityVerification.rotatedAt?.toISOString() ?? null,
  },
  cardCount: bot.cardCount,
  version: bot.version,
  createdAt: bot.createdAt.toISOString(),
  updatedAt: bot.updatedAt.toISOString(),
  deletedAt: bot.deletedAt?.toISOString() ?? null,
  ...(bot.highlights ? { highlights: bot.highlights } : {}),
});

export { BotSchema };

const BotListItemSchema = BotSchema.extend({
  conversations7d: z.int().openapi({
    description: "Conversations visitors opened in the last 7 days (previews not counted)",
  }),
}).openapi("BotListItem");

const wholeNumber = (range: { min: number; max: number }) =>
  z
    .int("A whole number")
    .min(range.min, `At least ${range.min.toLocaleString("en")}`)
    .max(range.max, `At most ${range.max.toLocaleString("en")}`);

const fields = {
  name: requiredString({ max: botLimits.name }).openapi({ example: "Support" }),
  description: optionalString({ max: botLimits.description, multiline: true }),
  avatarMediaId: z.uuid("Not an image id").nullable(),
  status: z.enum(botStatuses, { error: "draft or live" }),
  language: z.enum(botLanguages, { error: `One of ${botLanguages.join(", ")}` }),
  workspaceId: z.uuid("Not a workspace id").nullable(),
  projectId: z.uuid("Not a project id").nullable(),
  tags: z
    .array(requiredString({ max: botLimits.tag }))
    .max(botLimits.tags, `At most ${botLimits.tags} tags`)
    .transform((values) => [...new Set(values)]),
  characterId: z.uuid("Not a character id").nullable(),
  chatModel: optionalString({ max: 200 })
    .regex(/^[\w.:/@+-]*$/, "Letters, digits and . _ : / @ + - only")
    .nullable()
    .transform((value) => value || null)
    .openapi({ description: "A model of the organization's chat provider; null: its default" }),
  temperature: z
    .number("A number")
    .min(botLimits.temperature.min, `At least ${botLimits.temperature.min}`)
    .max(botLimits.temperature.max, `At most ${botLimits.temperature.max}`),
  answerLength: z.enum(botAnswerLengths, { error: `One of ${botAnswerLengths.join(", ")}` }),
  instructions: optionalString({ max: botLimits.instructions, multiline: true }),
  knowledgeOnly: z.boolean("true or false"),
  fallbackMessage: optionalString({ max: botLimits.fallbackMessage, multiline: true }),
  rateLimit: RateLimitSchema,
  dailyMessageCap: wholeNumber(botLimits.dailyMessageCap),
  maxMessageLength: wholeNumber(botLimits.maxMessageLength),
  retentionDays: wholeNumber(botLimits.retentionDays),
  allowedDomains: z
    .array(
      text()
        .max(botLimits.domain + 2, `At most ${botLimits.domain} characters`)
        .refine(
          (value) => normalizeDomain(value) !== null,
          codedIssue("INVALID_FORMAT", "A domain such as example.com or *.example.com"),
        )
        .transform((value) => normalizeDomain(value) as string),
    )
    .max(botLimits.allowedDomains, `At most ${botLimits.allowedDomains} domains`)
    .transform((values) => [...new Set(values)])
    .openapi({ description: "Hosts the widget runs on: example.com, or *.example.com" }),
};

const BotCreateSchema = z
  .object({
    name: fields.name,
    description: fields.description.default(""),
    avatarMediaId: fields.avatarMediaId.default(null),
    status: fields.status.default("draft"),
    language: fields.language.default("visitor"),
    workspaceId: fields.workspaceId.default(null),
    projectId: fields.projectId.default(null),
    tags: fields.tags.default([]),
    characterId: fields.characterId.default(null),
    chatModel: fields.chatModel.default(null),
    temperature: fields.temperature.default(0.7),
    answerLength: fields.answerLength.default("medium"),
    instructions: fields.instructions.default(""),
    knowledgeOnly: fields.knowledgeOnly.default(false),
    fallbackMessage: fields.fallbackMessage.default(""),
    rateLimit: fields.rateLimit.default({ messages: 20, seconds: 60 }),
    dailyMessageCap: fields.dailyMessageCap.default(1000),
    maxMessageLength: fields.maxMessageLength.default(2000),
    retentionDays: fields.retentionDays.default(90),
    appearance: AppearanceCreateSchema.default(defaultAppearance),
    allowedDomains: fields.allowedDomains.default([]),
  })
  .openapi("BotCreate");

const BotUpdateSchema = z
  .object({
    version: z.int("A whole number").min(1),
    name: fields.name.optional(),
    description: fields.description.optional(),
    avatarMediaId: fields.avatarMediaId.optional(),
    status: fields.status.optional(),
    language: fields.language.optional(),
    workspaceId: fields.workspaceId.optional(),
    projectId: fields.projectId.optional(),
    tags: fields.tags.optional(),
    characterId: fields.characterId.optional(),
    chatModel: fields.chatModel.optional(),
    temperature: fields.temperature.optional(),
    answerLength: fields.answerLength.optional(),
    instructions: fields.instructions.optional(),
    knowledgeOnly: fields.knowledgeOnly.optional(),
    fallbackMessage: fields.fallbackMessage.optional(),
    rateLimit: fields.rateLimit.optional(),
    dailyMessageCap: fields.dailyMessageCap.optional(),
    maxMessageLength: fields.maxMessageLength.optional(),
    retentionDays: fields.retentionDays.optional(),
    appearance: AppearanceUpdateSchema.optional(),
    allowedDomains: fields.allowedDomains.optional(),
  })
  .openapi("BotUpdate");

const DuplicateSchema = z
  .object({ name: fields.name.optional() })
  .openapi("BotDuplicate", { description: "The copy's name; left out: the bot's with (copy)" });

const SecretSchema = z
  .object({
    secret: z.string().openapi({
      description: "HMAC-SHA256 key for signing user ids; shown this once, never again",
    }),
    rotatedAt: z.iso.datetime(),
  })
  .openapi("BotSecret");

const listQuery = pagedQuery().extend({
  q: searchWords(),
  sort: sortOf(botSorts),
  status: commaSeparated(botStatuses).openapi({ description: "Comma-separated", example: "live" }),
  workspaceId: z.uuid("Not a workspace id").optional(),
  tag: requiredString({ max: botLimits.tag }).optional(),
  deleted: queryFlag(),
});

export const botIdParams = z.object({ id: z.uuid("Not a bot id") });

const referenceErrors =
  "422 UNKNOWN_WORKSPACE, UNKNOWN_PROJECT, UNKNOWN_CHARACTER (a character must be shared with " +
  "the organization) or UNKNOWN_IMAGE (`avatarMediaId`: an image of the library) for what the " +
  "organization does not have; MODEL_NOT_ALLOWED on `chatModel` for a model the deployment " +
  "does not offer.";

const listRoute = protectedRoute({
  method: "get",
  path: "/bots",
  tags,
  summary: "The current organization's bots (bots.read)",
  description:
    "Search as for projects. Changes go out as `bot.created`, `bot.updated`, `bot.deleted` and " +
    "`bot.restored` events (a card's change is its bot's `bot.updated`).",
  request: { query: listQuery },
  responses: { 200: jsonResponse("One page of bots", countedPageOf(BotListItemSchema, "BotList")) },
  errors: [403, 422],
});

const createRoute = protectedRoute({
  method: "post",
  path: "/bots",
  tags,
  summary: "Make a bot (bots.manage)",
  description: `A draft with a new public id and no identity secret. ${referenceErrors}`,
  request: jsonBody(BotCreateSchema),
  responses: { 201: jsonResponse("The new bot", BotSchema) },
  errors: [400, 403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}",
  tags,
  summary: "A bot, a deleted one too while it can be restored (bots.read)",
  request: { params: botIdParams },
  responses: { 200: jsonResponse("The bot", BotSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/bots/{id}",
  tags,
  summary: "Change a bot (bots.manage)",
  description: `409 STALE_VERSION after someone else's change; 409 BOT_DELETED once deleted. The appearance's fields given replace those the bot had. ${referenceErrors}`,
  request: { params: botIdParams, ...jsonBody(BotUpdateSchema) },
  responses: { 200: jsonResponse("The bot as it is now", BotSchema) },
  errors: [400, 403, 404, 409, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/bots",
  tags,
  idParams: botIdParams,
  schema: BotSchema,
  name: "bot",
  deleteSummary: `Delete a bot with its cards, restorable for ${botRestoreDays} days (bots.manage)`,
  restoreSummary: "Bring a deleted bot back (bots.manage)",
});

const duplicateRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/duplicate",
  tags,
  summary: "Copy a bot (bots.manage)",
  description:
    "A draft with the bot's settings, appearance, domains and cards (counted from zero), a new " +
    "public id and no identity secret. 409 BOT_DELETED for a deleted bot.",
  request: {
    params: botIdParams,
    body: { required: false, content: { "application/json": { schema: DuplicateSchema } } },
  },
  responses: { 201: jsonResponse("The copy", BotSchema) },
  errors: [400, 403, 404, 409, 422],
});

const rotateRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/secret/rotate",
  tags,
  summary: "Make a new identity verification secret (bots.manage)",
  description:
    "Replaces the bot's secret (signatures made with the old one stop verifying) and answers the " +
    "new one this once: it is stored sealed and never shown again. The bot's version stays. " +
    "409 BOT_DELETED for a deleted bot.",
  request: { params: botIdParams },
  responses: { 200: jsonResponse("The new secret", SecretSchema) },
  errors: [403, 404, 409, 422],
});

const CountsSchema = z.object({
  today: z.int().openapi({ description: "Since midnight UTC" }),
  week: z.int().openapi({ description: "The last 7 days (UTC), today's included" }),
});

const SummarySchema = z
  .object({
    conversations: CountsSchema.openapi({ description: "Visitors' conversations started" }),
    messages: CountsSchema.openapi({ description: "Visitors' messages (not the bot's answers)" }),
    recent: z
      .array(
        z.object({
          id: z.string(),
          firstMessage: z
            .string()
            .nullable()
            .openapi({
              description: `The visitor's first message, its first ${summaryFirstMessageLength} characters; null before one`,
            }),
          language: z.string(),
          messageCount: z.int().openapi({ description: "The visitor's and the bot's" }),
          startedAt: z.iso.datetime(),
          lastMessageAt: z.iso.datetime(),
        }),
      )
      .openapi({
        description: `The last ${summaryRecentConversations} conversations, the latest first`,
      }),
    checklist: z
      .object({
        instructions: z.boolean().openapi({ description: "The instructions are written" }),
        knowledge: z
          .boolean()
          .openapi({ description: "A knowledge source is added (none can be yet)" }),
        appearance: z.boolean().openapi({ description: "The appearance differs from a new bot's" }),
        embedded: z.boolean().openapi({
          description: "A visitor's conversation came from a site of the allowed domains",
        }),
        firstConversation: z
          .boolean()
          .openapi({ description: "A visitor had a conversation (anywhere)" }),
      })
      .openapi({ description: "The steps of making the bot, each true once done" }),
  })
  .openapi("BotSummary");

const summaryRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/summary",
  tags,
  summary: "A bot at a glance: conversations, the last ones, its checklist (bots.read)",
  description:
    "Preview conversations (a member trying the bot) count nowhere. Days are UTC days, as the " +
    "dashboard's.",
  request: { params: botIdParams },
  responses: { 200: jsonResponse("The summary", SummarySchema) },
  errors: [403, 404, 422],
});

export function createBotRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listBots(c.var.db, c.var.auth.actor, query);
      return c.json(
        {
          items: items.map((bot) => ({ ...botToJson(bot), conversations7d: bot.conversations7d })),
          ...counted,
          page: query.page,
          pageSize: query.pageSize,
        },
        200,
      );
    })
    .openapi(createRoute, async (c) => {
      const { actor } = c.var.auth;
      const id = await createBot({ db: c.var.db, ai: c.var.ai }, actor, c.req.valid("json"));
      return c.json(botToJson(await getBot(c.var.db, actor, id)), 201);
    })
    .openapi(getRoute, async (c) => {
      return c.json(
        botToJson(await getBot(c.var.db, c.var.auth.actor, c.req.valid("param").id)),
        200,
      );
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, ...changes } = c.req.valid("json");
      await updateBot({ db: c.var.db, ai: c.var.ai }, actor, id, version, changes);
      return c.json(botToJson(await getBot(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteBot(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreBot(c.var.db, actor, id);
      return c.json(botToJson(await getBot(c.var.db, actor, id)), 200);
    })
    .openapi(duplicateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const copy = await duplicateBot(c.var.db, actor, id, c.req.valid("json")?.name);
      return c.json(botToJson(await getBot(c.var.db, actor, copy)), 201);
    })
    .openapi(summaryRoute, async (c) => {
      const summary = await botSummary(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.json(
        {
          ...summary,
          recent: summary.recent.map((conversation) => ({
            ...conversation,
            startedAt: conversation.startedAt.toISOString(),
            lastMessageAt: conversation.lastMessageAt.toISOString(),
          })),
        },
        200,
      );
    })
    .openapi(rotateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const made = await rotateBotSecret({ db: c.var.db, ai: c.var.ai }, c.var.auth.actor, id);
      return c.json({ secret: made.secret, rotatedAt: made.rotatedAt.toISOString() }, 200);
    });
}
