import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, type ThreadAttachmentKind, threadAttachments } from "../db/schema";
import { conflict, errorOnFields, notFound } from "../errors";
import {
  type Actor,
  can,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { readFileText } from "./file-text";
import { lockOwnThread, publishThreadEvent, readableThread, threadDeleted } from "./thread-access";
import type { ContextAttachmentText } from "./thread-context";

export type AttachmentView = {
  id: number;
  kind: ThreadAttachmentKind;
  /** The file's name, or the document's title. */
  name: string;
  documentId: string | null;
  /** A file's type and size in bytes; null for a document. */
  mediaType: string | null;
  size: number | null;
  /** The length of its text, as the next answer would read it (0 when it is not available). */
  characters: number;
  /** False once its document was deleted: it is then left out of the context. */
  available: boolean;
  createdAt: Date;
};

/**
 * A thread's attachments in the order of attachment, a document's with its title and length as
 * they are now.
 */
export async function attachmentsOf(
  db: Database,
  threadId: number,
  ids?: number[],
): Promise<AttachmentView[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({
      id: threadAttachments.id,
      kind: threadAttachments.kind,
      name: threadAttachments.name,
      documentId: threadAttachments.documentId,
      mediaType: threadAttachments.mediaType,
      size: threadAttachments.size,
      fileCharacters: sql<number>`char_length(${threadAttachments.text})`.mapWith(Number),
      documentTitle: documents.title,
      documentCharacters: sql<
        number | null
      >`case when ${documents.id} is null then null else char_length(${documents.text}) end`.mapWith(
        Number,
      ),
      documentDeletedAt: documents.deletedAt,
      createdAt: threadAttachments.createdAt,
    })
    .from(threadAttachments)
    .leftJoin(documents, eq(documents.id, threadAttachments.documentId))
    .where(
      and(
        eq(threadAttachments.threadId, threadId),
        ids ? inArray(threadAttachments.id, ids) : undefined,
      ),
    )
    .orderBy(asc(threadAttachments.id));
  return rows.map((row) => {
    const isFile = row.kind === "file";
    const available = isFile || (row.documentTitle !== null && row.documentDeletedAt === null);
    return {
      id: row.id,
      kind: row.kind,
      name: isFile ? row.name : (row.documentTitle ?? row.name),
      documentId: row.documentId,
      mediaType: row.mediaType,
      size: row.size,
      characters: !available ? 0 : isFile ? row.fileCharacters : (row.documentCharacters ?? 0),
      available,
      createdAt: row.createdAt,
    };
  });
}

/** How many attachments a thread holds at most. */
export const maxThreadAttachments = 20;
/** The longest file name kept. */
const maxAttachmentName = 200;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const controlCharacters = /[\u0000-\u001F\u007F-\u009F]/g;

/** A file's name as it is shown: on one line, at most 200 characters, never empty. */
function fileName(name: string): string {
  const clean = name.replace(controlCharacters, "").trim();
  return clean.slice(0, maxAttachmentName) || "file";
}

/** A thread's attachments, in the order of attachment (threads.read, a thread it may read). */
export async function listThreadAttachments(
  db: Database,
  actor: Actor,
  threadId: number,
): Promise<AttachmentView[]> {
  requirePermission(actor, "threads.read");
  await readableThread(db, actor, threadId);
  return attachmentsOf(db, threadId);
}

/**
 * Locks the actor's own thread for a new attachment: 404 or 403 as for a message, 409
 * THREAD_DELETED in the bin, 409 TOO_MANY_ATTACHMENTS once it holds `maxThreadAttachments`.
 */
async function lockForAttachment(tx: Database, actor: OrganizationActor, threadId: number) {
  const thread = await lockOwnThread(tx, actor, threadId);
  if (thread.deletedAt) throw threadDeleted();
  const [held] = await tx
    .select({ count: count() })
    .from(threadAttachments)
    .where(eq(threadAttachments.threadId, threadId));
  if ((held?.count ?? 0) >= maxThreadAttachments) {
    throw conflict(
      "TOO_MANY_ATTACHMENTS",
      `A thread holds at most ${maxThreadAttachments} attachments.`,
    );
  }
  return thread;
}

/**
 * Attaches a document of the organization to the actor's own thread (threads.write and
 * documents.read): its text is read at each answer, as it is then. Another organization's
 * document, a deleted one, or one that does not exist is 404 UNKNOWN_DOCUMENT; a document the
 * thread holds already is 409 ALREADY_ATTACHED.
 */
export async function attachDocument(
  db: Database,
  actor: Actor,
  threadId: number,
  documentId: string,
): Promise<AttachmentView> {
  requirePermission(actor, "threads.write");
  const id = await db.transaction(async (tx) => {
    await lockForAttachment(tx, actor, threadId);
    requirePermission(actor, "documents.read");
    const [document] = await tx
      .select({ id: documents.id, title: documents.title })
      .from(documents)
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.organizationId, actor.organizationId),
          isNull(documents.deletedAt),
        ),
      );
    if (!document) {
      throw errorOnFields("not_found", "UNKNOWN_DOCUMENT", "No such document.", {
        documentId: "Not a document of the organization",
      });
    }
    const [held] = await tx
      .select({ id: threadAttachments.id })
      .from(threadAttachments)
      .where(
        and(eq(threadAttachments.threadId, threadId), eq(threadAttachments.documentId, documentId)),
      );
    if (held) {
      throw conflict("ALREADY_ATTACHED", "This document is attached to the thread already.", {
        documentId: "Attached already",
      });
    }
    const [inserted] = await tx
      .insert(threadAttachments)
      .values({
        threadId,
        organizationId: actor.organizationId,
        kind: "document",
        documentId,
        name: document.title,
        createdBy: actor.userId,
      })
      .returning({ id: threadAttachments.id });
    if (!inserted) throw new Error("insert into thread_attachments returned no row");
    await publishThreadEvent(tx, actor, "thread.updated", threadId);
    return inserted.id;
  });
  return attachmentById(db, threadId, id);
}

/**
 * Attaches a file to the actor's own thread (threads.write): its text is taken out now and kept,
 * the file itself is not (file-text.ts says which files, and how they are refused).
 */
export async function attachFile(
  db: Database,
  actor: Actor,
  threadId: number,
  file: { name: string; bytes: Uint8Array },
): Promise<AttachmentView> {
  requirePermission(actor, "threads.write");
  // Who may attach is known before the file is read; reading a PDF takes a while.
  await db.transaction((tx) => lockForAttachment(tx, actor, threadId));
  const read = await readFileText(file.name, file.bytes);
  const id = await db.transaction(async (tx) => {
    await lockForAttachment(tx, actor, threadId);
    const [inserted] = await tx
      .insert(threadAttachments)
      .values({
        threadId,
        organizationId: actor.organizationId,
        kind: "file",
        name: fileName(file.name),
        mediaType: read.mediaType,
        size: file.bytes.byteLength,
        text: read.text,
        createdBy: actor.userId,
      })
      .returning({ id: threadAttachments.id });
    if (!inserted) throw new Error("insert into thread_attachments returned no row");
    await publishThreadEvent(tx, actor, "thread.updated", threadId);
    return inserted.id;
  });
  return attachmentById(db, threadId, id);
}

async function attachmentById(db: Database, threadId: number, id: number) {
  const [attachment] = await attachmentsOf(db, threadId, [id]);
  if (!attachment) throw notFound("No such attachment.");
  return attachment;
}

/** Takes an attachment off the actor's own thread (threads.write); the document stays. */
export async function detachAttachment(
  db: Database,
  actor: Actor,
  threadId: number,
  attachmentId: number,
): Promise<void> {
  requirePermission(actor, "threads.write");
  await db.transaction(async (tx) => {
    const thread = await lockOwnThread(tx, actor, threadId);
    if (thread.deletedAt) throw threadDeleted();
    const [removed] = await tx
      .delete(threadAttachments)
      .where(and(eq(threadAttachments.id, attachmentId), eq(threadAttachments.threadId, threadId)))
      .returning({ id: threadAttachments.id });
    if (!removed) throw notFound("No such attachment.");
    await publishThreadEvent(tx, actor, "thread.updated", threadId);
  });
}

/**
 * The attachments' text for an answer, in the order of attachment: a file's as it was kept, a
 * document's as it is now. A document that was deleted, or that the actor may no longer read,
 * has no text, and so is left out.
 */
export async function attachmentTexts(
  tx: Database,
  actor: OrganizationActor,
  threadId: number,
): Promise<ContextAttachmentText[]> {
  const readsDocuments = can(actor, "documents.read");
  const rows = await tx
    .select({
      id: threadAttachments.id,
      kind: threadAttachments.kind,
      name: threadAttachments.name,
      text: threadAttachments.text,
      documentTitle: documents.title,
      documentText: documents.text,
      documentDeletedAt: documents.deletedAt,
    })
    .from(threadAttachments)
    .leftJoin(
      documents,
      and(
        eq(documents.id, threadAttachments.documentId),
        eq(documents.organizationId, threadAttachments.organizationId),
      ),
    )
    .where(eq(threadAttachments.threadId, threadId))
    .orderBy(asc(threadAttachments.id));
  return rows.map((row) => {
    if (row.kind === "file") return { id: row.id, name: row.name, text: row.text };
    const readable = readsDocuments && row.documentDeletedAt === null;
    const text = readable ? (row.documentText ?? "") : "";
    return { id: row.id, name: row.documentTitle ?? row.name, text };
  });
}
