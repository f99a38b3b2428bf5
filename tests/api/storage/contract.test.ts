import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../../api/storage/local";
import { createS3Storage } from "../../../api/storage/s3";
import type { Storage } from "../../../api/storage/storage";
import { startS3Server } from "../../support/s3-server";

/** One way of storing files, opened for a test file and closed after it. */
type Backend = {
  name: string;
  open: () => Promise<{ storage: Storage; close: () => Promise<void> }>;
};

const backends: Backend[] = [
  {
    name: "the local folder",
    open: async () => {
      const root = mkdtempSync(join(tmpdir(), "qalam-files-"));
      return {
        storage: createLocalStorage(join(root, "files")),
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3 (s3rver on loopback)",
    open: async () => {
      const server = await startS3Server();
      const storage = createS3Storage(server.options);
      return {
        storage,
        close: async () => {
          storage.close();
          await server.close();
        },
      };
    },
  },
];

/** Everything a stream gives, joined. */
async function bytesOf(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> {
  if (!stream) return null;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const key = (folder = "avatars", extension = "webp") => `${folder}/${randomUUID()}.${extension}`;
/** Enough random bytes to arrive in more than one chunk. */
const largeBody = () => new Uint8Array(randomBytes(300 * 1024));

describe.each(backends)("storage on $name", ({ open }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it.each([
    ["image/webp", "webp"],
    ["image/png", "png"],
    ["image/jpeg", "jpg"],
  ])("gives back the bytes and the type (%s) it was given", async (contentType, extension) => {
    const stored = key("logos", extension);
    const body = largeBody();

    await storage.put(stored, body, contentType);

    const file = await storage.get(stored);
    expect(file?.contentType).toBe(contentType);
    expect(file?.body).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(file?.body ?? []).equals(Buffer.from(body))).toBe(true);
  });

  it("replaces a file as a whole, by a shorter one too", async () => {
    const stored = key();
    await storage.put(stored, largeBody(), "image/webp");

    await storage.put(stored, new Uint8Array([9, 8, 7]), "image/webp");

    expect(Array.from((await storage.get(stored))?.body ?? [])).toEqual([9, 8, 7]);
  });

  it("answers null for a key that was never stored", async () => {
    expect(await storage.get(key())).toBeNull();
  });

  it("answers null once a file is deleted, and leaves the others", async () => {
    const deleted = key();
    const kept = key();
    await storage.put(deleted, new Uint8Array([1]), "image/webp");
    await storage.put(kept, new Uint8Array([2]), "image/webp");

    await storage.delete(deleted);

    expect(await storage.get(deleted)).toBeNull();
    expect(Array.from((await storage.get(kept))?.body ?? [])).toEqual([2]);
  });

  it("deletes a key that does not exist without complaint, twice", async () => {
    const stored = key();
    await expect(storage.delete(stored)).resolves.toBeUndefined();
    await storage.put(stored, new Uint8Array([1]), "image/webp");
    await storage.delete(stored);
    await expect(storage.delete(stored)).resolves.toBeUndefined();
  });

  it("keeps the same name in two folders apart: the folder is part of the key", async () => {
    const name = `${randomUUID()}.webp`;
    await storage.put(`avatars/${name}`, new Uint8Array([1]), "image/webp");
    await storage.put(`documents/${name}`, new Uint8Array([2]), "image/webp");

    await storage.delete(`documents/${name}`);

    expect(Array.from((await storage.get(`avatars/${name}`))?.body ?? [])).toEqual([1]);
    expect(await storage.get(`documents/${name}`)).toBeNull();
    expect(await storage.get(name.replace(".webp", ""))).toBeNull();
  });

  it("tells a file's size and type without reading it, and null for no file", async () => {
    const stored = key("media", "mp4");
    const body = largeBody();
    await storage.put(stored, body, "video/mp4");

    expect(await storage.stat(stored)).toEqual({ size: body.byteLength, contentType: "video/mp4" });
    expect(await storage.stat(key("media", "mp4"))).toBeNull();
    expect(await storage.stat("../secret.webp")).toBeNull();
  });

  it("streams a whole file, a middle range, the last byte, and nothing past the end", async () => {
    const stored = key("media", "mp3");
    const body = largeBody();
    const size = body.byteLength;
    await storage.put(stored, body, "audio/mpeg");

    const whole = await storage.read(stored);
    expect(whole).toBeInstanceOf(ReadableStream);
    expect(Buffer.from((await bytesOf(whole)) ?? []).equals(Buffer.from(body))).toBe(true);

    const middle = await bytesOf(await storage.read(stored, { start: 1000, end: 200_999 }));
    expect(Buffer.from(middle ?? []).equals(Buffer.from(body.subarray(1000, 201_000)))).toBe(true);

    const last = await bytesOf(await storage.read(stored, { start: size - 1, end: size - 1 }));
    expect(Array.from(last ?? [])).toEqual([body[size - 1]]);

    const cut = await bytesOf(await storage.read(stored, { start: size - 10, end: size + 100 }));
    expect(Array.from(cut ?? [])).toEqual(Array.from(body.subarray(size - 10)));

    const past = await bytesOf(await storage.read(stored, { start: size + 10, end: size + 20 }));
    expect(past).toEqual(new Uint8Array(0));
  });

  it("answers null to a read of a missing file, and a cancelled read leaves the file be", async () => {
    expect(await storage.read(key("media", "mp4"))).toBeNull();
    expect(await storage.read("../secret.webp")).toBeNull();

    const stored = key("media", "webm");
    const body = largeBody();
    await storage.put(stored, body, "video/webm");
    const reader = (await storage.read(stored))?.getReader();
    const first = await reader?.read();
    expect(first?.value?.byteLength).toBeGreaterThan(0);
    await reader?.cancel();

    await storage.delete(stored);
    expect(await storage.stat(stored)).toBeNull();
  });

  it("refuses to write a content type that does not match the extension", async () => {
    const stored = key();
    await expect(storage.put(stored, new Uint8Array([1]), "text/html")).rejects.toThrow(
      /does not match/,
    );
    expect(await storage.get(stored)).toBeNull();
  });

  it.each([
    "../secret.webp",
    `avatars/../${randomUUID()}.webp`,
    `avatars/nested/${randomUUID()}.webp`,
    `/avatars/${randomUUID()}.webp`,
    `avatars/${randomUUID()}.svg`,
    `avatars\\${randomUUID()}.webp`,
    `Avatars/${randomUUID()}.webp`,
    "",
  ])("refuses the key %j: no write, no delete, nothing read", async (bad) => {
    await expect(storage.put(bad, new Uint8Array([1]), "image/webp")).rejects.toThrow(
      /Not a storage key/,
    );
    await expect(storage.delete(bad)).rejects.toThrow(/Not a storage key/);
    expect(await storage.get(bad)).toBeNull();
  });
});
