import { OpenAPIHono, z } from "@hono/zod-openapi";
import { mediaKinds } from "../db/schema";
import { attachmentNamed } from "../http/attachment";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { namesTag } from "../http/etag";
import { parseByteRange } from "../http/range";
import { binRoutes, queryFlag, searchWords } from "../http/record-routes";
import { jsonBody, jsonResponse, optionalString, protectedRoute, text } from "../http/schemas";
import type { ReadRange } from "../storage/storage";
import {
  deleteMediaItem,
  getMediaItem,
  listMedia,
  type MediaView,
  maxMediaPageSize,
  mediaRestoreDays,
  mediaThumbnailSize,
  restoreMediaItem,
  updateMediaItem,
} from "./media";
import { type MediaFile, maxZipItems, openMediaFile, openMediaZip } from "./media-files";

const tags = ["Media"];

const idParams = z.object({ id: z.uuid("Not a media item id") });

const MediaSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(mediaKinds),
    authorId: z
      .uuid()
      .nullable()
      .openapi({ description: "Null once the author's account is gone" }),
    projectId: z.uuid().nullable(),
    clientId: z.uuid().nullable(),
    title: z.string(),
    prompt: z.string(),
    settings: z
      .record(z.string(), z.unknown())
      .openapi({ description: "What the generation was asked with: model, size, seed, voice…" }),
    model: z.string().nullable(),
    contentType: z.string(),
    byteSize: z.int(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    durationSeconds: z.number().nullable(),
    hasThumbnail: z.boolean().openapi({ description: "GET /media/{id}/thumbnail answers" }),
    favourite: z.boolean(),
    jobId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deletedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: `Set while deleted; restorable for ${mediaRestoreDays} days` }),
  })
  .openapi("Media");

const MediaListSchema = z
  .object({
    items: z.array(MediaSchema),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
  })
  .openapi("MediaList");

const MediaUpdateSchema = z
  .object({
    title: optionalString({ max: 200 }),
    favourite: z.boolean(),
    projectId: z.uuid("Not a project id").nullable(),
    clientId: z.uuid("Not a client id").nullable(),
  })
  .partial()
  .openapi("MediaUpdate");

const listRoute = protectedRoute({
  method: "get",
  path: "/media",
  tags,
  summary: "The organization's media library, newest first (media.read)",
  description:
    "Keyset paging: each page gives `nextCursor`, which asks for the page after it; items made " +
    "meanwhile do not shift the pages. 422 INVALID_CURSOR for a cursor this list did not give.",
  request: {
    query: z.object({
      kind: z.enum(mediaKinds).optional(),
      favourite: queryFlag(),
      projectId: z.uuid("Not a project id").optional(),
      clientId: z.uuid("Not a client id").optional(),
      authorId: z.uuid("Not a user id").optional(),
      model: text()
        .trim()
        .min(1, "Required")
        .max(200, "At most 200 characters")
        .optional()
        .openapi({
          description: "Only what this model made",
        }),
      jobId: z.uuid("Not a job id").optional().openapi({
        description: "Only what this job made: a generation's variants",
      }),
      from: z.iso.date("Not a date (YYYY-MM-DD)").optional().openapi({
        description: "Made on or after this day (UTC)",
      }),
      to: z.iso.date("Not a date (YYYY-MM-DD)").optional().openapi({
        description: "Made on or before this day (UTC), the whole day",
      }),
      q: searchWords().openapi({
        description: "Full-text search of titles and prompts, English and Arabic",
      }),
      cursor: text().max(200, "At most 200 characters").optional(),
      limit: z.coerce
        .number()
        .int("Must be a whole number")
        .min(1, "At least 1")
        .max(maxMediaPageSize, `At most ${maxMediaPageSize}`)
        .default(50),
    }),
  },
  responses: { 200: jsonResponse("One page of the library", MediaListSchema) },
  errors: [403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/media/{id}",
  tags,
  summary: "An item of the organization's library (media.read)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The item", MediaSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/media/{id}",
  tags,
  summary: "Change an item's title, favourite mark, project or client (media.write)",
  description:
    "422 UNKNOWN_PROJECT or UNKNOWN_CLIENT for one that is not the organization's; 409 " +
    "MEDIA_DELETED for a deleted item.",
  request: { params: idParams, ...jsonBody(MediaUpdateSchema) },
  responses: { 200: jsonResponse("The item as it is now", MediaSchema) },
  errors: [400, 403, 404, 409, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/media",
  tags,
  idParams,
  schema: MediaSchema,
  name: "item",
  deleteSummary: `Delete an item, restorable for ${mediaRestoreDays} days (media.write)`,
  restoreSummary: "Bring a deleted item back (media.write)",
});

const binary = z.string().openapi({ type: "string", format: "binary" });

const fileQuery = z.object({
  download: z.enum(["0", "1"]).optional().openapi({
    description: "1: `Content-Disposition: attachment`, named after the item's title",
  }),
});

const fileHeadersDoc = {
  "Content-Range": z
    .string()
    .optional()
    .openapi({ description: "`bytes start-end/size` on a 206" }),
  ETag: z.string().openapi({ description: "Strong: an item's file never changes" }),
};

const fileResponses = (what: string) =>
  ({
    200: {
      description: what,
      headers: z.object(fileHeadersDoc),
      content: { "application/octet-stream": { schema: binary } },
    },
    206: {
      description: "The range asked for",
      headers: z.object(fileHeadersDoc),
      content: { "application/octet-stream": { schema: binary } },
    },
    304: { description: "If-None-Match named the file's ETag" },
    416: { description: "The range is not in the file; Content-Range gives its size" },
  }) as const;

const fileDescription =
  "Answers range requests (`Range: bytes=…`, " +
  "one range) with 206 and Content-Range, and 416 for a range past the file's end; `If-Range` " +
  "with another ETag sends the whole file, `If-None-Match` with its ETag 304. Cached privately " +
  "for a year: an item's file never changes. `download=1` adds `Content-Disposition: attachment` " +
  "with the item's title as the name (`filename*`, UTF-8), else its kind and short id.";

const contentRoute = protectedRoute({
  method: "get",
  path: "/media/{id}/content",
  tags,
  summary: "An item's file (media.read)",
  description: `Streamed from the storage, never whole in memory; 404 when the file is gone from it. ${fileDescription}`,
  request: { params: idParams, query: fileQuery },
  responses: fileResponses("The file"),
  errors: [403, 404, 422],
});

const thumbnailRoute = protectedRoute({
  method: "get",
  path: "/media/{id}/thumbnail",
  tags,
  summary: "An item's thumbnail (media.read)",
  description: `A WebP that fits inside ${mediaThumbnailSize}×${mediaThumbnailSize}; 404 for an item without one. ${fileDescription}`,
  request: { params: idParams, query: fileQuery },
  responses: fileResponses("The thumbnail"),
  errors: [403, 404, 422],
});

const ZipRequestSchema = z
  .object({
    ids: z
      .array(z.uuid("Not a media item id"))
      .min(1, "At least 1")
      .max(maxZipItems, `At most ${maxZipItems}`),
  })
  .openapi("MediaZipRequest");

const zipRoute = protectedRoute({
  method: "post",
  path: "/media/zip",
  tags,
  summary: "Items' files as one zip, streamed (media.read)",
  description:
    `1 to ${maxZipItems} ids; the same id twice is one entry. The entries, in the order asked, ` +
    "are named after the items' titles (UTF-8, unique within the zip: `Title (2).png`) and " +
    "stored without compression, since media is compressed already. 404 NOT_FOUND, with the " +
    "ids in `details.missing`, when any id is not an item of the organization or is deleted: " +
    "nothing is sent then.",
  request: jsonBody(ZipRequestSchema),
  responses: {
    200: {
      description: "The zip, `qalam-media.zip`",
      content: { "application/zip": { schema: binary } },
    },
  },
  errors: [400, 403, 404, 422],
});

function toJson(item: MediaView) {
  return {
    ...item,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    deletedAt: item.deletedAt?.toISOString() ?? null,
  };
}

/**
 * The file, or the one range of it that the request asks for, streamed: headers of every stored
 * file answered make it inert when opened and cached as the file never changes.
 */
async function fileResponse(
  file: MediaFile,
  tag: string,
  request: {
    method: string;
    header: (name: string) => string | undefined;
    query: (name: string) => string | undefined;
  },
) {
  // A HEAD asks for the headers: the file is not opened (Hono would drop its stream unread), and
  // they come from the item's record.
  const open = (range?: ReadRange) => (request.method === "HEAD" ? null : file.open(range));
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=31536000, immutable",
    ETag: tag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  };
  if (request.query("download") === "1") {
    headers["Content-Disposition"] = attachmentNamed(file.fileName);
  }
  if (namesTag(request.header("if-none-match"), tag)) {
    return { body: null, status: 304 as const, headers };
  }
  const ifRange = request.header("if-range");
  // A range of another version of the file would be spliced into the wrong bytes: the whole.
  const rangeHeader = ifRange && ifRange !== tag ? undefined : request.header("range");
  const size = file.size;
  const range = parseByteRange(rangeHeader, size);
  if (range === "unsatisfiable") {
    return {
      body: null,
      status: 416 as const,
      headers: { ...headers, "Content-Range": `bytes */${size}` },
    };
  }
  if (range) {
    return {
      body: await open(range),
      status: 206 as const,
      headers: {
        ...headers,
        "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
        "Content-Length": String(range.end - range.start + 1),
      },
    };
  }
  return {
    body: await open(),
    status: 200 as const,
    headers: { ...headers, "Content-Length": String(size) },
  };
}

export function createMediaRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { items, nextCursor } = await listMedia(
        c.var.db,
        c.var.auth.actor,
        c.req.valid("query"),
      );
      return c.json({ items: items.map(toJson), nextCursor }, 200);
    })
    .openapi(getRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(toJson(await getMediaItem(c.var.db, c.var.auth.actor, id)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await updateMediaItem(c.var.db, actor, id, c.req.valid("json"));
      return c.json(toJson(await getMediaItem(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteMediaItem(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreMediaItem(c.var.db, actor, id);
      return c.json(toJson(await getMediaItem(c.var.db, actor, id)), 200);
    })
    .openapi(zipRoute, async (c) => {
      const { ids } = c.req.valid("json");
      const zip = await openMediaZip(c.var.db, c.var.storage, c.var.auth.actor, ids);
      return c.body(zip.body, 200, {
        "Content-Type": "application/zip",
        "Content-Length": String(zip.size),
        "Content-Disposition": 'attachment; filename="qalam-media.zip"',
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
    })
    .openapi(contentRoute, async (c) => {
      const { id } = c.req.valid("param");
      const file = await openMediaFile(c.var.db, c.var.storage, c.var.auth.actor, id, "content");
      const answer = await fileResponse(file, `"${id}"`, c.req);
      if (answer.body === null) return c.body(null, answer.status, answer.headers);
      return c.body(answer.body, answer.status, answer.headers);
    })
    .openapi(thumbnailRoute, async (c) => {
      const { id } = c.req.valid("param");
      const file = await openMediaFile(c.var.db, c.var.storage, c.var.auth.actor, id, "thumbnail");
      const answer = await fileResponse(file, `"${id}-thumbnail"`, c.req);
      if (answer.body === null) return c.body(null, answer.status, answer.headers);
      return c.body(answer.body, answer.status, answer.headers);
    });
}
