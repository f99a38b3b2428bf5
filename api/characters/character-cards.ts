import metaPng from "meta-png";
import sharp from "sharp";
import { z } from "zod";
import type { CharacterBook } from "../db/schema";
import { AppError, errorOnFields } from "../errors";
import { maxAvatarBytes } from "../storage/avatars";
import { countLoreKeys, maxLoreKeys } from "./character-lore";

/**
 * Character Card V2 (https://github.com/malfoyslastname/character-card-spec-v2), the format
 * character chat apps exchange personas in: JSON, or a PNG whose `tEXt` chunk `chara` holds the
 * JSON in base64. V1 and V3 cards are read as well; exports are V2. docs/characters.md says how its fields map to a character's.
 */

// A UMD bundle: Node's ES modules see its exports only on the default one.
const { addMetadata, getMetadata } = metaPng;

/** A card file (JSON or PNG) may be at most this large: a PNG's picture becomes an avatar. */
export const maxCardBytes = maxAvatarBytes;

/** What a card's fields may hold at most, in characters. */
export const cardLimits = {
  name: 200,
  text: 50_000,
  greetings: 50,
  tags: 50,
  tag: 50,
  bookEntries: 1_000,
} as const;

const longText = z.string().max(cardLimits.text);
const extensions = z.record(z.string(), z.unknown());

const BookEntrySchema = z.object({
  keys: z.array(z.string().max(500)).max(200),
  content: longText,
  extensions: extensions.default({}),
  enabled: z.boolean().default(true),
  insertion_order: z.number().default(0),
  case_sensitive: z.boolean().optional(),
  name: z.string().max(500).optional(),
  priority: z.number().optional(),
  id: z.number().optional(),
  comment: z.string().max(cardLimits.text).optional(),
  selective: z.boolean().optional(),
  secondary_keys: z.array(z.string().max(500)).max(200).optional(),
  constant: z.boolean().optional(),
  position: z.enum(["before_char", "after_char"]).optional(),
});

export const CharacterBookSchema = z
  .object({
    name: z.string().max(500).optional(),
    description: z.string().max(cardLimits.text).optional(),
    scan_depth: z.number().optional(),
    token_budget: z.number().optional(),
    recursive_scanning: z.boolean().optional(),
    extensions: extensions.default({}),
    entries: z.array(BookEntrySchema).max(cardLimits.bookEntries),
  })
  // Every answer looks for each key (character-lore.ts): their number is what the scan costs.
  .refine((book) => countLoreKeys(book) <= maxLoreKeys, {
    path: ["entries"],
    message: `At most ${maxLoreKeys.toLocaleString("en")} keys and secondary keys in all`,
    params: { code: "TOO_BIG" },
  });

export const CardDataSchema = z.object({
  name: z.string().trim().min(1).max(cardLimits.name),
  description: longText.default(""),
  personality: longText.default(""),
  scenario: longText.default(""),
  first_mes: longText.default(""),
  mes_example: longText.default(""),
  creator_notes: longText.default(""),
  system_prompt: longText.default(""),
  post_history_instructions: longText.default(""),
  alternate_greetings: z.array(longText).max(cardLimits.greetings).default([]),
  character_book: CharacterBookSchema.optional(),
  tags: z.array(z.string().trim().min(1).max(cardLimits.tag)).max(cardLimits.tags).default([]),
  creator: z.string().max(cardLimits.name).default(""),
  character_version: z.string().max(cardLimits.name).default(""),
  extensions: extensions.default({}),
});

export type CardV2 = {
  spec: "chara_card_v2";
  spec_version: "2.0";
  data: z.infer<typeof CardDataSchema>;
};

/** What a card gives a character, in the API's names. */
export type CardFields = {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  firstMessage: string;
  alternateGreetings: string[];
  exampleMessages: string;
  systemPrompt: string;
  postHistoryInstructions: string;
  tags: string[];
  creator: string;
  creatorNotes: string;
  characterVersion: string;
  characterBook: CharacterBook | null;
  extensions: Record<string, unknown>;
  defaultModel: string | null;
  defaultVoice: string | null;
};

/** Where a card keeps what only Qalam knows of a character: its default model and voice. */
const ownExtension = "qalam";

const OwnExtensionSchema = z.object({
  defaultModel: z.string().max(200).nullable().optional(),
  defaultVoice: z.string().max(200).nullable().optional(),
});

/** 422 with `code`, on the `file` field. */
const cardError = (code: string, message: string) =>
  errorOnFields("invalid", code, message, { file: message });

/** The fields of a V1 card, which keeps them flat, without a spec or a `data` object. */
const v1Fields = ["name", "description", "personality", "scenario", "first_mes", "mes_example"];

/**
 * A card's JSON, checked: 422 on `file` when it is not one that can be read. V2 (`chara_card_v2`
 * 2.0) and V3 (`chara_card_v3` 3.x) cards keep their fields in `data`; a V1 card keeps its
 * fields flat. Another spec or version is UNSUPPORTED_CARD_VERSION, naming what the card says; a
 * JSON that is no card at all is NOT_A_CARD.
 */
export function parseCard(value: unknown): CardFields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw cardError("NOT_A_CARD", "Not a character card");
  }
  return fromCardData(cardData(value as Record<string, unknown>));
}

/** The part of a card that holds its fields, whichever of the versions read it is. */
function cardData(card: Record<string, unknown>): unknown {
  if (isV2(card) || isV3(card)) return card.data;
  if (saysVersion(card)) {
    throw cardError(
      "UNSUPPORTED_CARD_VERSION",
      `Only Character Card V1, V2 (spec_version 2.0) and V3 (3.x) are read; this card says ${describeSpec(card)}`,
    );
  }
  if (isV1(card)) return Object.fromEntries(v1Fields.map((field) => [field, card[field]]));
  throw cardError("NOT_A_CARD", "Not a character card");
}

function isV2(card: Record<string, unknown>) {
  return card.spec === "chara_card_v2" && card.spec_version === "2.0";
}

function isV3(card: Record<string, unknown>) {
  return (
    card.spec === "chara_card_v3" &&
    typeof card.spec_version === "string" &&
    /^3(\.\d+)*$/.test(card.spec_version)
  );
}

/** A card that names a spec or a version, or keeps its fields in `data`, is of some version. */
function saysVersion(card: Record<string, unknown>) {
  return card.spec !== undefined || card.spec_version !== undefined || card.data !== undefined;
}

/** A V1 card: a name and at least one of the other V1 texts, flat. */
function isV1(card: Record<string, unknown>) {
  return (
    typeof card.name === "string" &&
    v1Fields.some((field) => field !== "name" && typeof card[field] === "string")
  );
}

/** A card's fields, checked against the limits, in the API's names. */
function fromCardData(value: unknown): CardFields {
  const parsed = CardDataSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "data";
    throw cardError("INVALID_CARD", `The card's ${where} is not valid: ${issue?.message ?? ""}`);
  }
  const { extensions: allExtensions, ...data } = parsed.data;
  const { [ownExtension]: own, ...others } = allExtensions;
  const ours = OwnExtensionSchema.safeParse(own ?? {});
  return {
    name: data.name,
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    firstMessage: data.first_mes,
    alternateGreetings: data.alternate_greetings,
    exampleMessages: data.mes_example,
    systemPrompt: data.system_prompt,
    postHistoryInstructions: data.post_history_instructions,
    tags: [...new Set(data.tags)],
    creator: data.creator,
    creatorNotes: data.creator_notes,
    characterVersion: data.character_version,
    characterBook: (data.character_book as CharacterBook | undefined) ?? null,
    extensions: others,
    defaultModel: ours.success ? (ours.data.defaultModel ?? null) : null,
    defaultVoice: ours.success ? (ours.data.defaultVoice ?? null) : null,
  };
}

function describeSpec(card: { spec?: unknown; spec_version?: unknown }): string {
  if (card.spec === undefined && card.spec_version === undefined) return "no spec or version";
  return `${String(card.spec ?? "no spec")} ${String(card.spec_version ?? "")}`.trim();
}

/** A character as a Card V2. */
export function toCard(character: CardFields): CardV2 {
  const own = {
    ...(character.defaultModel ? { defaultModel: character.defaultModel } : {}),
    ...(character.defaultVoice ? { defaultVoice: character.defaultVoice } : {}),
  };
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name: character.name,
      description: character.description,
      personality: character.personality,
      scenario: character.scenario,
      first_mes: character.firstMessage,
      mes_example: character.exampleMessages,
      creator_notes: character.creatorNotes,
      system_prompt: character.systemPrompt,
      post_history_instructions: character.postHistoryInstructions,
      alternate_greetings: character.alternateGreetings,
      ...(character.characterBook ? { character_book: character.characterBook } : {}),
      tags: character.tags,
      creator: character.creator,
      character_version: character.characterVersion,
      extensions: {
        ...character.extensions,
        ...(Object.keys(own).length ? { [ownExtension]: own } : {}),
      },
    },
  };
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return pngSignature.every((byte, index) => bytes[index] === byte);
}

/** The card a file holds, JSON or PNG; 413 past `maxCardBytes`, 422 on `file` otherwise. */
export function readCardFile(bytes: Uint8Array): CardFields {
  if (bytes.byteLength > maxCardBytes) {
    throw new AppError(
      "too_large",
      "FILE_TOO_LARGE",
      `A character card may be at most ${maxCardBytes / 1024 / 1024} MB.`,
    );
  }
  if (isPng(bytes)) return parseCard(parseJson(pngCardText(bytes)));
  return parseCard(parseJson(new TextDecoder("utf-8", { fatal: false }).decode(bytes)));
}

function pngCardText(bytes: Uint8Array): string {
  let encoded: string | undefined;
  try {
    encoded = getMetadata(bytes, "chara");
  } catch {
    throw cardError("INVALID_IMAGE", "This PNG cannot be read");
  }
  if (!encoded) throw cardError("NO_CARD", "This PNG carries no character card");
  const decoded = Buffer.from(encoded, "base64");
  if (decoded.byteLength === 0) throw cardError("NOT_A_CARD", "Not a character card");
  return decoded.toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw cardError("NOT_A_CARD", "Neither a card's JSON nor a PNG with one");
  }
}

/** Square PNG exports are this many pixels wide. */
const exportSize = 512;

/**
 * The card as a PNG: the character's avatar (any image sharp reads), or a plain square without
 * one, with the card in its `chara` text chunk.
 */
export async function cardPng(card: CardV2, avatar: Uint8Array | null): Promise<Uint8Array> {
  const image = avatar
    ? sharp(avatar).resize(exportSize, exportSize, { fit: "cover" })
    : sharp({
        create: {
          width: exportSize,
          height: exportSize,
          channels: 3,
          background: { r: 79, g: 70, b: 229 },
        },
      });
  const png = new Uint8Array(await image.png().toBuffer());
  const encoded = Buffer.from(JSON.stringify(card), "utf8").toString("base64");
  return addMetadata(png, "chara", encoded);
}
