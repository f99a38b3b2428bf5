import { OpenAPIHono, z } from "@hono/zod-openapi";
import { characterVisibilities } from "../db/schema";
import { validationFailed } from "../errors";
import { attachment } from "../http/attachment";
import type { AppEnv } from "../http/env";
import { ErrorSchema, validationHook } from "../http/errors";
import { acceptMultipartForm, chosenFile } from "../http/multipart";
import { binRoutes, queryFlag, searchWords } from "../http/record-routes";
import {
  countedPageOf,
  jsonBody,
  jsonResponse,
  multipartFile,
  optionalString,
  pagedQuery,
  protectedRoute,
  requiredString,
  text,
} from "../http/schemas";
import { permissionFirst } from "../organizations/permission-first";
import { maxAvatarBytes } from "../storage/avatars";
import { CharacterBookSchema, cardLimits, maxCardBytes } from "./character-cards";
import {
  type CharacterView,
  characterCard,
  characterCardPng,
  characterRestoreDays,
  characterSorts,
  chatWithCharacter,
  cloneCharacter,
  createCharacter,
  deleteCharacter,
  getCharacter,
  importCharacter,
  latestChatWith,
  listCharacters,
  readerName,
  restoreCharacter,
  setCharacterAvatar,
  updateCharacter,
} from "./characters";

const tags = ["Characters"];

const SegmentsSchema = z.array(z.object({ text: z.string(), match: z.boolean() })).nullable();
const idParams = z.object({ id: z.uuid("Not a character id") });

const longText = () => optionalString({ max: cardLimits.text, multiline: true });
const modelId = () =>
  optionalString({ max: 200 })
    .regex(/^[\w.:/@+-]*$/, "Letters, digits and . _ : / @ + - only")
    .nullable()
    .transform((value) => value || null);

const cardShape = {
  name: z.string(),
  description: z.string(),
  personality: z.string(),
  scenario: z.string(),
  firstMessage: z.string().openapi({ description: "The greeting a chat starts with (first_mes)" }),
  alternateGreetings: z.array(z.string()),
  exampleMessages: z.string().openapi({ description: "Example dialogue (mes_example)" }),
  systemPrompt: z.string(),
  postHistoryInstructions: z.string(),
  tags: z.array(z.string()),
  creator: z.string(),
  creatorNotes: z.string(),
  characterVersion: z.string(),
  characterBook: CharacterBookSchema.nullable().openapi({
    description: "The card's lorebook (character_book), with the spec's own field names",
  }),
  extensions: z
    .record(z.string(), z.unknown())
    .openapi({ description: "The card's extensions, kept as they came" }),
  defaultModel: z.string().nullable().openapi({
    description: "A model of the organization's chat provider for the character's chats",
  }),
  defaultVoice: z.string().nullable().openapi({ description: "A voice of the audio creator" }),
};

const CharacterSchema = z
  .object({
    id: z.uuid(),
    ...cardShape,
    visibility: z.enum(characterVisibilities).openapi({
      description:
        "private: its author's alone; organization: every member with characters.read sees it " +
        "(only its author changes it; others may clone it)",
    }),
    author: z.object({ id: z.uuid(), name: z.string() }),
    mine: z.boolean().openapi({ description: "The caller wrote it, and may change it" }),
    avatarUrl: z.string().nullable(),
    version: z.int().openapi({ description: "Send it back with a change (409 STALE_VERSION)" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deletedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: `Set while deleted; restorable for ${characterRestoreDays} days` }),
    highlights: z
      .object({ name: SegmentsSchema, description: SegmentsSchema })
      .optional()
      .openapi({ description: "With a search: where it matched" }),
  })
  .openapi("Character");

const tagList = z
  .array(
    requiredString({ max: cardLimits.tag }).regex(/^[^,;،]+$/, "No commas or semicolons in a tag"),
  )
  .max(cardLimits.tags, `At most ${cardLimits.tags} tags`)
  .transform((values) => [...new Set(values)]);

/** A character's fields as a change takes them: without defaults, so that what a change leaves out stays. */
const characterFields = {
  name: requiredString({ max: cardLimits.name }).openapi({ example: "مرشدة المتحف" }),
  description: longText(),
  personality: longText(),
  scenario: longText(),
  firstMessage: longText(),
  alternateGreetings: z
    .array(longText())
    .max(cardLimits.greetings, `At most ${cardLimits.greetings} greetings`),
  exampleMessages: longText(),
  systemPrompt: longText(),
  postHistoryInstructions: longText(),
  tags: tagList,
  creator: optionalString({ max: cardLimits.name }),
  creatorNotes: longText(),
  characterVersion: optionalString({ max: cardLimits.name }),
  characterBook: CharacterBookSchema.nullable(),
  extensions: z.record(z.string(), z.unknown()),
  defaultModel: modelId(),
  defaultVoice: modelId(),
  visibility: z.enum(characterVisibilities),
};

const CharacterCreateSchema = z
  .object({
    ...characterFields,
    description: characterFields.description.default(""),
    personality: characterFields.personality.default(""),
    scenario: characterFields.scenario.default(""),
    firstMessage: characterFields.firstMessage.default(""),
    alternateGreetings: characterFields.alternateGreetings.default([]),
    exampleMessages: characterFields.exampleMessages.default(""),
    systemPrompt: characterFields.systemPrompt.default(""),
    postHistoryInstructions: characterFields.postHistoryInstructions.default(""),
    tags: characterFields.tags.default([]),
    creator: characterFields.creator.default(""),
    creatorNotes: characterFields.creatorNotes.default(""),
    characterVersion: characterFields.characterVersion.default(""),
    characterBook: characterFields.characterBook.default(null),
    extensions: characterFields.extensions.default({}),
    defaultModel: characterFields.defaultModel.default(null),
    defaultVoice: characterFields.defaultVoice.default(null),
    visibility: characterFields.visibility.default("private"),
  })
  .openapi("CharacterCreate");

const CharacterUpdateSchema = z
  .object(characterFields)
  .partial()
  .extend({
    version: z.int().min(1).openapi({ description: "The version the change is made on" }),
  })
  .openapi("CharacterUpdate");

const listRoute = protectedRoute({
  method: "get",
  path: "/characters",
  tags,
  summary: "The characters the caller may see: their own and those shared (characters.read)",
  request: {
    query: pagedQuery().extend({
      q: searchWords().openapi({
        description: "Full-text search of names, tags, descriptions and notes, English and Arabic",
      }),
      tag: text().trim().max(cardLimits.tag).optional(),
      mine: queryFlag().openapi({ description: "Only the caller's own" }),
      deleted: queryFlag().openapi({
        description: "The caller's deleted characters, while restorable",
      }),
      sort: z.enum(characterSorts).optional().openapi({
        description: "Default: relevance with a search, else name",
      }),
    }),
  },
  responses: {
    200: jsonResponse("One page of characters", countedPageOf(CharacterSchema, "CharacterList")),
  },
  errors: [403, 422],
});

const createCharacterRoute = protectedRoute({
  method: "post",
  path: "/characters",
  tags,
  summary: "A new character of the caller's (characters.write)",
  description:
    "422 MODEL_NOT_ALLOWED on `defaultModel` for a model of the deployment's provider that it " +
    "does not list (AI_CHAT_MODELS); an organization's own provider takes any of its models.",
  request: jsonBody(CharacterCreateSchema),
  responses: { 201: jsonResponse("The new character", CharacterSchema) },
  errors: [400, 403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/characters/{id}",
  tags,
  summary: "A character the caller may see (characters.read)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The character", CharacterSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/characters/{id}",
  tags,
  summary: "Change a character of the caller's (characters.write)",
  description:
    "403 for someone else's shared character (clone it instead); 409 STALE_VERSION when it " +
    "changed since `version`; 409 CHARACTER_DELETED; 422 MODEL_NOT_ALLOWED on `defaultModel` " +
    "as POST /characters says.",
  request: { params: idParams, ...jsonBody(CharacterUpdateSchema) },
  responses: { 200: jsonResponse("The character as it is now", CharacterSchema) },
  errors: [400, 403, 404, 409, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/characters",
  tags,
  idParams,
  schema: CharacterSchema,
  name: "character",
  deleteSummary: `Delete a character of the caller's, restorable for ${characterRestoreDays} days (characters.write)`,
  restoreSummary: "Bring a deleted character of the caller's back (characters.write)",
});

const cloneRoute = protectedRoute({
  method: "post",
  path: "/characters/{id}/clone",
  tags,
  summary: "A private copy for the caller of a character they may see (characters.write)",
  request: {
    params: idParams,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z
            .object({
              name: optionalString({ max: cardLimits.name })
                .optional()
                .openapi({ description: "Default: the original's name" }),
            })
            .openapi("CharacterClone"),
        },
      },
    },
  },
  responses: { 201: jsonResponse("The copy", CharacterSchema) },
  errors: [400, 403, 404, 422],
});

const chatRoute = protectedRoute({
  method: "post",
  path: "/characters/{id}/chat",
  tags,
  summary: "Chat with a character: a new thread of the caller's, or their latest (threads.write)",
  description:
    "The thread is titled with the character's name and takes the character's instructions " +
    "(its system prompt, description, personality, scenario and example dialogue, with {{char}} " +
    "and {{user}} filled in) and its default model, and opens with its greeting: `greeting` 0 " +
    "is the first message, 1 and on the alternate greetings (422 UNKNOWN_GREETING past them); " +
    "the other greetings are the greeting's versions. With `resume: true`, the caller's latest " +
    "thread with the character that is neither deleted nor archived is answered instead (200), " +
    "when there is one.",
  request: {
    params: idParams,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z
            .object({
              greeting: z.int().min(0, "At least 0").optional(),
              resume: z.boolean("true or false").optional().openapi({
                description: "true: continue the caller's latest chat with it, if any",
              }),
            })
            .openapi("CharacterChat"),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(
      "The caller's latest chat with the character (`resume`)",
      z.object({ threadId: z.int().openapi({ description: "GET /threads/{id}" }) }),
    ),
    201: jsonResponse(
      "The new thread",
      z.object({ threadId: z.int().openapi({ description: "GET /threads/{id}" }) }),
    ),
  },
  errors: [400, 403, 404, 422],
});

const avatarRoute = protectedRoute({
  method: "put",
  path: "/characters/{id}/avatar",
  tags,
  summary: "Set a character's avatar (characters.write)",
  description:
    "Read like a user's avatar: PNG, JPEG or WebP, at most 5 MB and 4096×4096 pixels, stored as " +
    "a WebP of at most 512×512 without its metadata.",
  middleware: [
    permissionFirst("characters.write"),
    acceptMultipartForm(maxAvatarBytes + 64 * 1024),
  ] as const,
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ avatar: multipartFile("The image") }).openapi("CharacterAvatar"),
        },
      },
    },
  },
  responses: {
    200: jsonResponse("The character with its avatar", CharacterSchema),
    413: {
      description: "Larger than 5 MB",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
  errors: [400, 403, 404, 409, 415, 422],
});

const removeAvatarRoute = protectedRoute({
  method: "delete",
  path: "/characters/{id}/avatar",
  tags,
  summary: "Take a character's avatar away (characters.write)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The character without an avatar", CharacterSchema) },
  errors: [403, 404, 409, 422],
});

const importRoute = protectedRoute({
  method: "post",
  path: "/characters/import",
  tags,
  summary:
    "A new private character from a Character Card V1, V2 or V3, JSON or PNG (characters.write)",
  description:
    `At most ${maxCardBytes / 1024 / 1024} MB (413 FILE_TOO_LARGE). A PNG carries the card in ` +
    "its `chara` text chunk, and its picture becomes the avatar. 422 on `file`: NO_CARD for a " +
    "PNG without a card, UNSUPPORTED_CARD_VERSION for a card of another spec or version than " +
    "V1 (flat fields), chara_card_v2 2.0 or chara_card_v3 3.x, NOT_A_CARD for a file that is " +
    "not a card at all, INVALID_CARD for a card whose fields are not valid.",
  middleware: [
    permissionFirst("characters.write"),
    acceptMultipartForm(maxCardBytes + 64 * 1024),
  ] as const,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z
            .object({ file: multipartFile("The card, .json or .png") })
            .openapi("CharacterImport"),
        },
      },
    },
  },
  responses: {
    201: jsonResponse("The new character", CharacterSchema),
    413: {
      description: "Larger than the limit",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
  errors: [400, 403, 415, 422],
});

const exportRoute = protectedRoute({
  method: "get",
  path: "/characters/{id}/export",
  tags,
  summary: "A character as a Character Card V2, JSON or PNG (characters.read)",
  description:
    "The PNG is the avatar (or a plain square) with the card in its `chara` text chunk. The " +
    "default model and voice travel in the card's `extensions.qalam`.",
  request: {
    params: idParams,
    query: z.object({ format: z.enum(["json", "png"], { error: "One of json, png" }) }),
  },
  responses: {
    200: {
      description: "The card",
      content: {
        "application/json": { schema: z.object({}).passthrough() },
        "image/png": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
  },
  errors: [403, 404, 422],
});

function toJson(character: CharacterView) {
  return {
    ...character,
    createdAt: character.createdAt.toISOString(),
    updatedAt: character.updatedAt.toISOString(),
    deletedAt: character.deletedAt?.toISOString() ?? null,
  };
}

const fileRequired = (field: string) =>
  validationFailed({ [field]: { code: "REQUIRED", message: "Choose a file" } });

export function createCharacterRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listCharacters(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(toJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createCharacterRoute, async (c) => {
      const { actor } = c.var.auth;
      const body = c.req.valid("json");
      const id = await createCharacter({ db: c.var.db, ai: c.var.ai }, actor, body);
      return c.json(toJson(await getCharacter(c.var.db, actor, id)), 201);
    })
    .openapi(importRoute, async (c) => {
      const { actor } = c.var.auth;
      const file = chosenFile(c.req.valid("form").file);
      if (!file) throw fileRequired("file");
      const bytes = new Uint8Array(await file.arrayBuffer());
      const id = await importCharacter(c.var.db, c.var.storage, actor, bytes);
      return c.json(toJson(await getCharacter(c.var.db, actor, id)), 201);
    })
    .openapi(getRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(toJson(await getCharacter(c.var.db, c.var.auth.actor, id)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, ...changes } = c.req.valid("json");
      await updateCharacter({ db: c.var.db, ai: c.var.ai }, actor, id, version, changes);
      return c.json(toJson(await getCharacter(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteCharacter(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreCharacter(c.var.db, actor, id);
      return c.json(toJson(await getCharacter(c.var.db, actor, id)), 200);
    })
    .openapi(cloneRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const name = c.req.valid("json")?.name;
      const copy = await cloneCharacter(c.var.db, c.var.storage, actor, id, name);
      return c.json(toJson(await getCharacter(c.var.db, actor, copy)), 201);
    })
    .openapi(chatRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor, user } = c.var.auth;
      const body = c.req.valid("json");
      if (body?.resume) {
        const latest = await latestChatWith(c.var.db, actor, id);
        if (latest !== null) return c.json({ threadId: latest }, 200);
      }
      const name = readerName(user);
      const threadId = await chatWithCharacter(c.var.db, actor, id, name, body?.greeting);
      return c.json({ threadId }, 201);
    })
    .openapi(avatarRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const file = chosenFile(c.req.valid("form").avatar);
      if (!file) throw fileRequired("avatar");
      const bytes = new Uint8Array(await file.arrayBuffer());
      await setCharacterAvatar(c.var.db, c.var.storage, actor, id, bytes);
      return c.json(toJson(await getCharacter(c.var.db, actor, id)), 200);
    })
    .openapi(removeAvatarRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await setCharacterAvatar(c.var.db, c.var.storage, actor, id, null);
      return c.json(toJson(await getCharacter(c.var.db, actor, id)), 200);
    })
    .openapi(exportRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { format } = c.req.valid("query");
      const { actor } = c.var.auth;
      const headers = { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" };
      if (format === "json") {
        const card = await characterCard(c.var.db, actor, id);
        return c.body(JSON.stringify(card, null, 2), 200, {
          ...headers,
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": attachment(card.data.name, "json", "character"),
        });
      }
      const { name, png } = await characterCardPng(c.var.db, c.var.storage, actor, id);
      return c.body(new Uint8Array(png), 200, {
        ...headers,
        "Content-Type": "image/png",
        "Content-Disposition": attachment(name, "png", "character"),
      });
    });
}
