/**
 * The public chat API the widget speaks, under `/api/v1/public/bots/{publicId}`
 * (docs/x-bot-widget.md).
 */

import type { components } from "../app/lib/api/schema";

/** The shapes of the public chat API, from its OpenAPI document (types only: nothing is bundled). */
type Schemas = components["schemas"];

/** `GET /`: what a visitor's browser may know of the bot. `appearance` is the bot's as stored. */
export type BotPublicConfig = Schemas["BotPublicConfig"];
export type Appearance = BotPublicConfig["appearance"];
export type BotLanguage = BotPublicConfig["language"];
export type FontChoice = Appearance["font"];

/** `POST /conversations` → 201, with the signed visitor token sent back as `Authorization: Bearer`. */
export type ConversationStarted = Schemas["BotConversationStarted"];
export type Identity = Schemas["BotVisitorIdentity"];

/** An item of `GET /conversations/{id}/messages`. */
export type PublicMessage = Schemas["BotPublicMessage"];
export type Role = PublicMessage["role"];
export type MessageStatus = PublicMessage["status"];
export type Rating = NonNullable<PublicMessage["rating"]>;
/** A message card the model showed with an answer (`data-card` in the stream, `cards` when read). */
export type PublicCard = Schemas["BotPublicCard"];
/** A source of the bot's knowledge that an answer cites (`data-sources`, `sources` when read). */
export type AnswerSource = Schemas["BotAnswerSource"];

/** The API's error shape (decision 002). */
export type ApiErrorBody = {
  error?: {
    code?: string;
    message?: string;
    fields?: Record<string, string>;
    fieldCodes?: Record<string, string>;
  };
};
