import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";
import { bodyLimit } from "./body-limit";
import type { AppEnv } from "./env";

/** 415 for anything but multipart/form-data, then a body limit of `maxBytes`. */
export function acceptMultipartForm(maxBytes: number) {
  const limit = bodyLimit(maxBytes);
  return createMiddleware<AppEnv>(async (c, next) => {
    const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "multipart/form-data") {
      throw new AppError(
        "unsupported_media_type",
        "UNSUPPORTED_MEDIA_TYPE",
        "The request body must be multipart/form-data.",
      );
    }
    await limit(c, next);
  });
}

/** A file part of a form; a form with no file chosen sends an empty part, which counts as none. */
export function chosenFile(part: File | "" | undefined): File | undefined {
  return part instanceof File && part.size > 0 ? part : undefined;
}
