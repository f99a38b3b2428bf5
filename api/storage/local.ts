import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Storage, StoredFile } from "./storage";

/**
 * `<folder>/<uuid>.<ext>`: nothing else is ever written, so a key that reaches the file system
 * cannot hold `..`, a separator of its own, or a name a client chose.
 */
const keyPattern =
  /^[a-z]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png|jpg|mp3|wav|ogg|m4a|mp4|webm)$/;

/** Each extension a key may have, and the one type its files are stored and served as. */
export const contentTypes = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  webm: "video/webm",
} as const;

type Extension = keyof typeof contentTypes;

export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}

/** The content type a key's extension stands for, or null for a key that is not valid. */
export function contentTypeOfKey(key: string): string | null {
  const extension = keyPattern.exec(key)?.[1] as Extension | undefined;
  return extension ? contentTypes[extension] : null;
}

/** No such file, nor could there be one (a name longer than the file system allows). */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG";
}

/** Files in a folder, one file per key. */
export function createLocalStorage(dir: string): Storage {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return join(dir, key);
  };

  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`${contentType} does not match the extension of ${key}`);
      }
      await mkdir(dirname(path), { recursive: true });
      // Readers see either no file or the whole file, never a half-written one.
      const temporary = join(dirname(path), `.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, body, { flag: "wx" });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredFile | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        return { body: await readFile(join(dir, key)), contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
