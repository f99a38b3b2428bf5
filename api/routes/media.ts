import { OpenAPIHono, z } from "@hono/zod-openapi";
import { mediaKinds } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { parseByteRange } from "../http/range";
import {
  deleteMediaItem,
  getMediaItem,
  listMedia,
  type MediaView,
  maxMediaPageSize,
  mediaRestoreDays,
  mediaThumbnailSize,
  readMediaFile,
  restoreMediaItem,
  updateMediaItem,
} from "../services/media";
import type { StoredFile } from "../storage/storage";
import { jsonBody, jsonResponse, optionalString, protectedRoute, text } from "./schemas";

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

const booleanQuery = () =>
  z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional();

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
      favourite: booleanQuery(),
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
      q: text().trim().max(200, "At most 200 characters").optional().openapi({
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

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/media/{id}",
  tags,
  summary: `Delete an item, restorable for ${mediaRestoreDays} days (media.write)`,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" } },
  errors: [403, 404, 422],
});

const restoreRoute = protectedRoute({
  method: "post",
  path: "/media/{id}/restore",
  tags,
  summary: "Bring a deleted item back (media.write)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The item", MediaSchema) },
  errors: [403, 404, 422],
});

const binary = z.string().openapi({ type: "string", format: "binary" });

const contentRoute = protectedRoute({
  method: "get",
  path: "/media/{id}/content",
  tags,
  summary: "An item's file (media.read)",
  description:
    "Answers range requests (`Range: bytes=…`, one range) with 206 and Content-Range, and 416 " +
    "for a range past the file's end. Cached privately for a year: an item's file never changes.",
  request: { params: idParams },
  responses: {
    200: { description: "The file", content: { "application/octet-stream": { schema: binary } } },
    206: {
      description: "The range asked for",
      content: { "application/octet-stream": { schema: binary } },
    },
    416: { description: "The range is not in the file; Content-Range gives its size" },
  },
  errors: [403, 404, 422],
});

const thumbnailRoute = protectedRoute({
  method: "get",
  path: "/media/{id}/thumbnail",
  tags,
  summary: "An image's thumbnail (media.read)",
  description: `A WebP that fits inside ${mediaThumbnailSize}×${mediaThumbnailSize}; 404 for an item without one.`,
  request: { params: idParams },
  responses: {
    200: { description: "The thumbnail", content: { "image/webp": { schema: binary } } },
  },
  errors: [403, 404, 422],
});

function toJson(item: MediaView) {
  return {
    ...item,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    deletedAt: item.deletedAt?.toISOString() ?? null,
  };
}

/** Headers of every stored file answered: inert when opened, and cached as the file never changes. */
const fileHeaders = (file: StoredFile) => ({
  "Content-Type": file.contentType,
  "Accept-Ranges": "bytes",
  "Cache-Control": "private, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'",
});

/** The file, or the one range of it that `rangeHeader` asks for, as `c.body` takes them. */
function fileResponse(file: StoredFile, rangeHeader: string | undefined) {
  const size = file.body.byteLength;
  const range = parseByteRange(rangeHeader, size);
  const headers = fileHeaders(file);
  if (range === "unsatisfiable") {
    return [new Uint8Array(0), 416, { ...headers, "Content-Range": `bytes */${size}` }] as const;
  }
  if (range) {
    // c.body takes only views of a plain ArrayBuffer: the slice copies the range.
    return [
      new Uint8Array(file.body.slice(range.start, range.end + 1)),
      206,
      { ...headers, "Content-Range": `bytes ${range.start}-${range.end}/${size}` },
    ] as const;
  }
  return [new Uint8Array(file.body), 200, headers] as const;
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
    .openapi(contentRoute, async (c) => {
      const { id } = c.req.valid("param");
      const file = await readMediaFile(c.var.db, c.var.storage, c.var.auth.actor, id, "content");
      const [body, status, headers] = fileResponse(file, c.req.header("range"));
      return c.body(body, status, headers);
    })
    .openapi(thumbnailRoute, async (c) => {
      const { id } = c.req.valid("param");
      const file = await readMediaFile(c.var.db, c.var.storage, c.var.auth.actor, id, "thumbnail");
      const [body, status, headers] = fileResponse(file, c.req.header("range"));
      return c.body(body, status, headers);
    });
}
