import { makeZip, predictLength } from "client-zip";
import { and, eq, inArray, isNull } from "drizzle-orm";
import pLimit from "p-limit";
import type { Database } from "../db/client";
import { type MediaKind, media } from "../db/schema";
import { AppError, notFound } from "../errors";
import { fileStem } from "../http/attachment";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { contentTypes } from "../storage/local";
import type { ReadRange, Storage } from "../storage/storage";

/** The most items one zip holds. */
export const maxZipItems = 100;

/** How many files of a zip are looked at in the storage at once before it starts. */
const statConcurrency = 8;

/** A stored file of the library, ready to be streamed whole or by range. */
export type MediaFile = {
  size: number;
  contentType: string;
  /** The name a download takes: the item's title, else its kind and short id, and the extension. */
  fileName: string;
  /** The file, or one range of it, read as it is sent: never whole in memory. */
  open: (range?: ReadRange) => Promise<ReadableStream<Uint8Array>>;
};

type FileRow = {
  id: string;
  kind: MediaKind;
  title: string;
  contentType: string;
  fileKey: string;
  byteSize: number;
  thumbnailKey: string | null;
  createdAt: Date;
};

const extensionOfType = new Map<string, string>(
  Object.entries(contentTypes).map(([extension, type]) => [type, extension]),
);

/** The items of the organization's library among `ids`, not deleted. */
function findFiles(db: Database, actor: OrganizationActor, ids: string[]): Promise<FileRow[]> {
  return db
    .select({
      id: media.id,
      kind: media.kind,
      title: media.title,
      contentType: media.contentType,
      fileKey: media.fileKey,
      byteSize: media.byteSize,
      thumbnailKey: media.thumbnailKey,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(
      and(
        inArray(media.id, ids),
        eq(media.organizationId, actor.organizationId),
        isNull(media.deletedAt),
      ),
    );
}

/** `Sunset over Petra.png`; `image-1a2b3c4d.png` for an item without a title. */
function fileNameOf(row: FileRow, which: "content" | "thumbnail"): string {
  const stem = fileStem(row.title, `${row.kind}-${row.id.slice(0, 8)}`);
  if (which === "thumbnail") return `${stem}.webp`;
  return `${stem}.${extensionOfType.get(row.contentType) ?? "bin"}`;
}

const fileGone = () => notFound("The file is gone.");

function opener(storage: Storage, key: string) {
  return async (range?: ReadRange) => {
    const stream = await storage.read(key, range);
    // Deleted by the purge after the item was looked up, or lost from the storage.
    if (!stream) throw fileGone();
    return stream;
  };
}

/** A file held in memory, served whole or by range like a stored one. */
function inMemory(body: Uint8Array) {
  return async (range?: ReadRange) => {
    const bytes = range ? body.subarray(range.start, range.end + 1) : body;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  };
}

/**
 * The file of an item of the organization's library, or its thumbnail (media.read), to stream;
 * 404 for an item of another organization, a deleted one, and an item without a thumbnail.
 * One request to the storage at most, which counts with S3: the file's size is the item's
 * (written with the file, whose key is never reused), so the file is only read, by range, when
 * its bytes are sent, and a 404 if it is gone; a thumbnail, small, is read whole at once.
 */
export async function openMediaFile(
  db: Database,
  storage: Storage,
  actor: Actor,
  id: string,
  which: "content" | "thumbnail",
): Promise<MediaFile> {
  requirePermission(actor, "media.read");
  const [row] = await findFiles(db, actor, [id]);
  if (!row) throw notFound("No such media item.");
  const fileName = fileNameOf(row, which);
  if (which === "content") {
    return {
      size: row.byteSize,
      contentType: row.contentType,
      fileName,
      open: opener(storage, row.fileKey),
    };
  }
  const thumbnail = row.thumbnailKey ? await storage.get(row.thumbnailKey) : null;
  if (!thumbnail) throw notFound("No thumbnail.");
  return {
    size: thumbnail.body.byteLength,
    contentType: thumbnail.contentType,
    fileName,
    open: inMemory(thumbnail.body),
  };
}

/** `name`, else `name (2)`, `name (3)`…: zip readers would write one file over another. */
function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      candidate = `${stem} (${n})${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A source stream passed on through a stream of our own, so that the source can be cancelled
 * while the zip holds the other locked: the zip writer, cancelled, does not cancel its input.
 */
function detachable(source: ReadableStream<Uint8Array>) {
  const reader = source.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    // The zip writer's cancel rethrows its reason: a reader who leaves is no error here.
    cancel: (reason) => reader.cancel(reason).catch(() => {}),
  });
  return { stream, cancel: () => reader.cancel().catch(() => {}) };
}

/**
 * The files of items of the organization's library as one zip (media.read), in the order asked,
 * named by their titles (unique within it, UTF-8, Arabic kept), stored as they are: media is
 * compressed already. Every item and file is looked for before the first byte, so that a
 * missing one is a 404 rather than a broken download: 404 with `details.missing` for ids that
 * are not items of the organization, or deleted. Each file is opened only when the zip reaches
 * it, and read as it is sent.
 */
export async function openMediaZip(
  db: Database,
  storage: Storage,
  actor: Actor,
  ids: string[],
): Promise<{ body: ReadableStream<Uint8Array>; size: number }> {
  requirePermission(actor, "media.read");
  const wanted = [...new Set(ids)];
  const rows = new Map((await findFiles(db, actor, wanted)).map((row) => [row.id, row]));
  const missing = wanted.filter((id) => !rows.has(id));
  if (missing.length > 0) {
    const error = new AppError("not_found", "NOT_FOUND", "No such media item.");
    error.details = { missing };
    throw error;
  }
  const ordered = wanted.map((id) => rows.get(id) as FileRow);
  const limit = pLimit(statConcurrency);
  const infos = await Promise.all(ordered.map((row) => limit(() => storage.stat(row.fileKey))));
  const names = uniqueNames(ordered.map((row) => fileNameOf(row, "content")));
  const files = ordered.map((row, index) => {
    const info = infos[index];
    if (!info) throw fileGone();
    return { key: row.fileKey, name: names[index] as string, size: info.size, row };
  });

  async function* entries() {
    let cancelCurrent: (() => Promise<void>) | undefined;
    try {
      for (const file of files) {
        const source = await storage.read(file.key);
        if (!source) throw fileGone();
        const { stream, cancel } = detachable(source);
        cancelCurrent = cancel;
        yield { name: file.name, size: file.size, lastModified: file.row.createdAt, input: stream };
      }
    } finally {
      // A reader who leaves mid-zip: the file being read is closed too.
      await cancelCurrent?.();
    }
  }

  const size = Number(predictLength(files.map(({ name, size }) => ({ name, size }))));
  const zip = detachable(makeZip(entries(), { buffersAreUTF8: true }));
  return { body: zip.stream, size };
}
