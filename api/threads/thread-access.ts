/**
 * Who may read a thread, who may change it, and who hears of its changes: the rules every part of
 * a thread (its messages, answers and attachments) checks before it reads or writes.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
import { restorable, visibleTo } from "../db/records";
import { characters, type Thread, type ThreadVisibility, threads, users } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import { publishAuthoredChange } from "../organizations/changes";
import type { OrganizationActor } from "../organizations/permissions";

/** How long a deleted thread can be restored (days). */
export const threadRestoreDays = 30;

/** The users table as a thread's author, joined under a name of its own. */
export const authors = alias(users, "thread_authors");

/** The join of a thread's character, which `summaryColumns()` reads (a left join). */
export const withCharacter = eq(characters.id, threads.characterId);

/** A thread's columns as its summary shows them, its author's name with them. */
export function summaryColumns() {
  return {
    id: threads.id,
    title: threads.title,
    visibility: threads.visibility,
    pinned: threads.pinned,
    archivedAt: threads.archivedAt,
    model: threads.model,
    authorId: threads.authorId,
    authorName: fullName(authors),
    // Read through a left join on characters (`withCharacter`): the thread's character.
    threadCharacterId: characters.id,
    characterName: characters.name,
    characterAvatarUrl: characters.avatarUrl,
    lastActivityAt: threads.lastActivityAt,
    createdAt: threads.createdAt,
    updatedAt: threads.updatedAt,
    deletedAt: threads.deletedAt,
  };
}

/** A row of `summaryColumns()`. */
export type SummaryRow = {
  id: number;
  title: string;
  visibility: ThreadVisibility;
  pinned: boolean;
  archivedAt: Date | null;
  model: string | null;
  authorId: string;
  authorName: string;
  threadCharacterId: string | null;
  characterName: string | null;
  characterAvatarUrl: string | null;
  lastActivityAt: Date;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};

type ThreadRow = SummaryRow &
  Pick<
    Thread,
    "temperature" | "systemPrompt" | "currentMessageId" | "organizationId" | "characterId"
  >;

/**
 * A thread the actor may read, or 404: their own (deleted too, while it can be restored), or one
 * shared with the organization. Another's private thread is 404, as if it did not exist.
 */
export async function readableThread(db: Database, actor: OrganizationActor, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns(),
      organizationId: threads.organizationId,
      temperature: threads.temperature,
      systemPrompt: threads.systemPrompt,
      currentMessageId: threads.currentMessageId,
      characterId: threads.characterId,
    })
    .from(threads)
    .innerJoin(authors, eq(authors.id, threads.authorId))
    .leftJoin(characters, withCharacter)
    .where(
      and(
        eq(threads.id, id),
        visibleTo(actor, threads),
        or(
          isNull(threads.deletedAt),
          and(eq(threads.authorId, actor.userId), restorable(threads.deletedAt, threadRestoreDays)),
        ),
      ),
    );
  if (!row) throw notFound("No such thread.");
  return row satisfies ThreadRow;
}

/**
 * The actor's own thread, locked for a change: 404 when they cannot see it, 403 when it is
 * someone else's shared thread (only its author writes in it).
 */
export async function lockOwnThread(tx: Database, actor: OrganizationActor, id: number) {
  const [thread] = await tx
    .select()
    .from(threads)
    .where(and(eq(threads.id, id), eq(threads.organizationId, actor.organizationId)))
    .for("update");
  const visible =
    thread &&
    (thread.authorId === actor.userId ||
      (thread.visibility === "organization" && thread.deletedAt === null));
  if (!thread || !visible) throw notFound("No such thread.");
  if (thread.authorId !== actor.userId) {
    throw forbidden("Only the author of a thread writes in it.");
  }
  return thread;
}

export const threadDeleted = () => conflict("THREAD_DELETED", "This thread was deleted.");

/**
 * Publishes a thread's event (its `id` is the thread's) to those who may read it, and, when its
 * visibility just changed, to those who could before.
 */
export async function publishThreadEvent(
  tx: Database,
  actor: OrganizationActor,
  type: string,
  threadId: number,
  before?: Pick<Thread, "visibility">,
) {
  const [thread] = await tx
    .select({
      id: threads.id,
      visibility: threads.visibility,
      authorId: threads.authorId,
      organizationId: threads.organizationId,
    })
    .from(threads)
    .where(eq(threads.id, threadId));
  if (!thread) return;
  await publishAuthoredChange(tx, actor, type, thread, before);
}
