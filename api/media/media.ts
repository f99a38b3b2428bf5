import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { clientReference, projectReference } from "../crm/references";
import type { Database } from "../db/client";
import {
  checkReferences as checkOrganizationReferences,
  liveOrRestorable,
  purgeable,
  restorable,
} from "../db/records";
import { type Media, type MediaKind, type MediaSettings, media } from "../db/schema";
import { AppError, errorOnFields, notFound } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { type ImageRules, reencodeImage } from "../storage/avatars";
import { contentTypes } from "../storage/local";
import type { Storage, StoredFile } from "../storage/storage";

/** How long a deleted media item can be restored (days); the purge takes its files after. */
export const mediaRestoreDays = 30;

/** Thumbnails fit inside a square this wide. */
export const mediaThumbnailSize = 512;

/** The most items a page of the library lists. */
export const maxMediaPageSize = 100;

export type MediaView = Omit<
  Media,
  "search" | "organizationId" | "fileKey" | "thumbnailKey" | "deletedAt"
> & {
  hasThumbnail: boolean;
  deletedAt: Date | null;
};

export type MediaQuery = {
  limit: number;
  cursor?: string;
  kind?: MediaKind;
  favourite?: boolean;
  projectId?: string;
  clientId?: string;
  authorId?: string;
  /** Made by this model. */
  model?: string;
  /** Made by this job: a generation's variants. */
  jobId?: string;
  /** Made on or after this day (`YYYY-MM-DD`, UTC). */
  from?: string;
  /** Made on or before this day (`YYYY-MM-DD`, UTC). */
  to?: string;
  q?: string;
};

export type NewMediaItem = {
  kind: MediaKind;
  bytes: Uint8Array;
  contentType: string;
  title?: string;
  prompt?: string;
  settings?: MediaSettings;
  model?: string | null;
  durationSeconds?: number | null;
  /** A picture of an audio or video item (a waveform, a poster frame), as PNG, JPEG or WebP. */
  thumbnail?: Uint8Array | null;
  projectId?: string | null;
  clientId?: string | null;
  jobId?: string | null;
};

export type MediaChanges = {
  title?: string;
  favourite?: boolean;
  projectId?: string | null;
  clientId?: string | null;
};

const noSuchItem = () => notFound("No such media item.");

function toView(item: Media): MediaView {
  const {
    search: _search,
    organizationId: _organizationId,
    fileKey: _fileKey,
    thumbnailKey,
    ...rest
  } = item;
  return { ...rest, hasThumbnail: thumbnailKey !== null };
}

// --- Cursor ------------------------------------------------------------------------------------

/**
 * The opaque cursor of keyset paging: the last item's created_at (to the microsecond, as
 * PostgreSQL keeps it, which a JavaScript Date would round) and id, base64url-encoded.
 */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
}

const badCursor = () =>
  errorOnFields("invalid", "INVALID_CURSOR", "The cursor is not one this list gave.", {
    cursor: "Not a cursor of this list",
  });

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value[0]) &&
      typeof value[1] === "string" &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value[1])
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the error.
  }
  throw badCursor();
}

const createdAtText = sql<string>`to_char(${media.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// --- Reading -----------------------------------------------------------------------------------

/**
 * A page of a prompt search: the matches are found first through the search index, then ordered.
 * Left to itself, PostgreSQL walks the organization's items newest first and tests each one, as
 * it expects a word to match more items than it does (docs/performance.md, "Media library at
 * scale"); a materialized CTE keeps it to the matches.
 */
async function searchPage(db: Database, where: SQL | undefined, count: number) {
  // Drizzle's execute() is typed by its driver; both drivers answer with { rows }.
  const found = (await db.execute(sql`
    with matches as materialized (
      select ${media.id} as id, ${media.createdAt} as created_at from ${media} where ${where}
    )
    select id from matches order by created_at desc, id desc limit ${count}`)) as unknown as {
    rows: { id: string }[];
  };
  const ids = found.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select({ item: media, createdAtText })
    .from(media)
    .where(inArray(media.id, ids))
    .orderBy(desc(media.createdAt), desc(media.id));
}

/** The organization's library, newest first, a page at a time (media.read). */
export async function listMedia(
  db: Database,
  actor: Actor,
  query: MediaQuery,
): Promise<{ items: MediaView[]; nextCursor: string | null }> {
  requirePermission(actor, "media.read");
  const q = query.q?.trim() || undefined;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const limit = Math.min(Math.max(query.limit, 1), maxMediaPageSize);
  const where: (SQL | undefined)[] = [
    eq(media.organizationId, actor.organizationId),
    isNull(media.deletedAt),
    query.kind ? eq(media.kind, query.kind) : undefined,
    query.favourite === undefined ? undefined : eq(media.favourite, query.favourite),
    query.projectId ? eq(media.projectId, query.projectId) : undefined,
    query.clientId ? eq(media.clientId, query.clientId) : undefined,
    query.authorId ? eq(media.authorId, query.authorId) : undefined,
    query.model ? eq(media.model, query.model) : undefined,
    query.jobId ? eq(media.jobId, query.jobId) : undefined,
    // Whole days in UTC: `to` takes in its day to the end.
    query.from
      ? sql`${media.createdAt} >= ${query.from}::date::timestamp at time zone 'UTC'`
      : undefined,
    query.to
      ? sql`${media.createdAt} < (${query.to}::date + 1)::timestamp at time zone 'UTC'`
      : undefined,
    q ? sql`${media.search} @@ qalam_search_query(${q})` : undefined,
    after
      ? sql`(${media.createdAt}, ${media.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined,
  ];
  const rows = q
    ? await searchPage(db, and(...where), limit + 1)
    : await db
        .select({ item: media, createdAtText })
        .from(media)
        .where(and(...where))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toView(row.item)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAtText, last.item.id) : null,
  };
}

/** An item of the organization's; a deleted one while it can be restored. */
async function findItem(db: Database, actor: OrganizationActor, id: string): Promise<Media> {
  const [item] = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.id, id),
        eq(media.organizationId, actor.organizationId),
        liveOrRestorable(media.deletedAt, mediaRestoreDays),
      ),
    );
  if (!item) throw noSuchItem();
  return item;
}

/** An item of the organization's library (media.read); 404 for any other. */
export async function getMediaItem(db: Database, actor: Actor, id: string): Promise<MediaView> {
  requirePermission(actor, "media.read");
  return toView(await findItem(db, actor, id));
}

/**
 * The file of an item of the organization's library, or its thumbnail (media.read); 404 for an
 * item of another organization, a deleted one, and an item without a thumbnail.
 */
export async function readMediaFile(
  db: Database,
  storage: Storage,
  actor: Actor,
  id: string,
  which: "content" | "thumbnail",
): Promise<StoredFile> {
  requirePermission(actor, "media.read");
  const item = await findItem(db, actor, id);
  if (item.deletedAt) throw noSuchItem();
  const key = which === "content" ? item.fileKey : item.thumbnailKey;
  const file = key ? await storage.get(key) : null;
  if (!file) throw notFound(which === "content" ? "The file is gone." : "No thumbnail.");
  return which === "content" ? { ...file, contentType: item.contentType } : file;
}

// --- Writing -----------------------------------------------------------------------------------

/** The client and project must be the organization's: 422 on the field otherwise. */
export async function checkReferences(
  tx: Database,
  actor: OrganizationActor,
  input: { clientId?: string | null; projectId?: string | null },
) {
  await checkOrganizationReferences(tx, actor.organizationId, [
    clientReference(input.clientId),
    projectReference(input.projectId),
  ]);
}

/** The extension of each type the library keeps, for the storage key. */
const extensionOfType = new Map<string, string>(
  Object.entries(contentTypes).map(([extension, type]) => [type, extension]),
);

/** The rules a generated image is read by: a thumbnail fitted inside 512×512, as WebP. */
const thumbnailRules: ImageRules = {
  field: "bytes",
  noun: "image",
  maxBytes: 64 * 1024 * 1024,
  maxDimension: 16_384,
  size: mediaThumbnailSize,
  fit: "inside",
};

async function imageSize(
  bytes: Uint8Array,
  extension: string,
): Promise<{ width: number; height: number }> {
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (metadata.format !== (extension === "jpg" ? "jpeg" : extension)) {
    throw errorOnFields("invalid", "INVALID_IMAGE", "The image is not of its declared type.", {
      contentType: "Not the image's type",
    });
  }
  // A quarter turn in the EXIF tag swaps the sides as the image is shown.
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}

/**
 * A new item of the organization's library, made by the actor (media.create): the file is
 * stored under a server-generated key; an image is checked by its content, measured and gets a
 * WebP thumbnail, as does audio or video from the picture given as `thumbnail`. Resolves with the
 * item's id.
 */
export async function createMediaItem(
  db: Database,
  storage: Storage,
  actor: Actor,
  input: NewMediaItem,
): Promise<string> {
  requirePermission(actor, "media.create");
  const contentType = input.contentType.toLowerCase();
  const extension = extensionOfType.get(contentType);
  if (!extension || !contentType.startsWith(`${input.kind}/`)) {
    throw errorOnFields("invalid", "UNSUPPORTED_CONTENT_TYPE", "The type does not fit the kind.", {
      contentType: `One of the ${input.kind} types the library keeps`,
    });
  }
  let thumbnail: Uint8Array | null = null;
  let size: { width: number | null; height: number | null } = { width: null, height: null };
  if (input.kind === "image") {
    // Checks the content too: a file that is not a PNG, JPEG or WebP image, or not of the type
    // it is said to be, is refused here.
    thumbnail = await reencodeImage(input.bytes, thumbnailRules);
    size = await imageSize(input.bytes, extension);
  } else if (input.thumbnail) {
    thumbnail = await reencodeImage(input.thumbnail, thumbnailRules);
  }
  const id = randomUUID();
  // The media folder is not served by GET /files: only GET /media/{id}/content, to members.
  const fileKey = `media/${randomUUID()}.${extension}`;
  const thumbnailKey = thumbnail ? `media/${randomUUID()}.webp` : null;
  await storage.put(fileKey, input.bytes, contentType);
  try {
    if (thumbnail && thumbnailKey) await storage.put(thumbnailKey, thumbnail, "image/webp");
    await db.transaction(async (tx) => {
      await checkReferences(tx, actor, input);
      await tx.insert(media).values({
        id,
        organizationId: actor.organizationId,
        kind: input.kind,
        authorId: actor.userId,
        projectId: input.projectId ?? null,
        clientId: input.clientId ?? null,
        title: input.title ?? "",
        prompt: input.prompt ?? "",
        settings: input.settings ?? {},
        model: input.model ?? null,
        fileKey,
        contentType,
        byteSize: input.bytes.byteLength,
        width: size.width,
        height: size.height,
        durationSeconds: input.durationSeconds ?? null,
        thumbnailKey,
        jobId: input.jobId ?? null,
      });
      await publishChange(tx, actor, "media.created", id);
    });
  } catch (error) {
    await deleteMediaFiles(storage, [fileKey, thumbnailKey]);
    throw error;
  }
  return id;
}

/** Changes an item's title, favourite mark, project or client (media.write). */
export async function updateMediaItem(
  db: Database,
  actor: Actor,
  id: string,
  changes: MediaChanges,
): Promise<void> {
  requirePermission(actor, "media.write");
  await db.transaction(async (tx) => {
    const current = await findItem(tx, actor, id);
    if (current.deletedAt) {
      throw new AppError("conflict", "MEDIA_DELETED", "This item was deleted.");
    }
    await checkReferences(tx, actor, changes);
    await tx.update(media).set(changes).where(eq(media.id, id));
    await publishChange(tx, actor, "media.updated", id);
  });
}

/** Deletes an item (media.write); restorable for 30 days, its files purged after. */
export async function deleteMediaItem(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "media.write");
  await db.transaction(async (tx) => {
    const current = await findItem(tx, actor, id);
    if (current.deletedAt) return;
    await tx.update(media).set({ deletedAt: new Date() }).where(eq(media.id, id));
    await publishChange(tx, actor, "media.deleted", id);
  });
}

/** Brings a deleted item back (media.write): 404 once its 30 days have passed. */
export async function restoreMediaItem(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "media.write");
  await db.transaction(async (tx) => {
    const current = await findItem(tx, actor, id);
    if (!current.deletedAt) return;
    const [restored] = await tx
      .update(media)
      .set({ deletedAt: null })
      .where(and(eq(media.id, id), restorable(media.deletedAt, mediaRestoreDays)))
      .returning({ id: media.id });
    if (!restored) throw notFound("This item can no longer be restored.");
    await publishChange(tx, actor, "media.restored", id);
  });
}

/** Deletes stored files; one that cannot be deleted is left for later rather than failing. */
async function deleteMediaFiles(storage: Storage, keys: (string | null)[]) {
  await Promise.all(
    keys
      .filter((key): key is string => key !== null)
      .map((key) => storage.delete(key).catch(() => {})),
  );
}

/** Deletes for good the items deleted over 30 days ago, and their files; resolves with how many. */
export async function purgeDeletedMedia(db: Database, storage: Storage): Promise<number> {
  const gone = await db
    .delete(media)
    .where(purgeable(media.deletedAt, mediaRestoreDays))
    .returning({ fileKey: media.fileKey, thumbnailKey: media.thumbnailKey });
  await deleteMediaFiles(
    storage,
    gone.flatMap((item) => [item.fileKey, item.thumbnailKey]),
  );
  return gone.length;
}
