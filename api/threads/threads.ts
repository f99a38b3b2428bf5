/**
 * Threads: a member's conversations with a model, private or shared with the organization; listed,
 * read, created, changed, deleted and restored here. Their messages are in `thread-messages.ts`,
 * what the model reads in `thread-context.ts`, the export in `thread-export.ts`.
 */
import { and, desc, eq, isNotNull, isNull, not, type SQL, sql } from "drizzle-orm";
import type { AiServices } from "../ai/ai-models";
import { checkChatModel } from "../ai/model-choice";
import type { Database } from "../db/client";
import { type CountedTotal, countMatches } from "../db/paging";
import { inBin, restorable, visibleTo } from "../db/records";
import { characters, type ThreadVisibility, threadMessages, threads } from "../db/schema";
import { highlightMatches, type TextSegment } from "../db/search";
import { notFound } from "../errors";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import {
  authors,
  lockOwnThread,
  publishThreadEvent,
  readableThread,
  type SummaryRow,
  summaryColumns,
  threadDeleted,
  threadRestoreDays,
  withCharacter,
} from "./thread-access";
import { type AttachmentView, attachmentsOf } from "./thread-attachments";
import {
  branchOf,
  type MessageView,
  messageOfThread,
  messagesOf,
  messageTree,
  newestLeaf,
  siblingsByParent,
  toMessageView,
} from "./thread-messages";

export const maxThreadTitle = 200;
export const maxSystemPrompt = 20_000;
export const maxModelId = 200;

type Person = { id: string; name: string };

export type ThreadSummary = {
  id: number;
  title: string;
  visibility: ThreadVisibility;
  /** The author's pin. */
  pinned: boolean;
  archived: boolean;
  model: string | null;
  author: Person;
  /** The actor wrote it, and so may write in it. */
  mine: boolean;
  /** The character it was started with, while the character is there. */
  character: { id: string; name: string; avatarUrl: string | null } | null;
  lastActivityAt: Date;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  highlights?: { title: TextSegment[] | null; message: TextSegment[] | null };
};

export type ThreadView = ThreadSummary & {
  temperature: number | null;
  systemPrompt: string;
  currentMessageId: number | null;
  /** What the model reads besides the messages, in the order of attachment. */
  attachments: AttachmentView[];
  /** The current branch, oldest first. */
  messages: MessageView[];
};

export type ThreadInput = {
  title: string;
  visibility: ThreadVisibility;
  model: string | null;
  temperature: number | null;
  systemPrompt: string;
};

export type ThreadChanges = Partial<ThreadInput> & {
  pinned?: boolean;
  archived?: boolean;
  /** Picks the branch that goes through this message, down to its newest message. */
  currentMessageId?: number;
};

export type ThreadQuery = {
  page: number;
  pageSize: number;
  q?: string;
  archived?: boolean;
  deleted?: boolean;
};

function toSummary(row: SummaryRow, actor: OrganizationActor): ThreadSummary {
  return {
    id: row.id,
    title: row.title,
    visibility: row.visibility,
    pinned: row.pinned,
    archived: row.archivedAt !== null,
    model: row.model,
    author: { id: row.authorId, name: row.authorName },
    mine: row.authorId === actor.userId,
    character:
      row.threadCharacterId && row.characterName !== null
        ? { id: row.threadCharacterId, name: row.characterName, avatarUrl: row.characterAvatarUrl }
        : null,
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
  };
}

/** How much of a matching message a search reads to mark the match in. */
const matchedTextLength = 20_000;

/**
 * The threads the actor may read, paged: the actor's own pinned threads first, then by last
 * activity. A search matches titles and the text of every message (English and normalised
 * Arabic); `deleted` lists the actor's own deleted threads that can still be restored.
 */
export async function listThreads(
  db: Database,
  actor: Actor,
  query: ThreadQuery,
): Promise<{ items: ThreadSummary[] } & CountedTotal> {
  requirePermission(actor, "threads.read");
  const q = query.q?.trim() || undefined;
  const matches = q ? sql`qalam_search_query(${q})` : undefined;
  const where = and(
    query.deleted
      ? and(
          eq(threads.organizationId, actor.organizationId),
          eq(threads.authorId, actor.userId),
          inBin(threads.deletedAt, threadRestoreDays),
        )
      : and(
          visibleTo(actor, threads),
          isNull(threads.deletedAt),
          query.archived ? isNotNull(threads.archivedAt) : isNull(threads.archivedAt),
        ),
    matches
      ? sql`(${threads.search} @@ ${matches} or ${threads.id} in (select ${threadMessages.threadId} from ${threadMessages} where ${threadMessages.organizationId} = ${actor.organizationId} and ${threadMessages.search} @@ ${matches}))`
      : undefined,
  );
  const matchedText = matches
    ? sql<
        string | null
      >`(select left(${threadMessages.content}, ${matchedTextLength}) from ${threadMessages} where ${threadMessages.threadId} = ${threads.id} and ${threadMessages.search} @@ ${matches} order by ${threadMessages.id} desc limit 1)`
    : sql<null>`null`;
  // The author's pins come first. They are few, and read apart: ordering every thread by them
  // would sort the whole organization for one page, where the rest is read in the order the
  // (organization, last activity) index keeps (docs/performance.md, "Threads at scale").
  const pinnedByActor = sql`(${threads.pinned} and ${threads.authorId} = ${actor.userId})`;
  const inOrder = (condition: SQL) =>
    db
      .select({ ...summaryColumns(), matchedText })
      .from(threads)
      .innerJoin(authors, eq(authors.id, threads.authorId))
      .leftJoin(characters, withCharacter)
      .where(and(where, condition))
      .orderBy(desc(threads.lastActivityAt), desc(threads.id));
  const offset = (query.page - 1) * query.pageSize;
  const [pinned, totals] = await Promise.all([
    inOrder(pinnedByActor),
    countMatches(db, threads, where, { ...query, q }),
  ]);
  const pinnedOnPage = pinned.slice(offset, offset + query.pageSize);
  const rest = query.pageSize - pinnedOnPage.length;
  const rows = [
    ...pinnedOnPage,
    ...(rest > 0
      ? await inOrder(not(pinnedByActor))
          .limit(rest)
          .offset(Math.max(0, offset - pinned.length))
      : []),
  ];
  const items = rows.map(({ matchedText: text, ...row }) => {
    const summary = toSummary(row, actor);
    if (!q) return summary;
    return {
      ...summary,
      highlights: {
        title: highlightMatches(row.title, q),
        message: text ? highlightMatches(text, q, 200) : null,
      },
    };
  });
  return { items, ...totals };
}

/** A thread the actor may read, with the messages of its current branch, oldest first. */
export async function getThread(db: Database, actor: Actor, id: number): Promise<ThreadView> {
  requirePermission(actor, "threads.read");
  const row = await readableThread(db, actor, id);
  const tree = await messageTree(db, id);
  const variants = siblingsByParent(tree);
  const messages = await messagesOf(db, id, branchOf(tree, row.currentMessageId));
  return {
    ...toSummary(row, actor),
    temperature: row.temperature,
    systemPrompt: row.systemPrompt,
    currentMessageId: row.currentMessageId,
    attachments: await attachmentsOf(db, id),
    messages: messages.map((message) => toMessageView(message, variants)),
  };
}

/** What the thread services that check a chosen model need: the database and the AI models. */
export type ThreadServices = { db: Database; ai: AiServices };

/**
 * A new thread of the actor's (threads.write), its model checked as it is saved: 422
 * MODEL_NOT_ALLOWED on `model` for a model the deployment does not offer.
 */
export async function createThread(
  services: ThreadServices,
  actor: Actor,
  input: ThreadInput,
): Promise<number> {
  await checkChatModel(services, actor, "threads.write", { modelId: input.model, field: "model" });
  return insertThread(services.db, actor, input);
}

/**
 * A new thread of the actor's (threads.write) with the settings as given; started with a
 * character, it may open with the character's greeting, an answer that no question came before,
 * its other greetings stored beside it as versions (thread-greetings.ts).
 * Its model is not checked here: a chat with a character takes the character's default model,
 * which the answer checks again when it uses it.
 */
export async function insertThread(
  db: Database,
  actor: Actor,
  input: ThreadInput & {
    characterId?: string | null;
    greetings?: { texts: string[]; shown: number };
  },
): Promise<number> {
  requirePermission(actor, "threads.write");
  const { greetings, ...values } = input;
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(threads)
      .values({ ...values, organizationId: actor.organizationId, authorId: actor.userId })
      .returning({ id: threads.id });
    if (!thread) throw new Error("insert into threads returned no row");
    if (greetings && greetings.texts.length > 0) {
      const openings = await tx
        .insert(threadMessages)
        .values(
          greetings.texts.map((content) => ({
            threadId: thread.id,
            organizationId: actor.organizationId,
            parentId: null,
            role: "assistant" as const,
            content,
          })),
        )
        .returning({ id: threadMessages.id });
      const shown = openings.map((opening) => opening.id).sort((a, b) => a - b)[greetings.shown];
      await tx
        .update(threads)
        .set({ currentMessageId: shown ?? null })
        .where(eq(threads.id, thread.id));
    }
    await publishThreadEvent(tx, actor, "thread.created", thread.id);
    return thread.id;
  });
}

/**
 * Changes the actor's own thread (threads.write); `currentMessageId` picks a branch. A new model
 * is checked as it is saved (422 MODEL_NOT_ALLOWED on `model`).
 */
export async function updateThread(
  services: ThreadServices,
  actor: Actor,
  id: number,
  changes: ThreadChanges,
): Promise<void> {
  requirePermission(actor, "threads.write");
  await checkChatModel(services, actor, "threads.write", {
    modelId: changes.model,
    field: "model",
  });
  const { db } = services;
  await db.transaction(async (tx) => {
    const current = await lockOwnThread(tx, actor, id);
    if (current.deletedAt) throw threadDeleted();
    const { archived, currentMessageId, ...columns } = changes;
    const set: Partial<typeof threads.$inferInsert> = { ...columns };
    if (archived !== undefined && archived !== (current.archivedAt !== null)) {
      set.archivedAt = archived ? new Date() : null;
    }
    if (currentMessageId !== undefined) {
      await messageOfThread(tx, id, currentMessageId, "currentMessageId");
      set.currentMessageId = newestLeaf(await messageTree(tx, id), currentMessageId);
    }
    if (Object.keys(set).length === 0) return;
    await tx.update(threads).set(set).where(eq(threads.id, id));
    await publishThreadEvent(tx, actor, "thread.updated", id, current);
  });
}

/** Deletes the actor's own thread (threads.write); restorable for 30 days. */
export async function deleteThread(db: Database, actor: Actor, id: number): Promise<void> {
  requirePermission(actor, "threads.write");
  await db.transaction(async (tx) => {
    const current = await lockOwnThread(tx, actor, id);
    if (current.deletedAt) return;
    await tx.update(threads).set({ deletedAt: new Date() }).where(eq(threads.id, id));
    await publishThreadEvent(tx, actor, "thread.deleted", id);
  });
}

/** Brings the actor's deleted thread back (threads.write): 404 once its 30 days have passed. */
export async function restoreThread(db: Database, actor: Actor, id: number): Promise<void> {
  requirePermission(actor, "threads.write");
  await db.transaction(async (tx) => {
    const current = await lockOwnThread(tx, actor, id);
    if (!current.deletedAt) return;
    const [restored] = await tx
      .update(threads)
      .set({ deletedAt: null })
      .where(and(eq(threads.id, id), restorable(threads.deletedAt, threadRestoreDays)))
      .returning({ id: threads.id });
    if (!restored) throw notFound("This thread can no longer be restored.");
    await publishThreadEvent(tx, actor, "thread.restored", id);
  });
}
