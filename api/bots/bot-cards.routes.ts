import { OpenAPIHono, z } from "@hono/zod-openapi";
import { botCardButtonKinds } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import {
  jsonBody,
  jsonResponse,
  optionalString,
  protectedRoute,
  requiredString,
} from "../http/schemas";
import {
  type BotCardView,
  createBotCard,
  deleteBotCard,
  getBotCard,
  listBotCards,
  updateBotCard,
} from "./bot-cards";
import { botLimits } from "./bot-limits";

const tags = ["Bots"];

const isWebLink = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
};

const ButtonSchema = z
  .object({
    kind: z.enum(botCardButtonKinds, { error: `One of ${botCardButtonKinds.join(", ")}` }),
    label: requiredString({ max: botLimits.buttonLabel }),
    value: optionalString({ max: botLimits.buttonValue }).default(""),
  })
  .superRefine((button, context) => {
    if (button.kind === "link" && !isWebLink(button.value)) {
      context.addIssue({
        code: "custom",
        path: ["value"],
        message: "An http or https address",
        params: { code: "INVALID_FORMAT" },
      });
    }
    if (button.kind === "reply" && button.value === "") {
      context.addIssue({
        code: "custom",
        path: ["value"],
        message: "The reply to send",
        params: { code: "REQUIRED" },
      });
    }
  })
  .openapi("BotCardButton", {
    description:
      "`reply` sends `value` as the visitor's message; `link` opens the http(s) address `value`; " +
      "`lead_form` opens the lead form (`value` unused)",
  });

const CardSchema = z
  .object({
    id: z.uuid(),
    botId: z.uuid(),
    imageMediaId: z.uuid().nullable(),
    title: z.string(),
    text: z.string(),
    buttons: z.array(
      z.object({ kind: z.enum(botCardButtonKinds), label: z.string(), value: z.string() }),
    ),
    whenToShow: z.string(),
    views: z.int(),
    clicks: z.int(),
    position: z.int(),
    version: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("BotCard");

const toJson = (card: BotCardView) => ({
  id: card.id,
  botId: card.botId,
  imageMediaId: card.imageMediaId,
  title: card.title,
  text: card.text,
  buttons: card.buttons,
  whenToShow: card.whenToShow,
  views: card.views,
  clicks: card.clicks,
  position: card.position,
  version: card.version,
  createdAt: card.createdAt.toISOString(),
  updatedAt: card.updatedAt.toISOString(),
});

const fields = {
  imageMediaId: z.uuid("Not an image id").nullable(),
  title: requiredString({ max: botLimits.cardTitle }).openapi({ example: "Book a visit" }),
  text: optionalString({ max: botLimits.cardText, multiline: true }),
  buttons: z.array(ButtonSchema).max(botLimits.buttons, `At most ${botLimits.buttons} buttons`),
  whenToShow: optionalString({ max: botLimits.whenToShow, multiline: true }).openapi({
    description: "When the model should show the card, in words",
  }),
  position: z.int("A whole number").min(0, "At least 0").max(10_000, "At most 10,000"),
};

const CardCreateSchema = z
  .object({
    imageMediaId: fields.imageMediaId.default(null),
    title: fields.title,
    text: fields.text.default(""),
    buttons: fields.buttons.default([]),
    whenToShow: fields.whenToShow.default(""),
    position: fields.position.optional(),
  })
  .openapi("BotCardCreate");

const CardUpdateSchema = z
  .object({
    version: z.int("A whole number").min(1),
    imageMediaId: fields.imageMediaId.optional(),
    title: fields.title.optional(),
    text: fields.text.optional(),
    buttons: fields.buttons.optional(),
    whenToShow: fields.whenToShow.optional(),
    position: fields.position.optional(),
  })
  .openapi("BotCardUpdate");

const botParams = z.object({ id: z.uuid("Not a bot id") });
const cardParams = botParams.extend({ cardId: z.uuid("Not a card id") });

const listRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/cards",
  tags,
  summary: "A bot's message cards, in their order (bots.read)",
  request: { params: botParams },
  responses: {
    200: jsonResponse("The cards", z.object({ items: z.array(CardSchema) }).openapi("BotCardList")),
  },
  errors: [403, 404, 422],
});

const createRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/cards",
  tags,
  summary: "Add a card to a bot (bots.manage)",
  description: `After the others unless \`position\` says otherwise. 422 TOO_MANY_CARDS past ${botLimits.cards}; UNKNOWN_IMAGE on \`imageMediaId\` for what is not an image of the library; 409 BOT_DELETED for a deleted bot.`,
  request: { params: botParams, ...jsonBody(CardCreateSchema) },
  responses: { 201: jsonResponse("The new card", CardSchema) },
  errors: [400, 403, 404, 409, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/cards/{cardId}",
  tags,
  summary: "A card of a bot (bots.read)",
  request: { params: cardParams },
  responses: { 200: jsonResponse("The card", CardSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/bots/{id}/cards/{cardId}",
  tags,
  summary: "Change a card (bots.manage)",
  description: "409 STALE_VERSION after someone else's change; 409 BOT_DELETED for a deleted bot.",
  request: { params: cardParams, ...jsonBody(CardUpdateSchema) },
  responses: { 200: jsonResponse("The card as it is now", CardSchema) },
  errors: [400, 403, 404, 409, 422],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/bots/{id}/cards/{cardId}",
  tags,
  summary: "Delete a card for good (bots.manage)",
  request: { params: cardParams },
  responses: { 204: { description: "Deleted" } },
  errors: [403, 404, 409, 422],
});

export function createBotCardRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const cards = await listBotCards(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.json({ items: cards.map(toJson) }, 200);
    })
    .openapi(createRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const cardId = await createBotCard(c.var.db, actor, id, c.req.valid("json"));
      return c.json(toJson(await getBotCard(c.var.db, actor, id, cardId)), 201);
    })
    .openapi(getRoute, async (c) => {
      const { id, cardId } = c.req.valid("param");
      return c.json(toJson(await getBotCard(c.var.db, c.var.auth.actor, id, cardId)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id, cardId } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, ...changes } = c.req.valid("json");
      await updateBotCard(c.var.db, actor, id, cardId, version, changes);
      return c.json(toJson(await getBotCard(c.var.db, actor, id, cardId)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { id, cardId } = c.req.valid("param");
      await deleteBotCard(c.var.db, c.var.auth.actor, id, cardId);
      return c.body(null, 204);
    });
}
