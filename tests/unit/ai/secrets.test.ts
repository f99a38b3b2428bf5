import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSecretBox, secretHint, secretsKeys } from "../../../api/ai/secrets";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("opens what it sealed, and seals the same text differently each time", () => {
    const first = box.seal("sk-live-1234567890", "org-1:chat");
    const second = box.seal("sk-live-1234567890", "org-1:chat");
    expect(first).not.toBe(second);
    expect(first).not.toContain("1234567890");
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(first, "org-1:chat")).toBe("sk-live-1234567890");
    expect(box.open(second, "org-1:chat")).toBe("sk-live-1234567890");
  });

  it("digests a text the same way each time, by key and context, without a plain hash", () => {
    const digest = box.digest("203.0.113.7", "bot-address");
    expect(box.digest("203.0.113.7", "bot-address")).toBe(digest);
    expect(box.digest("203.0.113.8", "bot-address")).not.toBe(digest);
    expect(box.digest("203.0.113.7", "another-use")).not.toBe(digest);
    expect(createSecretBox(randomBytes(32)).digest("203.0.113.7", "bot-address")).not.toBe(digest);
    const plain = createHash("sha256").update("203.0.113.7").digest("base64url");
    expect(digest).not.toBe(plain);
    expect(digest).toMatch(/^[\w-]{43}$/);
  });

  it("refuses a secret moved to another context, changed, or sealed with another key", () => {
    const sealed = box.seal("sk-live-1234567890", "org-1:chat");
    expect(() => box.open(sealed, "org-2:chat")).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, "base64url");
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() =>
      box.open([version, iv, tag, flipped.toString("base64url")].join("."), "org-1:chat"),
    ).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, "org-1:chat")).toThrow();
    expect(() => box.open("plain text", "org-1:chat")).toThrow(/Not a sealed secret/);
  });

  it("seals with the first of several keys and opens with any of them (a rotation)", () => {
    const [newKey, oldKey, olderKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const byOld = createSecretBox(oldKey).seal("sk-old", "org-1:chat");
    const byOlder = createSecretBox([olderKey]).seal("sk-older", "org-1:chat");
    const rotating = createSecretBox([newKey, oldKey, olderKey]);
    expect(rotating.open(byOld, "org-1:chat")).toBe("sk-old");
    expect(rotating.open(byOlder, "org-1:chat")).toBe("sk-older");
    // Still bound to its context, whichever key opens it.
    expect(() => rotating.open(byOld, "org-2:chat")).toThrow(/does not open/);

    const sealed = rotating.seal("sk-new", "org-1:chat");
    expect(createSecretBox(newKey).open(sealed, "org-1:chat")).toBe("sk-new");
    expect(() => createSecretBox(oldKey).open(sealed, "org-1:chat")).toThrow();
    expect(() => createSecretBox([])).toThrow(/needs a key/);
  });
});

describe("secretsKeys", () => {
  it("reads SECRETS_KEY as hex, base64 or base64url", () => {
    const key = randomBytes(32);
    expect(secretsKeys({ value: key.toString("hex") })[0]?.equals(key)).toBe(true);
    expect(secretsKeys({ value: key.toString("base64") })[0]?.equals(key)).toBe(true);
    expect(secretsKeys({ value: key.toString("base64url") })[0]?.equals(key)).toBe(true);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => secretsKeys({ value: "short" })).toThrow(/SECRETS_KEY must be 32 bytes/);
    expect(() => secretsKeys({ value: randomBytes(16).toString("hex") })).toThrow(/32 bytes/);
    const good = randomBytes(32).toString("base64");
    expect(() => secretsKeys({ value: `${good}, short` })).toThrow(/key 2 of 2 is not/);
  });

  it("reads a comma-separated list of keys, first one first", () => {
    const [newKey, oldKey] = [randomBytes(32), randomBytes(32)];
    const keys = secretsKeys({
      value: ` ${newKey.toString("base64")} ,${oldKey.toString("hex")}, `,
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]?.equals(newKey)).toBe(true);
    expect(keys[1]?.equals(oldKey)).toBe(true);
  });

  it("generates one into DATA_DIR on first use, readable by the owner only, and keeps it", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "qalam-secrets-"));
    dirs.push(dataDir);
    const [first] = secretsKeys({ dataDir }) as [Buffer];
    expect(first).toHaveLength(32);
    const file = join(dataDir, "secrets-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe(first.toString("base64url"));
    expect(secretsKeys({ dataDir })[0]?.equals(first)).toBe(true);
    // SECRETS_KEY wins over the file.
    const set = randomBytes(32);
    expect(secretsKeys({ value: set.toString("hex"), dataDir })).toEqual([set]);
  });
});

describe("secretHint", () => {
  it("shows the last four characters of a key at most, and nothing of a short one", () => {
    expect(secretHint("sk-proj-abcdefghijklmnop")).toBe("…mnop");
    expect(secretHint("short-key")).toBe("…");
  });
});
