import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentTypeOfKey, createLocalStorage, isStorageKey } from "../../../api/storage/local";
import type { Storage } from "../../../api/storage/storage";

let root: string;
let dir: string;
let storage: Storage;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "qalam-files-"));
  dir = join(root, "files");
  storage = createLocalStorage(dir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const bytes = new Uint8Array([1, 2, 3, 4]);
const avatarKey = () => `avatars/${randomUUID()}.webp`;

describe("createLocalStorage", () => {
  it("stores a file and reads it back with the content type of its extension", async () => {
    const key = avatarKey();

    await storage.put(key, bytes, "image/webp");

    const file = await storage.get(key);
    expect(file?.contentType).toBe("image/webp");
    expect(new Uint8Array(file?.body ?? [])).toEqual(bytes);
  });

  it("replaces a file as a whole and leaves no temporary file behind", async () => {
    const key = avatarKey();
    await storage.put(key, bytes, "image/webp");

    await storage.put(key, new Uint8Array([9]), "image/webp");

    expect(new Uint8Array((await storage.get(key))?.body ?? [])).toEqual(new Uint8Array([9]));
    expect(readdirSync(join(dir, "avatars"))).toEqual([key.slice("avatars/".length)]);
  });

  it("answers null for a key that was never stored, and for a deleted one", async () => {
    const key = avatarKey();
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, bytes, "image/webp");
    await storage.delete(key);

    expect(await storage.get(key)).toBeNull();
  });

  it("answers null for a folder name longer than the file system allows", async () => {
    const key = `${"a".repeat(5000)}/${avatarKey().slice("avatars/".length)}`;
    expect(await storage.get(key)).toBeNull();
  });

  it("deletes a key that does not exist without complaint", async () => {
    await expect(storage.delete(avatarKey())).resolves.toBeUndefined();
  });

  it("refuses to write a content type that does not match the extension", async () => {
    await expect(storage.put(avatarKey(), bytes, "text/html")).rejects.toThrow();
  });

  it.each([
    "../secret.webp",
    `avatars/../${randomUUID()}.webp`,
    `/etc/${randomUUID()}.webp`,
    `avatars/${randomUUID()}.svg`,
    `avatars/${randomUUID().toUpperCase()}.webp`,
    `avatars/${randomUUID()}.webp/..`,
    `avatars\\${randomUUID()}.webp`,
    `avatars/${randomUUID()}.webp\0`,
    `Avatars/${randomUUID()}.webp`,
    "",
  ])("never touches the file system for the key %j", async (key) => {
    expect(isStorageKey(key)).toBe(false);
    await expect(storage.put(key, bytes, "image/webp")).rejects.toThrow(/Not a storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Not a storage key/);
    expect(await storage.get(key)).toBeNull();
  });

  it("cannot read a file next to its folder", async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(root, "secret.webp"), "secret");

    expect(await storage.get("../secret.webp")).toBeNull();
    expect(await storage.get(`avatars/../../secret.webp`)).toBeNull();
  });

  it("derives content types from extensions", () => {
    const id = randomUUID();
    expect(contentTypeOfKey(`logos/${id}.png`)).toBe("image/png");
    expect(contentTypeOfKey(`logos/${id}.jpg`)).toBe("image/jpeg");
    expect(contentTypeOfKey(`logos/${id}.webp`)).toBe("image/webp");
    expect(contentTypeOfKey(`logos/${id}.gif`)).toBeNull();
  });
});
