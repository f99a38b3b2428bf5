import { createMiddleware } from "hono/factory";
import { AppError, validationFailed } from "../errors";
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

/**
 * The name and bytes of the file a form part must carry: 422 REQUIRED on `field` when none was
 * chosen.
 */
export async function requiredFile(
  part: File | "" | undefined,
  field: string,
): Promise<{ name: string; bytes: Uint8Array }> {
  const file = chosenFile(part);
  if (!file) throw validationFailed({ [field]: { code: "REQUIRED", message: "Choose a file" } });
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
