import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { jsonBody, jsonResponse, protectedRoute } from "../http/schemas";
import { BotSchema, botToJson } from "./bots.routes";
import { type CurrentBotView, getCurrentBot, setCurrentBot } from "./current-bot";

const tags = ["Bots"];

const CurrentBotSchema = z
  .object({
    bot: BotSchema.nullable().openapi({
      description: "The bot x-bot's pages show; null while the organization has none",
    }),
    chosen: z.boolean().openapi({
      description: "Whether the member chose it; false: the organization's first bot stands in",
    }),
  })
  .openapi("CurrentBot");

const toJson = (current: CurrentBotView) => ({
  bot: current.bot ? botToJson(current.bot) : null,
  chosen: current.chosen,
});

const getRoute = protectedRoute({
  method: "get",
  path: "/user/current-bot",
  tags,
  summary: "The caller's current bot in their current organization (bots.read)",
  description:
    "Each member has one per organization, as they have a current organization: the one they " +
    "chose while it is not deleted, else the organization's oldest bot.",
  responses: { 200: jsonResponse("The current bot", CurrentBotSchema) },
  errors: [403],
});

const putRoute = protectedRoute({
  method: "put",
  path: "/user/current-bot",
  tags,
  summary: "Choose the caller's current bot (bots.read)",
  description: "422 UNKNOWN_BOT on `botId` for anything but a bot of the organization not deleted.",
  request: jsonBody(z.object({ botId: z.uuid("Not a bot id") }).openapi("CurrentBotChoice")),
  responses: { 200: jsonResponse("The current bot", CurrentBotSchema) },
  errors: [400, 403, 422],
});

export function createCurrentBotRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getRoute, async (c) => {
      return c.json(toJson(await getCurrentBot(c.var.db, c.var.auth.actor)), 200);
    })
    .openapi(putRoute, async (c) => {
      const { botId } = c.req.valid("json");
      return c.json(toJson(await setCurrentBot(c.var.db, c.var.auth.actor, botId)), 200);
    });
}
