import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AiServices } from "../ai/ai-models";
import { checkChatModel } from "../ai/model-choice";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
import { type CountedTotal, countMatches } from "../db/paging";
import { inBin, restorable, visibleTo } from "../db/records";
import { type Character, type CharacterVisibility, characters, threads, users } from "../db/schema";
import { highlightMatches, type TextSegment } from "../db/search";
import { conflict, errorOnFields, forbidden, notFound, staleVersion } from "../errors";
import { publishAuthoredChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { avatarKeyOf, avatarUrlOf, deleteAvatarFiles, saveAvatar } from "../storage/avatars";
import type { Storage } from "../storage/storage";
import { insertThread, maxSystemPrompt, maxThreadTitle } from "../threads/threads";
import {
  type CardFields,
  type CardV2,
  cardPng,
  isPng,
  readCardFile,
  toCard,
} from "./character-cards";

/** How long a deleted character can be restored (days). */
export const characterRestoreDays = 30;

export type CharacterInput = CardFields & { visibility: CharacterVisibility };

export type CharacterView = Omit<Character, "search" | "organizationId" | "authorId"> & {
  author: { id: string; name: string };
  /** The caller wrote it: they may change and delete it. */
  mine: boolean;
  highlights?: { name: TextSegment[] | null; description: TextSegment[] | null };
};

export const characterSorts = ["name", "-updated"] as const;

export type CharacterQuery = {
  page: number;
  pageSize: number;
  q?: string;
  tag?: string;
  /** Only the caller's own. */
  mine?: boolean;
  /** The caller's deleted characters, while they can be restored. */
  deleted?: boolean;
  sort?: (typeof characterSorts)[number];
};

const authorName = fullName(users);

function toView(
  row: { character: Character; authorName: string },
  actor: OrganizationActor,
  q?: string,
): CharacterView {
  const {
    search: _search,
    organizationId: _organizationId,
    authorId,
    ...character
  } = row.character;
  return {
    ...character,
    author: { id: authorId, name: row.authorName },
    mine: authorId === actor.userId,
    ...(q
      ? {
          highlights: {
            name: highlightMatches(character.name, q),
            description: highlightMatches(character.description, q, 160),
          },
        }
      : {}),
  };
}

/** The characters the actor may read, paged; a search matches names, tags and descriptions. */
export async function listCharacters(
  db: Database,
  actor: Actor,
  query: CharacterQuery,
): Promise<{ items: CharacterView[] } & CountedTotal> {
  requirePermission(actor, "characters.read");
  const q = query.q?.trim() || undefined;
  const where = and(
    query.deleted
      ? and(
          eq(characters.organizationId, actor.organizationId),
          eq(characters.authorId, actor.userId),
          inBin(characters.deletedAt, characterRestoreDays),
        )
      : and(visibleTo(actor, characters), isNull(characters.deletedAt)),
    q ? sql`${characters.search} @@ qalam_search_query(${q})` : undefined,
    query.tag ? sql`${characters.tags} @> array[${query.tag}]::text[]` : undefined,
    query.mine ? eq(characters.authorId, actor.userId) : undefined,
  );
  const byName = [asc(sql`lower(${characters.name})`), asc(characters.id)];
  const order: SQL[] =
    query.sort === "-updated"
      ? [desc(characters.updatedAt), desc(characters.id)]
      : q && !query.sort
        ? [desc(sql`ts_rank(${characters.search}, qalam_search_query(${q}))`), ...byName]
        : byName;
  const [rows, counted] = await Promise.all([
    db
      .select({ character: characters, authorName })
      .from(characters)
      .innerJoin(users, eq(users.id, characters.authorId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countMatches(db, characters, where, { ...query, q }),
  ]);
  return { items: rows.map((row) => toView(row, actor, q)), ...counted };
}

/** A character the actor may read, a deleted one of theirs while restorable; else 404. */
export async function getCharacter(db: Database, actor: Actor, id: string): Promise<CharacterView> {
  requirePermission(actor, "characters.read");
  const [row] = await db
    .select({ character: characters, authorName })
    .from(characters)
    .innerJoin(users, eq(users.id, characters.authorId))
    .where(and(eq(characters.id, id), visibleTo(actor, characters)));
  if (!row || !visible(row.character, actor)) throw notFound("No such character.");
  return toView(row, actor);
}

/** Others see a shared character until it is deleted; its author sees it in the bin too. */
function visible(character: Character, actor: OrganizationActor) {
  return character.authorId === actor.userId || character.deletedAt === null;
}

/** What the character services that check a chosen model need: the database and the AI models. */
export type CharacterServices = { db: Database; ai: AiServices };

/**
 * A new character of the actor's (characters.write), its default model checked as it is saved:
 * 422 MODEL_NOT_ALLOWED on `defaultModel` for a model the deployment does not offer.
 */
export async function createCharacter(
  services: CharacterServices,
  actor: Actor,
  input: CharacterInput,
): Promise<string> {
  await checkChatModel(services, actor, "characters.write", {
    modelId: input.defaultModel,
    field: "defaultModel",
  });
  return insertCharacter(services.db, actor, input);
}

/**
 * A new character of the actor's (characters.write) as given: a copy or an imported card keeps
 * the default model it has, which a chat checks again when it uses it.
 */
async function insertCharacter(
  db: Database,
  actor: Actor,
  input: CharacterInput & { avatarUrl?: string | null },
): Promise<string> {
  requirePermission(actor, "characters.write");
  return db.transaction(async (tx) => {
    const [character] = await tx
      .insert(characters)
      .values({ ...input, organizationId: actor.organizationId, authorId: actor.userId })
      .returning();
    if (!character) throw new Error("insert into characters returned no row");
    await publishAuthoredChange(tx, actor, "character.created", character);
    return character.id;
  });
}

/**
 * The actor's own character, locked for a change (in a transaction): 404 when they cannot see
 * it, 403 when it is someone else's shared one (only its author changes it).
 */
async function lockOwnCharacter(
  tx: Database,
  actor: OrganizationActor,
  id: string,
  { lock = true } = {},
) {
  const query = tx
    .select()
    .from(characters)
    .where(and(eq(characters.id, id), visibleTo(actor, characters)));
  const [character] = lock ? await query.for("update") : await query;
  if (!character || !visible(character, actor)) throw notFound("No such character.");
  if (character.authorId !== actor.userId) {
    throw forbidden("Only the author of a character changes it; you may clone it.");
  }
  return character;
}

const characterDeleted = () => conflict("CHARACTER_DELETED", "This character was deleted.");

/**
 * Changes a character of the actor's made on `version`: another change since is 409. A new
 * default model is checked as it is saved (422 MODEL_NOT_ALLOWED on `defaultModel`).
 */
export async function updateCharacter(
  services: CharacterServices,
  actor: Actor,
  id: string,
  version: number,
  changes: Partial<CharacterInput>,
): Promise<void> {
  requirePermission(actor, "characters.write");
  await checkChatModel(services, actor, "characters.write", {
    modelId: changes.defaultModel,
    field: "defaultModel",
  });
  const { db } = services;
  await db.transaction(async (tx) => {
    const current = await lockOwnCharacter(tx, actor, id);
    if (current.deletedAt) throw characterDeleted();
    if (current.version !== version) {
      throw staleVersion(
        "Someone changed this character since you opened it. Reload it to see the changes.",
      );
    }
    const [character] = await tx
      .update(characters)
      .set({ ...changes, version: sql`${characters.version} + 1` })
      .where(eq(characters.id, id))
      .returning();
    if (character) {
      await publishAuthoredChange(tx, actor, "character.updated", character, current);
    }
  });
}

/** Sets the avatar of a character of the actor's, or takes it away with `null`. */
export async function setCharacterAvatar(
  db: Database,
  storage: Storage,
  actor: Actor,
  id: string,
  avatar: Uint8Array | null,
): Promise<void> {
  requirePermission(actor, "characters.write");
  // Refused before an image is decoded and stored for it.
  const found = await lockOwnCharacter(db, actor, id, { lock: false });
  if (found.deletedAt) throw characterDeleted();
  const newKey = avatar ? await saveAvatar(storage, avatar) : null;
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const current = await lockOwnCharacter(tx, actor, id);
      if (current.deletedAt) throw characterDeleted();
      const avatarUrl = newKey ? avatarUrlOf(newKey) : null;
      if (current.avatarUrl === avatarUrl) return;
      const [character] = await tx
        .update(characters)
        .set({ avatarUrl, version: sql`${characters.version} + 1` })
        .where(eq(characters.id, id))
        .returning();
      replaced = current.avatarUrl;
      if (character) await publishAuthoredChange(tx, actor, "character.updated", character);
    });
  } catch (error) {
    if (newKey) await storage.delete(newKey).catch(() => {});
    throw error;
  }
  await deleteAvatarFiles(storage, [replaced]);
}

/** Deletes a character of the actor's; restorable for 30 days. */
export async function deleteCharacter(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "characters.write");
  await db.transaction(async (tx) => {
    const current = await lockOwnCharacter(tx, actor, id);
    if (current.deletedAt) return;
    await tx
      .update(characters)
      .set({ deletedAt: new Date(), version: sql`${characters.version} + 1` })
      .where(eq(characters.id, id));
    await publishAuthoredChange(tx, actor, "character.deleted", current);
  });
}

/** Brings a deleted character of the actor's back: 404 once its 30 days have passed. */
export async function restoreCharacter(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "characters.write");
  await db.transaction(async (tx) => {
    const current = await lockOwnCharacter(tx, actor, id);
    if (!current.deletedAt) return;
    const [restored] = await tx
      .update(characters)
      .set({ deletedAt: null, version: sql`${characters.version} + 1` })
      .where(and(eq(characters.id, id), restorable(characters.deletedAt, characterRestoreDays)))
      .returning();
    if (!restored) throw notFound("This character can no longer be restored.");
    await publishAuthoredChange(tx, actor, "character.restored", restored);
  });
}

/**
 * A copy, the actor's and private, of a character they may read (characters.write), named `name`
 * or as the original.
 */
export async function cloneCharacter(
  db: Database,
  storage: Storage,
  actor: Actor,
  id: string,
  name?: string,
): Promise<string> {
  requirePermission(actor, "characters.write");
  const [source] = await db
    .select()
    .from(characters)
    .where(and(eq(characters.id, id), visibleTo(actor, characters), isNull(characters.deletedAt)));
  if (!source) throw notFound("No such character.");
  const avatarUrl = await copyAvatar(storage, source.avatarUrl);
  try {
    return await insertCharacter(db, actor, {
      ...cardFieldsOf(source),
      name: name || source.name,
      visibility: "private",
      avatarUrl,
    });
  } catch (error) {
    await deleteAvatarFiles(storage, [avatarUrl]);
    throw error;
  }
}

/** Each character keeps its own avatar file, so that deleting one leaves the other's. */
async function copyAvatar(storage: Storage, url: string | null): Promise<string | null> {
  const key = avatarKeyOf(url);
  const file = key ? await storage.get(key) : null;
  if (!file) return null;
  const copy = `avatars/${randomUUID()}.webp`;
  await storage.put(copy, file.body, file.contentType);
  return avatarUrlOf(copy);
}

function cardFieldsOf(character: Character): CardFields {
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
    tags: character.tags,
    creator: character.creator,
    creatorNotes: character.creatorNotes,
    characterVersion: character.characterVersion,
    characterBook: character.characterBook,
    extensions: character.extensions,
    defaultModel: character.defaultModel,
    defaultVoice: character.defaultVoice,
  };
}

/**
 * A new private character of the actor's from a Card V2 file, JSON or PNG; a PNG's picture
 * becomes its avatar.
 */
export async function importCharacter(
  db: Database,
  storage: Storage,
  actor: Actor,
  file: Uint8Array,
): Promise<string> {
  requirePermission(actor, "characters.write");
  const card = readCardFile(file);
  const avatarKey = isPng(file) ? await saveAvatar(storage, file, "file") : null;
  const avatarUrl = avatarKey ? avatarUrlOf(avatarKey) : null;
  try {
    return await insertCharacter(db, actor, { ...card, visibility: "private", avatarUrl });
  } catch (error) {
    await deleteAvatarFiles(storage, [avatarUrl]);
    throw error;
  }
}

/** A character the actor may read as a Card V2. */
export async function characterCard(db: Database, actor: Actor, id: string): Promise<CardV2> {
  const character = await getCharacter(db, actor, id);
  return toCard(character);
}

/** A character the actor may read as a PNG with its card, on its avatar when it has one. */
export async function characterCardPng(
  db: Database,
  storage: Storage,
  actor: Actor,
  id: string,
): Promise<{ name: string; png: Uint8Array }> {
  const character = await getCharacter(db, actor, id);
  const key = avatarKeyOf(character.avatarUrl);
  const avatar = key ? await storage.get(key) : null;
  return { name: character.name, png: await cardPng(toCard(character), avatar?.body ?? null) };
}

// --- Chat with ----------------------------------------------------------------------------------

/**
 * The name a character calls its reader by (`{{user}}`): their first name, else their email
 * address's local part, else nothing.
 */
export function readerName(user: { firstName: string; email: string | null }): string {
  return user.firstName.trim() || user.email?.split("@")[0] || "";
}

/** `{{char}}` and `{{user}}` (and the older `<BOT>`, `<USER>`) as card texts write the two names. */
export function fillNames(text: string, names: { char: string; user: string }): string {
  return text
    .replace(/\{\{char\}\}|<BOT>/gi, names.char)
    .replace(/\{\{user\}\}|<USER>/gi, names.user);
}

/**
 * What a chat with a character tells the model first: the card's system prompt (or a plain
 * one), its description, personality, scenario and example dialogue, then its post-history
 * instructions, with the names filled in (docs/characters.md).
 */
export function characterInstructions(
  character: Pick<
    Character,
    | "name"
    | "systemPrompt"
    | "description"
    | "personality"
    | "scenario"
    | "exampleMessages"
    | "postHistoryInstructions"
  >,
  userName: string,
): string {
  const parts = [
    character.systemPrompt ||
      "You are {{char}}. Stay in character, and answer {{user}} as {{char}} would.",
    character.description && `{{char}}: ${character.description}`,
    character.personality && `{{char}}'s personality: ${character.personality}`,
    character.scenario && `Scenario: ${character.scenario}`,
    character.exampleMessages && `Example dialogue:\n${character.exampleMessages}`,
    character.postHistoryInstructions,
  ].filter(Boolean);
  return fillNames(parts.join("\n\n"), { char: character.name, user: userName });
}

/**
 * The actor's latest chat with a character that is neither deleted nor archived, by its last
 * activity: what "Chat" on a character continues. Null when there is none, or when the actor
 * may no longer see the character.
 */
export async function latestChatWith(
  db: Database,
  actor: Actor,
  id: string,
): Promise<number | null> {
  requirePermission(actor, "threads.write");
  const [latest] = await db
    .select({ id: threads.id })
    .from(threads)
    // A character the actor may no longer see is not chatted with, old threads or not.
    .innerJoin(
      characters,
      and(
        eq(characters.id, threads.characterId),
        visibleTo(actor, characters),
        isNull(characters.deletedAt),
      ),
    )
    .where(
      and(
        eq(threads.organizationId, actor.organizationId),
        eq(threads.authorId, actor.userId),
        eq(threads.characterId, id),
        isNull(threads.deletedAt),
        isNull(threads.archivedAt),
      ),
    )
    .orderBy(desc(threads.lastActivityAt), desc(threads.id))
    .limit(1);
  return latest?.id ?? null;
}

/**
 * Opens a new thread of the actor's with a character they may see: its instructions as the
 * thread's, its default model, its greeting as the first message. Resolves with the thread's id.
 */
export async function chatWithCharacter(
  db: Database,
  actor: Actor,
  id: string,
  userName: string,
  greeting: number | undefined,
): Promise<number> {
  requirePermission(actor, "threads.write");
  const [character] = await db
    .select()
    .from(characters)
    .where(and(eq(characters.id, id), visibleTo(actor, characters), isNull(characters.deletedAt)));
  if (!character) throw notFound("No such character.");
  const greetings = [character.firstMessage, ...character.alternateGreetings];
  const chosen = greeting === undefined ? greetings[0] : greetings[greeting];
  if (chosen === undefined) {
    throw errorOnFields("invalid", "UNKNOWN_GREETING", "No such greeting.", {
      greeting: `From 0 to ${greetings.length - 1}`,
    });
  }
  const names = { char: character.name, user: userName };
  // Every greeting is stored, the chosen one shown, the others its versions; no greeting at all
  // when the chosen one is empty.
  const texts = greetings.map((text) => fillNames(text, names));
  const kept = chosen.trim() === "" ? [] : texts.filter((text) => text.trim() !== "");
  return insertThread(db, actor, {
    title: character.name.slice(0, maxThreadTitle),
    visibility: "private",
    model: character.defaultModel,
    temperature: null,
    systemPrompt: characterInstructions(character, userName).slice(0, maxSystemPrompt),
    characterId: character.id,
    greetings: { texts: kept, shown: kept.indexOf(fillNames(chosen, names)) },
  });
}
