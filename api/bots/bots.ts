import { randomBytes } from "node:crypto";
import { aliasedTable, and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AiServices } from "../ai/ai-models";
import { checkChatModel } from "../ai/model-choice";
import { projectReference } from "../crm/references";
import type { Database } from "../db/client";
import { type CountedTotal, countMatches, rowsBefore } from "../db/paging";
import {
  checkReferences,
  deleteToBin,
  inBin,
  liveOrRestorable,
  lockInOrganization,
  restoreFromBin,
} from "../db/records";
import {
  type Bot,
  type BotAnswerLength,
  type BotAppearance,
  type BotLanguage,
  type BotStatus,
  botCards,
  botConversations,
  bots,
  characters,
  projects,
  workspaces,
} from "../db/schema";
import { highlightMatches, type TextSegment } from "../db/search";
import { conflict, notFound, staleVersion } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { workspaceReference } from "../organizations/references";
import { botLimits, botRestoreDays } from "./bot-limits";
import { checkCharacter, checkImage } from "./bot-references";

export { botRestoreDays };

/** What the bot services need beside the actor: the database, and the AI models and secrets. */
export type BotServices = { db: Database; ai: AiServices };

/** How a new bot's widget looks until someone changes it. */
export const defaultAppearance: BotAppearance = {
  theme: "auto",
  accentColor: "#4f46e5",
  font: "system",
  radius: 12,
  position: "end",
  launcher: "icon",
  headerTitle: "",
  headerSubtitle: "",
  welcomeMessages: [],
  suggestedPrompts: [],
  placeholder: "",
  footer: "",
  disclaimer: "",
  customCss: "",
};

export type BotInput = {
  name: string;
  description: string;
  avatarMediaId: string | null;
  status: BotStatus;
  language: BotLanguage;
  workspaceId: string | null;
  projectId: string | null;
  tags: string[];
  characterId: string | null;
  chatModel: string | null;
  temperature: number;
  answerLength: BotAnswerLength;
  instructions: string;
  knowledgeOnly: boolean;
  fallbackMessage: string;
  rateLimit: { messages: number; seconds: number };
  dailyMessageCap: number;
  maxMessageLength: number;
  retentionDays: number;
  appearance: BotAppearance;
  allowedDomains: string[];
};

/** A change: any of the fields, the appearance's too, one by one. */
export type BotChanges = Partial<Omit<BotInput, "appearance">> & {
  appearance?: Partial<BotAppearance>;
};

type Named = { id: string; name: string } | null;

export type BotView = Omit<
  Bot,
  | "search"
  | "createdBy"
  | "identitySecretSealed"
  | "identitySecretRotatedAt"
  | "rateLimitMessages"
  | "rateLimitSeconds"
> & {
  rateLimit: { messages: number; seconds: number };
  workspace: Named;
  project: Named;
  character: Named;
  /** Whether the bot verifies its visitors' identity: a secret was made, and when. */
  identityVerification: { enabled: boolean; rotatedAt: Date | null };
  cardCount: number;
  highlights?: { name: TextSegment[] | null; description: TextSegment[] | null };
};

export const botSorts = ["name", "-name", "updated", "-updated", "relevance"] as const;
export type BotSort = (typeof botSorts)[number];

export type BotQuery = {
  page: number;
  pageSize: number;
  q?: string;
  sort?: BotSort;
  status?: BotStatus[];
  workspaceId?: string;
  tag?: string;
  deleted?: boolean;
};

const botProjects = aliasedTable(projects, "bot_projects");

function viewColumns() {
  const { search: _search, ...columns } = bots;
  return {
    bot: columns,
    workspaceName: workspaces.name,
    projectName: botProjects.name,
    characterName: characters.name,
    cardCount: sql<number>`(select count(*)::int from ${botCards} where ${botCards.botId} = ${bots.id})`,
  } as const;
}

type Row = {
  bot: Omit<Bot, "search">;
  workspaceName: string | null;
  projectName: string | null;
  characterName: string | null;
  cardCount: number;
};

function selectViews(db: Database) {
  return db
    .select(viewColumns())
    .from(bots)
    .leftJoin(workspaces, eq(workspaces.id, bots.workspaceId))
    .leftJoin(botProjects, eq(botProjects.id, bots.projectId))
    .leftJoin(characters, eq(characters.id, bots.characterId));
}

const named = (id: string | null, name: string | null): Named =>
  id ? { id, name: name ?? "" } : null;

function toView(row: Row, q?: string): BotView {
  const {
    createdBy: _createdBy,
    identitySecretSealed,
    identitySecretRotatedAt,
    rateLimitMessages,
    rateLimitSeconds,
    ...bot
  } = row.bot;
  return {
    ...bot,
    appearance: { ...defaultAppearance, ...bot.appearance },
    rateLimit: { messages: rateLimitMessages, seconds: rateLimitSeconds },
    workspace: named(bot.workspaceId, row.workspaceName),
    project: named(bot.projectId, row.projectName),
    character: named(bot.characterId, row.characterName),
    identityVerification: {
      enabled: identitySecretSealed !== null,
      rotatedAt: identitySecretRotatedAt,
    },
    cardCount: Number(row.cardCount),
    ...(q
      ? {
          highlights: {
            name: highlightMatches(bot.name, q),
            description: highlightMatches(bot.description, q, 160),
          },
        }
      : {}),
  };
}

/** The organization's bots, paged; a search matches names, descriptions and tags (bots.read). */
export async function listBots(
  db: Database,
  actor: Actor,
  query: BotQuery,
): Promise<{ items: (BotView & { conversations7d: number })[] } & CountedTotal> {
  requirePermission(actor, "bots.read");
  const q = query.q?.trim() || undefined;
  const conditions: (SQL | undefined)[] = [
    eq(bots.organizationId, actor.organizationId),
    query.deleted ? inBin(bots.deletedAt, botRestoreDays) : isNull(bots.deletedAt),
    q ? sql`${bots.search} @@ qalam_search_query(${q})` : undefined,
    query.status?.length ? inArray(bots.status, query.status) : undefined,
    query.workspaceId ? eq(bots.workspaceId, query.workspaceId) : undefined,
    query.tag ? sql`${bots.tags} @> array[${query.tag}]::text[]` : undefined,
  ];
  const where = and(...conditions);
  const sort = query.sort ?? (q ? "relevance" : "name");
  const byName = [asc(sql`lower(${bots.name})`), asc(bots.id)];
  const order = {
    name: byName,
    "-name": [desc(sql`lower(${bots.name})`), desc(bots.id)],
    updated: [asc(bots.updatedAt), asc(bots.id)],
    "-updated": [desc(bots.updatedAt), desc(bots.id)],
    relevance: q
      ? [desc(sql`ts_rank(${bots.search}, qalam_search_query(${q}))`), ...byName]
      : byName,
  }[sort];
  const [rows, counted] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    countMatches(db, bots, where, { ...query, q }),
  ]);
  const items = rows.map((row) => toView(row, q));
  const recent = await conversationsLastWeek(
    db,
    actor.organizationId,
    items.map((bot) => bot.id),
  );
  return {
    items: items.map((bot) => ({ ...bot, conversations7d: recent.get(bot.id) ?? 0 })),
    ...counted,
  };
}

/** How far back a list's conversation count looks. */
export const recentConversationDays = 7;

/**
 * How many conversations visitors opened with each of `botIds` in the last seven days, in one
 * grouped query; a member's previews are not visitors and are not counted.
 */
export async function conversationsLastWeek(
  db: Database,
  organizationId: string,
  botIds: string[],
): Promise<Map<string, number>> {
  if (botIds.length === 0) return new Map();
  const rows = await db
    .select({ botId: botConversations.botId, count: sql<number>`count(*)::int` })
    .from(botConversations)
    .where(
      and(
        eq(botConversations.organizationId, organizationId),
        inArray(botConversations.botId, botIds),
        eq(botConversations.preview, false),
        sql`${botConversations.createdAt} > now() - make_interval(days => ${recentConversationDays})`,
      ),
    )
    .groupBy(botConversations.botId);
  return new Map(rows.map((row) => [row.botId, Number(row.count)]));
}

/** One bot of the actor's organization, a deleted one too while restorable; else 404 (bots.read). */
export async function getBot(db: Database, actor: Actor, id: string): Promise<BotView> {
  requirePermission(actor, "bots.read");
  const [row] = await selectViews(db).where(
    and(
      eq(bots.id, id),
      eq(bots.organizationId, actor.organizationId),
      liveOrRestorable(bots.deletedAt, botRestoreDays),
    ),
  );
  if (!row) throw notFound("No such bot.");
  return toView(row);
}

/** A new public id: 128 random bits, URL-safe, unguessable. */
export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

/** The references a bot's fields name must be the organization's: 422 on the field otherwise. */
async function checkBotReferences(
  tx: Database,
  actor: OrganizationActor,
  input: Partial<Pick<BotInput, "workspaceId" | "projectId" | "characterId" | "avatarMediaId">>,
) {
  await checkReferences(tx, actor.organizationId, [
    workspaceReference(input.workspaceId),
    projectReference(input.projectId),
  ]);
  await checkCharacter(tx, actor.organizationId, input.characterId);
  await checkImage(tx, actor.organizationId, input.avatarMediaId, "avatarMediaId");
}

/** The columns of a bot's fields as given (a change's alone). */
function botColumns(input: Omit<BotChanges, "appearance">) {
  const { rateLimit, ...rest } = input;
  return {
    ...rest,
    ...(rateLimit
      ? { rateLimitMessages: rateLimit.messages, rateLimitSeconds: rateLimit.seconds }
      : {}),
  };
}

/**
 * A new bot of the organization (bots.manage), with a new public id and no identity secret: 422
 * on a field that names what the organization does not have, MODEL_NOT_ALLOWED on `chatModel`.
 */
export async function createBot(
  services: BotServices,
  actor: Actor,
  input: BotInput,
): Promise<string> {
  await checkChatModel(services, actor, "bots.manage", {
    modelId: input.chatModel,
    field: "chatModel",
  });
  requirePermission(actor, "bots.manage");
  return services.db.transaction(async (tx) => {
    await checkBotReferences(tx, actor, input);
    const { rateLimit, ...rest } = input;
    const [bot] = await tx
      .insert(bots)
      .values({
        ...rest,
        rateLimitMessages: rateLimit.messages,
        rateLimitSeconds: rateLimit.seconds,
        organizationId: actor.organizationId,
        publicId: newPublicId(),
        createdBy: actor.userId,
      })
      .returning({ id: bots.id });
    if (!bot) throw new Error("insert into bots returned no row");
    await publishChange(tx, actor, "bot.created", bot.id);
    return bot.id;
  });
}

/** Locks a bot of the actor's organization for a change: 404 when there is none. */
export function lockBot(tx: Database, actor: OrganizationActor, id: string) {
  return lockInOrganization(tx, bots, actor.organizationId, id, () => notFound("No such bot."));
}

const botDeleted = () => conflict("BOT_DELETED", "This bot was deleted.");

/**
 * A live bot of the organization, locked for a change of its own or of its cards: 404 when there
 * is none, 409 BOT_DELETED while it is in the bin.
 */
export async function lockLiveBot(tx: Database, actor: OrganizationActor, id: string) {
  const bot = await lockBot(tx, actor, id);
  if (bot.deletedAt) throw botDeleted();
  return bot;
}

/**
 * Changes a bot (bots.manage) made on `version`: another change since is 409 STALE_VERSION and
 * nothing is written. The appearance's fields given replace those it had, the others stay.
 */
export async function updateBot(
  services: BotServices,
  actor: Actor,
  id: string,
  version: number,
  changes: BotChanges,
): Promise<void> {
  await checkChatModel(services, actor, "bots.manage", {
    modelId: changes.chatModel,
    field: "chatModel",
  });
  requirePermission(actor, "bots.manage");
  await services.db.transaction(async (tx) => {
    const current = await lockLiveBot(tx, actor, id);
    if (current.version !== version) {
      throw staleVersion(
        "Someone changed this bot since you opened it. Reload it to see their changes.",
      );
    }
    await checkBotReferences(tx, actor, changes);
    const { appearance, ...rest } = changes;
    await tx
      .update(bots)
      .set({
        ...botColumns(rest),
        ...(appearance
          ? { appearance: { ...defaultAppearance, ...current.appearance, ...appearance } }
          : {}),
        version: sql`${bots.version} + 1`,
      })
      .where(eq(bots.id, id));
    await publishChange(tx, actor, "bot.updated", id);
  });
}

/** Deletes a bot (bots.manage); restorable for 30 days, its cards with it. */
export async function deleteBot(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "bots.manage");
  await deleteToBin(db, {
    table: bots,
    lock: (tx) => lockBot(tx, actor, id),
    changed: (tx, bot) => publishChange(tx, actor, "bot.deleted", bot.id),
  });
}

/** Brings a deleted bot back (bots.manage): 404 once its 30 days have passed. */
export async function restoreBot(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "bots.manage");
  await restoreFromBin(db, {
    table: bots,
    restoreDays: botRestoreDays,
    noun: "bot",
    lock: (tx) => lockBot(tx, actor, id),
    changed: (tx, bot) => publishChange(tx, actor, "bot.restored", bot.id),
  });
}

/**
 * A copy of a live bot (bots.manage): its settings, appearance, domains and cards (their counts
 * from zero), as a draft under `name` with a new public id. The identity secret is not copied:
 * a copy verifies no one until a secret is made for it.
 */
export async function duplicateBot(
  db: Database,
  actor: Actor,
  id: string,
  name: string | undefined,
): Promise<string> {
  requirePermission(actor, "bots.manage");
  return db.transaction(async (tx) => {
    const source = await lockLiveBot(tx, actor, id);
    const {
      id: _id,
      publicId: _publicId,
      identitySecretSealed: _sealed,
      identitySecretRotatedAt: _rotatedAt,
      version: _version,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      deletedAt: _deletedAt,
      search: _search,
      createdBy: _createdBy,
      name: sourceName,
      ...settings
    } = source;
    const [copy] = await tx
      .insert(bots)
      .values({
        ...settings,
        name: name ?? copyName(sourceName),
        status: "draft",
        publicId: newPublicId(),
        createdBy: actor.userId,
      })
      .returning({ id: bots.id });
    if (!copy) throw new Error("insert into bots returned no row");
    const cards = await tx
      .select()
      .from(botCards)
      .where(eq(botCards.botId, source.id))
      .orderBy(asc(botCards.position), asc(botCards.createdAt));
    if (cards.length > 0) {
      await tx.insert(botCards).values(
        cards.map(({ id: _cardId, createdAt: _c, updatedAt: _u, ...card }) => ({
          ...card,
          botId: copy.id,
          views: 0,
          clicks: 0,
          version: 1,
        })),
      );
    }
    await publishChange(tx, actor, "bot.created", copy.id);
    return copy.id;
  });
}

/** A copy's name when none is given: the source's with " (copy)", within the name's limit. */
function copyName(name: string): string {
  const suffix = " (copy)";
  return `${name.slice(0, botLimits.name - suffix.length)}${suffix}`;
}
