import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
import { type CountedTotal, countMatches, rowsBefore } from "../db/paging";
import {
  checkReferences as checkOrganizationReferences,
  deleteToBin,
  inBin,
  liveOrRestorable,
  lockInOrganization,
  restoreFromBin,
} from "../db/records";
import {
  clients,
  type Document,
  type DocumentVersion,
  documents,
  documentVersions,
  projects,
  users,
  workspaces,
} from "../db/schema";
import { highlightMatches, type TextSegment } from "../db/search";
import { conflict, errorOnFields, notFound, staleVersion } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { workspaceReference } from "../organizations/references";
import { reencodeImage, storedFilesPath } from "../storage/avatars";
import type { Storage } from "../storage/storage";
import { changedFields, recordAndPublish, recordMove } from "./client-activity";
import { checkSize, documentText, sanitizeDocumentHtml } from "./document-content";
import { clientReference, projectReference } from "./references";

/** How long a deleted document can be restored (days). */
export const documentRestoreDays = 30;

/** While one person keeps editing, a version of the text is kept at most this often (minutes). */
export const documentVersionMinutes = 5;

export type DocumentInput = {
  title: string;
  /** HTML; reduced to the document's tags before it is stored. */
  content: string;
  clientId: string | null;
  projectId: string | null;
  workspaceId: string | null;
};

type Person = { id: string; name: string };

export type DocumentSummary = Omit<
  Document,
  "search" | "createdBy" | "updatedBy" | "content" | "text"
> & {
  excerpt: string;
  client: { id: string; name: string } | null;
  project: { id: string; name: string } | null;
  workspace: { id: string; name: string } | null;
  updatedBy: Person | null;
  highlights?: { title: TextSegment[] | null; text: TextSegment[] | null };
};

export type DocumentView = DocumentSummary & {
  content: string;
  /** The words of `content`. */
  text: string;
  createdBy: Person | null;
};

export const documentSorts = ["title", "-title", "updated", "-updated", "relevance"] as const;
export type DocumentSort = (typeof documentSorts)[number];

export type DocumentQuery = {
  page: number;
  pageSize: number;
  q?: string;
  sort?: DocumentSort;
  clientId?: string;
  projectId?: string;
  workspaceId?: string;
  deleted?: boolean;
};

const excerptLength = 200;

const creators = alias(users, "creators");
const editors = alias(users, "editors");

/** A document's columns for lists, `text` being as much of its text as the list needs. */
function summaryColumns(text: SQL.Aliased<string> | typeof documents.text = documents.text) {
  return {
    id: documents.id,
    organizationId: documents.organizationId,
    workspaceId: documents.workspaceId,
    clientId: documents.clientId,
    projectId: documents.projectId,
    title: documents.title,
    text,
    version: documents.version,
    createdAt: documents.createdAt,
    updatedAt: documents.updatedAt,
    deletedAt: documents.deletedAt,
    clientName: clients.name,
    projectName: projects.name,
    workspaceName: workspaces.name,
    updatedById: documents.updatedBy,
    updatedByName: fullName(editors),
  };
}

function selectSummaries(db: Database, text?: SQL.Aliased<string>) {
  return db
    .select(summaryColumns(text))
    .from(documents)
    .leftJoin(clients, eq(clients.id, documents.clientId))
    .leftJoin(projects, eq(projects.id, documents.projectId))
    .leftJoin(workspaces, eq(workspaces.id, documents.workspaceId))
    .leftJoin(editors, eq(editors.id, documents.updatedBy))
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow, q?: string): DocumentSummary {
  const { clientName, projectName, workspaceName, updatedById, updatedByName, text, ...document } =
    row;
  return {
    ...document,
    excerpt: text.length > excerptLength ? `${text.slice(0, excerptLength).trimEnd()}…` : text,
    client: document.clientId ? { id: document.clientId, name: clientName ?? "" } : null,
    project: document.projectId ? { id: document.projectId, name: projectName ?? "" } : null,
    workspace: document.workspaceId
      ? { id: document.workspaceId, name: workspaceName ?? "" }
      : null,
    updatedBy: updatedById ? { id: updatedById, name: updatedByName ?? "" } : null,
    ...(q
      ? {
          highlights: {
            title: highlightMatches(document.title, q),
            text: highlightMatches(text, q, 200),
          },
        }
      : {}),
  };
}

/** The organization's documents, paged, without their text; a search matches titles and text. */
export async function listDocuments(
  db: Database,
  actor: Actor,
  query: DocumentQuery,
): Promise<{ items: DocumentSummary[] } & CountedTotal> {
  requirePermission(actor, "documents.read");
  const q = query.q?.trim() || undefined;
  const where = and(
    eq(documents.organizationId, actor.organizationId),
    query.deleted ? inBin(documents.deletedAt, documentRestoreDays) : isNull(documents.deletedAt),
    q ? sql`${documents.search} @@ qalam_search_query(${q})` : undefined,
    query.clientId ? eq(documents.clientId, query.clientId) : undefined,
    query.projectId ? eq(documents.projectId, query.projectId) : undefined,
    query.workspaceId ? eq(documents.workspaceId, query.workspaceId) : undefined,
  );
  const sort = query.sort ?? (q ? "relevance" : "-updated");
  const byUpdated = [desc(documents.updatedAt), desc(documents.id)];
  const order: SQL[] = {
    title: [asc(sql`lower(${documents.title})`), asc(documents.id)],
    "-title": [desc(sql`lower(${documents.title})`), desc(documents.id)],
    updated: [asc(documents.updatedAt), asc(documents.id)],
    "-updated": byUpdated,
    relevance: q
      ? [desc(sql`ts_rank(${documents.search}, qalam_search_query(${q}))`), ...byUpdated]
      : byUpdated,
  }[sort];
  // The excerpt without the whole text; when searching, the whole text to find the passage in.
  const text = q
    ? undefined
    : sql<string>`left(${documents.text}, ${excerptLength + 1})`.as("text");
  // The page's ids first, from the documents alone, then the 20 rows with their joins and text:
  // sorting every match with its joins and text before the limit grows with the matches
  // (docs/performance.md, "Data at scale").
  const [page, counted] = await Promise.all([
    db
      .select({ id: documents.id })
      .from(documents)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    countMatches(db, documents, where, { ...query, q }),
  ]);
  const ids = page.map((row) => row.id);
  const rows = ids.length ? await selectSummaries(db, text).where(inArray(documents.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, q)] : [];
  });
  return { items, ...counted };
}

/** One document of the actor's organization with its text, a deleted one too while restorable. */
export async function getDocument(db: Database, actor: Actor, id: string): Promise<DocumentView> {
  requirePermission(actor, "documents.read");
  const [row] = await db
    .select({
      ...summaryColumns(),
      content: documents.content,
      createdById: documents.createdBy,
      createdByName: fullName(creators),
    })
    .from(documents)
    .leftJoin(clients, eq(clients.id, documents.clientId))
    .leftJoin(projects, eq(projects.id, documents.projectId))
    .leftJoin(workspaces, eq(workspaces.id, documents.workspaceId))
    .leftJoin(editors, eq(editors.id, documents.updatedBy))
    .leftJoin(creators, eq(creators.id, documents.createdBy))
    .where(and(eq(documents.id, id), readableBy(actor)));
  if (!row) throw notFound("No such document.");
  const { content, createdById, createdByName, ...summary } = row;
  return {
    ...toSummary(summary),
    text: summary.text,
    content,
    createdBy: createdById ? { id: createdById, name: createdByName } : null,
  };
}

/** The actor's organization's documents, the deleted ones too while they can be restored. */
function readableBy(actor: OrganizationActor) {
  return and(
    eq(documents.organizationId, actor.organizationId),
    liveOrRestorable(documents.deletedAt, documentRestoreDays),
  );
}

/** 404 unless the actor may read the document; reads nothing else of it (documents.read). */
async function requireDocument(db: Database, actor: Actor, id: string) {
  requirePermission(actor, "documents.read");
  const [found] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, id), readableBy(actor)));
  if (!found) throw notFound("No such document.");
}

/** The client, project and workspace must be the organization's: 422 on the field otherwise. */
async function checkReferences(
  tx: Database,
  actor: OrganizationActor,
  input: Partial<Pick<DocumentInput, "clientId" | "projectId" | "workspaceId">>,
) {
  await checkOrganizationReferences(tx, actor.organizationId, [
    clientReference(input.clientId),
    projectReference(input.projectId),
    workspaceReference(input.workspaceId),
  ]);
}

/**
 * A project that has a client goes with that client: a document linked to both, whose project is
 * another client's, is refused with 422 PROJECT_OF_OTHER_CLIENT on `projectId`. A project without a
 * client goes with any. The references are the organization's already (checkReferences).
 */
async function checkProjectOfClient(
  tx: Database,
  clientId: string | null | undefined,
  projectId: string | null | undefined,
) {
  if (!clientId || !projectId) return;
  const [project] = await tx
    .select({ clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (project?.clientId && project.clientId !== clientId) {
    throw errorOnFields("invalid", "PROJECT_OF_OTHER_CLIENT", "The project is another client's.", {
      projectId: "The project belongs to another client",
    });
  }
}

/** The stored form of a text: sanitised HTML, at most 1,000,000 characters, and its words. */
function contentColumns(content: string | undefined) {
  if (content === undefined) return {};
  const html = checkSize(sanitizeDocumentHtml(content));
  return { content: html, text: documentText(html) };
}

/** A new document (documents.write). */
export async function createDocument(
  db: Database,
  actor: Actor,
  input: DocumentInput,
): Promise<string> {
  requirePermission(actor, "documents.write");
  const columns = contentColumns(input.content);
  return db.transaction(async (tx) => {
    await checkReferences(tx, actor, input);
    await checkProjectOfClient(tx, input.clientId, input.projectId);
    const [document] = await tx
      .insert(documents)
      .values({
        ...input,
        ...columns,
        organizationId: actor.organizationId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: documents.id });
    if (!document) throw new Error("insert into documents returned no row");
    const subject = documentSubject({ id: document.id, title: input.title });
    await recordAndPublish(tx, actor, input.clientId, "created", subject);
    return document.id;
  });
}

/** A document as its client's activity names it: by its title. */
const documentSubject = (document: { id: string; title: string }) =>
  ({ type: "document", id: document.id, name: document.title }) as const;

/** Locks a document of the actor's organization for a change: 404 when there is none. */
function lockDocument(tx: Database, actor: OrganizationActor, id: string) {
  const missing = () => notFound("No such document.");
  return lockInOrganization(tx, documents, actor.organizationId, id, missing);
}

async function latestVersion(tx: Database, documentId: string) {
  const [latest] = await tx
    .select({
      createdAt: documentVersions.createdAt,
      authorId: documentVersions.authorId,
      content: documentVersions.content,
      title: documentVersions.title,
    })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.createdAt), desc(documentVersions.id))
    .limit(1);
  return latest;
}

async function keepVersion(
  tx: Database,
  document: Document,
  kind: DocumentVersion["kind"],
  authorId: string | null,
  name = "",
) {
  const [version] = await tx
    .insert(documentVersions)
    .values({
      documentId: document.id,
      kind,
      name,
      title: document.title,
      content: document.content,
      text: document.text,
      documentVersion: document.version,
      authorId,
    })
    .returning({ id: documentVersions.id });
  if (!version) throw new Error("insert into document_versions returned no row");
  return version.id;
}

/**
 * Before a save replaces the text: the text as it was becomes a version when none was kept in the
 * last few minutes, or when someone else wrote it, so that each person's last words stay in the
 * history. An empty text, or one the history already holds, is not kept again.
 */
async function keepVersionBeforeSave(tx: Database, document: Document, writerId: string) {
  if (!document.content && !document.text) return;
  const latest = await latestVersion(tx, document.id);
  if (latest && latest.content === document.content && latest.title === document.title) return;
  const recent =
    latest && Date.now() - latest.createdAt.getTime() < documentVersionMinutes * 60_000;
  if (recent && document.updatedBy === writerId) return;
  await keepVersion(tx, document, "auto", document.updatedBy);
}

/**
 * Changes a document (documents.write) made on `version`: another change since is 409
 * STALE_VERSION carrying the document as it is now, and nothing is written.
 */
export async function updateDocument(
  db: Database,
  actor: Actor,
  id: string,
  version: number,
  changes: Partial<DocumentInput>,
): Promise<void> {
  requirePermission(actor, "documents.write");
  const columns = contentColumns(changes.content);
  const stale = await db.transaction(async (tx) => {
    const current = await lockDocument(tx, actor, id);
    if (current.deletedAt) throw conflict("DOCUMENT_DELETED", "This document was deleted.");
    if (current.version !== version) return true;
    await checkReferences(tx, actor, changes);
    // Only a new link is checked: a text saved on an older pair of links stays savable.
    const clientChanged = changes.clientId !== undefined && changes.clientId !== current.clientId;
    const projectChanged =
      changes.projectId !== undefined && changes.projectId !== current.projectId;
    if (clientChanged || projectChanged) {
      await checkProjectOfClient(
        tx,
        changes.clientId === undefined ? current.clientId : changes.clientId,
        changes.projectId === undefined ? current.projectId : changes.projectId,
      );
    }
    const { content: _content, ...rest } = changes;
    if (columns.content !== undefined || rest.title !== undefined) {
      const changed = columns.content !== current.content || rest.title !== current.title;
      if (changed) await keepVersionBeforeSave(tx, current, actor.userId);
    }
    await tx
      .update(documents)
      .set({
        ...rest,
        ...columns,
        updatedBy: actor.userId,
        version: sql`${documents.version} + 1`,
      })
      .where(eq(documents.id, id));
    // The text's changes are the versions' to tell; the activity tells a new title or a move.
    const fields = changedFields(current, rest).filter((field) => field === "title");
    const subject = { type: "document", id, name: rest.title ?? current.title } as const;
    const clientId = rest.clientId === undefined ? current.clientId : rest.clientId;
    await recordMove(tx, actor, current.clientId, clientId, subject, fields);
    await publishChange(tx, actor, "document.updated", id);
    return false;
  });
  if (stale) {
    throw staleVersion(
      "Someone changed this document since you opened it. Both texts are kept: reload theirs or keep yours as a copy.",
      await getDocument(db, actor, id),
    );
  }
}

/** Deletes a document (documents.write); restorable for 30 days. */
export async function deleteDocument(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "documents.write");
  await deleteToBin(db, {
    table: documents,
    lock: (tx) => lockDocument(tx, actor, id),
    changed: (tx, document) =>
      recordAndPublish(tx, actor, document.clientId, "deleted", documentSubject(document)),
  });
}

/** Brings a deleted document back (documents.write): 404 once its 30 days have passed. */
export async function restoreDocument(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "documents.write");
  await restoreFromBin(db, {
    table: documents,
    restoreDays: documentRestoreDays,
    noun: "document",
    lock: (tx) => lockDocument(tx, actor, id),
    changed: (tx, document) =>
      recordAndPublish(tx, actor, document.clientId, "restored", documentSubject(document)),
  });
}

// --- Versions ----------------------------------------------------------------------------------

export type DocumentVersionSummary = Pick<
  DocumentVersion,
  "id" | "kind" | "name" | "title" | "documentVersion" | "createdAt"
> & { author: Person | null; characters: number };

export type DocumentVersionView = DocumentVersionSummary & { content: string; text: string };

const versionAuthors = alias(users, "version_authors");

function versionColumns() {
  return {
    id: documentVersions.id,
    kind: documentVersions.kind,
    name: documentVersions.name,
    title: documentVersions.title,
    documentVersion: documentVersions.documentVersion,
    createdAt: documentVersions.createdAt,
    authorId: documentVersions.authorId,
    authorName: fullName(versionAuthors),
    characters: sql<number>`char_length(${documentVersions.text})`.mapWith(Number),
  };
}

function toVersionSummary(row: {
  id: string;
  kind: DocumentVersion["kind"];
  name: string;
  title: string;
  documentVersion: number;
  createdAt: Date;
  authorId: string | null;
  authorName: string;
  characters: number;
}): DocumentVersionSummary {
  const { authorId, authorName, ...version } = row;
  return { ...version, author: authorId ? { id: authorId, name: authorName } : null };
}

/** The versions kept of a document, newest first. */
export async function listDocumentVersions(
  db: Database,
  actor: Actor,
  id: string,
  page: { page: number; pageSize: number },
): Promise<{ items: DocumentVersionSummary[]; total: number }> {
  await requireDocument(db, actor, id);
  const where = eq(documentVersions.documentId, id);
  const [rows, [totals]] = await Promise.all([
    db
      .select(versionColumns())
      .from(documentVersions)
      .leftJoin(versionAuthors, eq(versionAuthors.id, documentVersions.authorId))
      .where(where)
      .orderBy(desc(documentVersions.createdAt), desc(documentVersions.id))
      .limit(page.pageSize)
      .offset(rowsBefore(page)),
    db.select({ total: count() }).from(documentVersions).where(where),
  ]);
  return { items: rows.map(toVersionSummary), total: totals?.total ?? 0 };
}

/** One version of a document, with its text. */
export async function getDocumentVersion(
  db: Database,
  actor: Actor,
  id: string,
  versionId: string,
): Promise<DocumentVersionView> {
  await requireDocument(db, actor, id);
  const [row] = await db
    .select({
      ...versionColumns(),
      content: documentVersions.content,
      text: documentVersions.text,
    })
    .from(documentVersions)
    .leftJoin(versionAuthors, eq(versionAuthors.id, documentVersions.authorId))
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, id)));
  if (!row) throw notFound("No such version.");
  const { content, text, ...summary } = row;
  return { ...toVersionSummary(summary), content, text };
}

/** Keeps the document as it is now as a named version (documents.write). */
export async function saveDocumentVersion(
  db: Database,
  actor: Actor,
  id: string,
  name: string,
): Promise<string> {
  requirePermission(actor, "documents.write");
  return db.transaction(async (tx) => {
    const current = await lockDocument(tx, actor, id);
    if (current.deletedAt) throw conflict("DOCUMENT_DELETED", "This document was deleted.");
    const versionId = await keepVersion(tx, current, "manual", actor.userId, name);
    await publishChange(tx, actor, "document.version_saved", id);
    return versionId;
  });
}

/**
 * Puts a version's title and text back (documents.write); the text it replaces is kept as a
 * version first. With `version`, a document changed since is 409 STALE_VERSION.
 */
export async function restoreDocumentVersion(
  db: Database,
  actor: Actor,
  id: string,
  versionId: string,
  version?: number,
): Promise<void> {
  requirePermission(actor, "documents.write");
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, actor, id);
    if (current.deletedAt) throw conflict("DOCUMENT_DELETED", "This document was deleted.");
    if (version !== undefined && current.version !== version) {
      throw staleVersion("Someone changed this document since you opened it.");
    }
    const [kept] = await tx
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, id)));
    if (!kept) throw notFound("No such version.");
    await keepVersion(tx, current, "restore", current.updatedBy);
    await tx
      .update(documents)
      .set({
        title: kept.title,
        content: kept.content,
        text: kept.text,
        updatedBy: actor.userId,
        version: sql`${documents.version} + 1`,
      })
      .where(eq(documents.id, id));
    await publishChange(tx, actor, "document.updated", id);
  });
}

// --- Images ------------------------------------------------------------------------------------

export const maxDocumentImageBytes = 10 * 1024 * 1024;

/** Checks an image for a document, stores it as WebP (at most 2000 px a side) and returns its URL. */
export async function saveDocumentImage(
  actor: Actor,
  storage: Storage,
  bytes: Uint8Array,
): Promise<string> {
  requirePermission(actor, "documents.write");
  const image = await reencodeImage(bytes, {
    field: "image",
    noun: "image",
    maxBytes: maxDocumentImageBytes,
    maxDimension: 8192,
    size: 2000,
    fit: "inside",
  });
  const key = `documents/${randomUUID()}.webp`;
  await storage.put(key, image, "image/webp");
  return `${storedFilesPath}/${key}`;
}
