import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { imageTypes, maxImageBytes } from "./images";
import { errorMessage, optionalText, requiredText } from "./validation";

export type Character = ApiSchema<"Character">;
export type CharacterVisibility = Character["visibility"];
type BookEntry = NonNullable<Character["characterBook"]>["entries"][number];

export const characterVisibilities = [
  "private",
  "organization",
] as const satisfies readonly CharacterVisibility[];

/** The list's sort orders; "relevance" only while searching (the API's default then). */
export const characterSorts = ["relevance", "name", "-updated"] as const;
export type CharacterSort = (typeof characterSorts)[number];

/** What a character may hold at most, as the API counts it (docs/characters.md). */
export const characterLimits = {
  name: 200,
  text: 50_000,
  greetings: 50,
  tags: 50,
  tag: 50,
  bookEntries: 1_000,
  /** The keys of all a lorebook's entries together, as the API counts them (maxLoreKeys). */
  bookKeys: 2_000,
  keys: 200,
  key: 500,
  model: 200,
} as const;

/** Card files the import takes: a card's JSON, or a PNG that carries one. */
export const cardFileTypes = [".json", ".png", "application/json", "image/png"] as const;

/**
 * A card's text as a reader sees it outside a chat: `{{char}}` (or the older `<BOT>`) becomes the
 * character's name and `{{user}}` (`<USER>`) the reader, as the chat fills them in for the model.
 */
export function fillCardNames(text: string, names: { char: string; user: string }) {
  return text
    .replace(/\{\{char\}\}|<BOT>/gi, names.char)
    .replace(/\{\{user\}\}|<USER>/gi, names.user);
}

/**
 * The pieces a search split a card's text into, each with the names filled in; a placeholder that
 * a match cut in two is left as the search marked it.
 */
export function fillSegmentNames<T extends { text: string }>(
  segments: T[] | null | undefined,
  names: { char: string; user: string },
) {
  return segments?.map((segment) => ({ ...segment, text: fillCardNames(segment.text, names) }));
}

/**
 * A list as typed: separated by commas (Latin or Arabic), each item trimmed, repeats dropped.
 * Tags and a lorebook entry's keys are typed this way.
 */
export function splitList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? "")
        .split(/[,،]/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

const longText = () => optionalText(characterLimits.text, { multiline: true });

/** A model or voice id, as the API takes them: letters, digits and . _ : / @ + - only. */
const modelId = () =>
  optionalText(characterLimits.model).refine(
    (value) => /^[\w.:/@+-]*$/.test(value),
    "characters:errors.modelFormat",
  );

const BookEntryFields = z.object({
  /** The entry's place in the lorebook the form was opened on: its other fields are kept. */
  source: z.coerce.number().int().min(0).optional(),
  keys: optionalText(4_000)
    .refine((value) => splitList(value).length <= characterLimits.keys, "invalid")
    .refine(
      (value) => splitList(value).every((key) => key.length <= characterLimits.key),
      errorMessage("tagTooLong", { count: characterLimits.key }),
    ),
  content: longText(),
  enabled: z.boolean().optional(),
});

/** The create and edit form: a Character Card V2's fields, the avatar, and who sees it. */
export const CharacterFields = z.object({
  name: requiredText(characterLimits.name),
  description: longText(),
  personality: longText(),
  scenario: longText(),
  firstMessage: longText(),
  alternateGreetings: z
    .array(longText())
    .max(
      characterLimits.greetings,
      errorMessage("characters:errors.tooManyGreetings", { count: characterLimits.greetings }),
    )
    .optional()
    .transform((value) => value ?? []),
  exampleMessages: longText(),
  systemPrompt: longText(),
  postHistoryInstructions: longText(),
  tags: optionalText(3_000)
    .refine((value) => !value.includes(";"), "characters:errors.tagSeparator")
    .refine(
      (value) => splitList(value).length <= characterLimits.tags,
      errorMessage("characters:errors.tooManyTags", { count: characterLimits.tags }),
    )
    .refine(
      (value) => splitList(value).every((tag) => tag.length <= characterLimits.tag),
      errorMessage("tagTooLong", { count: characterLimits.tag }),
    ),
  creator: optionalText(characterLimits.name),
  characterVersion: optionalText(characterLimits.name),
  creatorNotes: longText(),
  book: z
    .array(BookEntryFields)
    .max(
      characterLimits.bookEntries,
      errorMessage("characters:errors.tooManyEntries", { count: characterLimits.bookEntries }),
    )
    .refine(
      (entries) =>
        entries.reduce((sum, entry) => sum + splitList(entry.keys).length, 0) <=
        characterLimits.bookKeys,
      errorMessage("characters:errors.tooManyKeys", { count: characterLimits.bookKeys }),
    )
    .optional()
    .transform((value) => value ?? []),
  defaultModel: modelId(),
  defaultVoice: modelId(),
  visibility: z.enum(characterVisibilities, "invalid"),
  version: z.coerce.number().int().optional(),
  /**
   * What the browser checks of an avatar before sending it, checked again here for a form sent
   * without JavaScript; its content is the API's to judge.
   */
  avatar: z
    .file()
    .mime([...imageTypes], "invalidImage")
    .max(maxImageBytes, "fileTooLarge")
    .optional(),
  removeAvatar: z.literal("true").optional(),
});

export type CharacterFormValues = z.infer<typeof CharacterFields>;

/** A clone, optionally under another name. */
export const CloneFields = z.object({ name: optionalText(characterLimits.name) });

/** The import form: one card file (its content is the API's to judge). */
export const ImportFields = z.object({
  file: z.file("characters:errors.chooseFile"),
});

/** The API's codes of a refused import, as the page explains them (characters:errors.*). */
export const importErrorKeys: Record<string, string> = {
  NO_CARD: "characters:errors.noCard",
  UNSUPPORTED_CARD_VERSION: "characters:errors.unsupportedVersion",
  INVALID_CARD: "characters:errors.invalidCard",
  NOT_A_CARD: "characters:errors.notACard",
  INVALID_IMAGE: "characters:errors.invalidCard",
  FILE_TOO_LARGE: "fileTooLarge",
  PAYLOAD_TOO_LARGE: "fileTooLarge",
  REQUIRED: "characters:errors.chooseFile",
};

/** The answer to the create or edit form. */
export type CharacterFormAnswer = {
  intent: "create" | "update";
  result: SubmissionResult<string[]>;
  /** The edit was made on an older version: someone else saved meanwhile. */
  stale?: boolean;
  /** The version the form is now on: its fields were saved, and then its avatar refused. */
  version?: number;
};

/** The answers of the page's other forms. */
export type CharacterActionAnswer =
  | CharacterFormAnswer
  | { intent: "import" | "clone"; result: SubmissionResult<string[]> }
  /** A refused action of the panel or a card: a message key of `characters`. */
  | { intent: "share" | "chat" | "restore"; error: string };

/** The form's starting values: a character's, or an empty one's. */
export function characterDefaults(character?: Character) {
  if (!character) {
    return { visibility: "private", alternateGreetings: [], book: [] };
  }
  return {
    name: character.name,
    description: character.description,
    personality: character.personality,
    scenario: character.scenario,
    firstMessage: character.firstMessage,
    alternateGreetings: character.alternateGreetings,
    exampleMessages: character.exampleMessages,
    systemPrompt: character.systemPrompt,
    postHistoryInstructions: character.postHistoryInstructions,
    tags: character.tags.join(", "),
    creator: character.creator,
    characterVersion: character.characterVersion,
    creatorNotes: character.creatorNotes,
    book: (character.characterBook?.entries ?? []).map((entry, index) => ({
      source: String(index),
      keys: entry.keys.join(", "),
      content: entry.content,
      enabled: entry.enabled !== false,
    })),
    defaultModel: character.defaultModel ?? "",
    defaultVoice: character.defaultVoice ?? "",
    visibility: character.visibility,
  };
}

/**
 * The lorebook the form describes: each entry it kept takes its other fields (order, priority,
 * extensions…) from the one it was opened on; a new entry gets the spec's defaults. Null when
 * there was none and none is added.
 */
export function characterBookOf(
  entries: CharacterFormValues["book"],
  current: Character["characterBook"] | undefined,
): Character["characterBook"] {
  const kept = entries.filter((entry) => entry.keys || entry.content);
  if (!current && kept.length === 0) return null;
  const before = current?.entries ?? [];
  return {
    ...(current ?? { extensions: {} }),
    entries: kept.map((entry, index): BookEntry => {
      const original = entry.source !== undefined ? before[entry.source] : undefined;
      return {
        ...(original ?? { extensions: {}, insertion_order: index }),
        keys: splitList(entry.keys),
        content: entry.content,
        enabled: entry.enabled === true,
      };
    }),
  };
}
