/**
 * A thread's messages: the tree of questions and answers, the variants of a message (its edits,
 * the answers written again), the branch a thread shows, and the feedback on an answer.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  type ContextAttachment,
  type ThreadMessage,
  type ThreadMessageStatus,
  threadMessages,
} from "../db/schema";
import { AppError, errorOnFields, notFound } from "../errors";
import { type Actor, requirePermission } from "../organizations/permissions";
import { lockOwnThread, publishThreadEvent, readableThread, threadDeleted } from "./thread-access";

export const maxMessageContent = 100_000;
export const maxFeedbackNote = 2_000;

/**
 * While an answer is written, its text so far is stored at most this often, and at least this
 * often (`answerHeartbeatMs`) even when the model says nothing, so that a `streaming` answer whose
 * row has not been touched for `staleAnswerMs` is known to have lost its writer (a process that
 * died) and counts as stopped.
 */
export const answerFlushMs = 1_000;
export const answerHeartbeatMs = 10_000;
export const staleAnswerMs = 60_000;

export type MessageView = {
  id: number;
  parentId: number | null;
  role: ThreadMessage["role"];
  content: string;
  status: ThreadMessageStatus;
  error: { code: string; message: string } | null;
  model: string | null;
  contextOmitted: number;
  /** What the model read of each attachment for this answer. */
  contextAttachments: ContextAttachment[];
  usage: { inputTokens: number | null; outputTokens: number | null } | null;
  feedback: { rating: "up" | "down" | null; note: string } | null;
  createdAt: Date;
  updatedAt: Date;
  /** Its siblings of the same role (edits of a message, answers written again), oldest first. */
  variants: { index: number; count: number; ids: number[] };
};

export type TreeNode = Pick<ThreadMessage, "id" | "parentId" | "role">;

/** Every message of a thread, without its text, oldest first. */
export async function messageTree(db: Database, threadId: number): Promise<TreeNode[]> {
  return db
    .select({ id: threadMessages.id, parentId: threadMessages.parentId, role: threadMessages.role })
    .from(threadMessages)
    .where(eq(threadMessages.threadId, threadId))
    .orderBy(asc(threadMessages.id));
}

/** The ids from the first message down to `leafId`, oldest first. */
export function branchOf(tree: TreeNode[], leafId: number | null): number[] {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const ids: number[] = [];
  let node = leafId === null ? undefined : byId.get(leafId);
  while (node) {
    ids.unshift(node.id);
    node = node.parentId === null ? undefined : byId.get(node.parentId);
  }
  return ids;
}

/** The newest message below `id`, following the newest child at each step (or `id` itself). */
export function newestLeaf(tree: TreeNode[], id: number): number {
  const newestChild = new Map<number, number>();
  for (const node of tree) {
    if (node.parentId !== null) {
      newestChild.set(node.parentId, Math.max(newestChild.get(node.parentId) ?? 0, node.id));
    }
  }
  let leaf = id;
  for (let next = newestChild.get(leaf); next !== undefined; next = newestChild.get(leaf)) {
    leaf = next;
  }
  return leaf;
}

/** Tells each message its siblings of the same role: its variants. */
export function siblingsByParent(tree: TreeNode[]) {
  const groups = new Map<string, number[]>();
  for (const node of tree) {
    const key = `${node.parentId ?? "root"}:${node.role}`;
    const group = groups.get(key);
    if (group) group.push(node.id);
    else groups.set(key, [node.id]);
  }
  return (message: TreeNode) => {
    const ids = groups.get(`${message.parentId ?? "root"}:${message.role}`) ?? [message.id];
    return { index: Math.max(0, ids.indexOf(message.id)), count: ids.length, ids };
  };
}

/** An answer still `streaming` whose writer has not touched it for a minute has lost its writer. */
export function effectiveStatus(message: Pick<ThreadMessage, "status" | "updatedAt">) {
  const stale = Date.now() - message.updatedAt.getTime() > staleAnswerMs;
  return message.status === "streaming" && stale ? "stopped" : message.status;
}

/** Answers left `streaming` by a writer that is gone are stopped, their text kept. */
export async function settleStaleAnswers(tx: Database, threadId: number) {
  await tx
    .update(threadMessages)
    .set({ status: "stopped" })
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        eq(threadMessages.status, "streaming"),
        sql`${threadMessages.updatedAt} < now() - make_interval(secs => ${staleAnswerMs / 1000})`,
      ),
    );
}

/** A message as the API shows it, with its variants. */
export function toMessageView(
  message: ThreadMessage,
  variants: ReturnType<typeof siblingsByParent>,
): MessageView {
  const assistant = message.role === "assistant";
  return {
    id: message.id,
    parentId: message.parentId,
    role: message.role,
    content: message.content,
    status: effectiveStatus(message),
    error: message.errorCode
      ? { code: message.errorCode, message: message.errorMessage ?? "" }
      : null,
    model: message.model,
    contextOmitted: message.contextOmitted,
    contextAttachments: message.contextAttachments,
    usage: assistant
      ? { inputTokens: message.inputTokens, outputTokens: message.outputTokens }
      : null,
    feedback: assistant
      ? { rating: message.feedbackRating ?? null, note: message.feedbackNote }
      : null,
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
    variants: variants(message),
  };
}

/** A thread's messages, all of them or those of `ids`, oldest first. */
export async function messagesOf(db: Database, threadId: number, ids?: number[]) {
  if (ids && ids.length === 0) return [];
  return db
    .select()
    .from(threadMessages)
    .where(
      and(eq(threadMessages.threadId, threadId), ids ? inArray(threadMessages.id, ids) : undefined),
    )
    .orderBy(asc(threadMessages.id));
}

/** One message of a thread the actor may read. */
export async function getThreadMessage(
  db: Database,
  actor: Actor,
  threadId: number,
  messageId: number,
): Promise<MessageView> {
  requirePermission(actor, "threads.read");
  await readableThread(db, actor, threadId);
  const [message] = await messagesOf(db, threadId, [messageId]);
  if (!message) throw notFound("No such message.");
  return toMessageView(message, siblingsByParent(await messageTree(db, threadId)));
}

/** A message of the thread, or 422 on `field` (UNKNOWN_MESSAGE). */
export async function messageOfThread(
  tx: Database,
  threadId: number,
  messageId: number,
  field: string,
) {
  const [message] = await tx
    .select()
    .from(threadMessages)
    .where(and(eq(threadMessages.id, messageId), eq(threadMessages.threadId, threadId)));
  if (!message) {
    throw errorOnFields("invalid", "UNKNOWN_MESSAGE", "No such message in this thread.", {
      [field]: "Not a message of this thread",
    });
  }
  return message;
}

export const notAnAnswer = () =>
  new AppError("invalid", "NOT_AN_ANSWER", "This message is not an answer of the model.");

/** Rates an answer of the actor's own thread (threads.write); a null rating takes it back. */
export async function setMessageFeedback(
  db: Database,
  actor: Actor,
  threadId: number,
  messageId: number,
  feedback: { rating: "up" | "down" | null; note: string },
): Promise<void> {
  requirePermission(actor, "threads.write");
  await db.transaction(async (tx) => {
    const thread = await lockOwnThread(tx, actor, threadId);
    if (thread.deletedAt) throw threadDeleted();
    const [message] = await messagesOf(tx, threadId, [messageId]);
    if (!message) throw notFound("No such message.");
    if (message.role !== "assistant") throw notAnAnswer();
    await tx
      .update(threadMessages)
      .set({ feedbackRating: feedback.rating, feedbackNote: feedback.note })
      .where(eq(threadMessages.id, messageId));
    await publishThreadEvent(tx, actor, "message.updated", threadId);
  });
}

/** The branch up to `leafId`, for the context of an answer to it. */
export async function branchMessages(tx: Database, threadId: number, leafId: number) {
  return messagesOf(tx, threadId, branchOf(await messageTree(tx, threadId), leafId));
}

/** A running answer of the thread, if one is being written. */
export async function runningAnswer(tx: Database, threadId: number) {
  const [running] = await tx
    .select({ id: threadMessages.id })
    .from(threadMessages)
    .where(and(eq(threadMessages.threadId, threadId), eq(threadMessages.status, "streaming")))
    .limit(1);
  return running ?? null;
}
