import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import type { FileInfo, Storage, StoredFile } from "./storage";

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

    async stat(key): Promise<FileInfo | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        const info = await stat(join(dir, key));
        return info.isFile() ? { size: info.size, contentType } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      if (!contentTypeOfKey(key)) return null;
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        // Opened before it is read: a file replaced meanwhile (put renames over it) is read as
        // it was when opened, whole.
        handle = await open(join(dir, key), "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const file = handle.createReadStream({
        start: range?.start ?? 0,
        end: range?.end ?? Number.POSITIVE_INFINITY,
        autoClose: true,
      });
      // Cancelling the web stream destroys the file stream, which closes the handle.
      return Readable.toWeb(file) as ReadableStream<Uint8Array>;
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
