import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { notFound } from "../errors";
import type { AppEnv } from "../http/env";
import { errorResponses, validationHook } from "../http/errors";
import { text } from "../http/schemas";

const noSuchFile = () => notFound("No such file.");

/** Folders of the storage whose files only their own routes serve, to those who may read them. */
const privateFolders: ReadonlySet<string> = new Set(["media"]);

const FileParamsSchema = z.object({
  folder: text()
    .regex(/^[a-z]{1,32}$/)
    .openapi({ param: { name: "folder", in: "path" }, example: "avatars" }),
  name: text()
    .regex(/^[0-9a-f-]{36}\.(webp|png|jpg)$/)
    .openapi({
      param: { name: "name", in: "path" },
      example: "3f1e7f8e-4c1a-4b9b-9c55-0d2a6f0c1e2b.webp",
    }),
});

const binary = z.string().openapi({ type: "string", format: "binary" });

const getFileRoute = createRoute({
  method: "get",
  path: "/files/{folder}/{name}",
  tags: ["Files"],
  summary: "A stored file, such as an avatar",
  description:
    "Public and immutable: names are random and never reused, so the URL is the only secret.",
  request: { params: FileParamsSchema },
  responses: {
    200: {
      description: "The file",
      content: {
        "image/webp": { schema: binary },
        "image/png": { schema: binary },
        "image/jpeg": { schema: binary },
      },
    },
    ...errorResponses(404),
  },
});

export function createFileRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    getFileRoute,
    async (c) => {
      const { folder, name } = c.req.valid("param");
      // Media files are the organization's (GET /media/{id}/content), never public.
      if (privateFolders.has(folder)) throw noSuchFile();
      const file = await c.var.storage.get(`${folder}/${name}`);
      if (!file) throw noSuchFile();
      // c.body takes only views of a plain ArrayBuffer; stored files are small enough to copy.
      return c.body(new Uint8Array(file.body), 200, {
        "Content-Type": file.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        // Opened directly, a file is inert: no script, style or frame of any origin runs.
        "Content-Security-Policy": "default-src 'none'",
      });
    },
    // A malformed name is just another file that does not exist.
    (result) => {
      if (!result.success) throw noSuchFile();
      return undefined;
    },
  );
}
