import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
const version = "v1";

/**
 * The keys that encrypt secrets at rest: `SECRETS_KEY`, a comma-separated list of 32-byte keys
 * (base64, base64url or hex) whose first seals and all of which open, so that a key can be
 * rotated (docs/deploy.md); or one generated into `DATA_DIR/secrets-key` on first start and kept
 * across restarts. Losing them loses every stored provider key, so deployments set SECRETS_KEY or
 * keep DATA_DIR.
 */
export function secretsKeys(options: { value?: string; dataDir?: string }): Buffer[] {
  const values = (options.value ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.length > 0) {
    return values.map((value, index) =>
      parseKey(value, values.length > 1 ? ` (key ${index + 1} of ${values.length} is not)` : ""),
    );
  }
  if (!options.dataDir)
    throw new Error("SECRETS_KEY is unset and there is no DATA_DIR to keep one");
  const file = join(options.dataDir, "secrets-key");
  try {
    return [parseKey(readFileSync(file, "utf8").trim(), ` (${file} is not)`)];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const key = randomBytes(keyBytes);
    writeFileSync(file, key.toString("base64url"), { mode: 0o600, flag: "wx" });
    return [key];
  }
}

function parseKey(value: string, which: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, "hex")
    : Buffer.from(value, /[-_]/.test(value) ? "base64url" : "base64");
  if (key.length !== keyBytes) {
    throw new Error(
      `SECRETS_KEY must be ${keyBytes} bytes as base64 or hex${which} (for example: openssl rand -base64 32)`,
    );
  }
  return key;
}

/** One key, or several: the first seals, every one opens (a rotation under way). */
export type SecretsKeys = Buffer | readonly Buffer[];

export type SecretBox = {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url: AES-256-GCM, a fresh IV each time. */
  seal(plaintext: string, context: string): string;
  /** The plaintext; throws when the text was changed or sealed for another context or key. */
  open(sealed: string, context: string): string;
  /**
   * A keyed digest (HMAC-SHA-256 under a key derived from the first key for the context): the
   * same text gives the same digest, which cannot be reversed by trying every possible text, as
   * a plain hash of an IP address can.
   */
  digest(text: string, context: string): string;
};

/**
 * AES-256-GCM with the secret's context (for example the organization and the setting) as
 * associated data, so that a sealed key copied to another row or organization does not open.
 * It seals with the first key and opens with any: a sealed text does not say which key sealed
 * it, and trying a few keys costs microseconds.
 */
export function createSecretBox(keys: SecretsKeys): SecretBox {
  const all = Buffer.isBuffer(keys) ? [keys] : [...keys];
  const [sealing] = all;
  if (!sealing) throw new Error("A secret box needs a key");
  for (const key of all) {
    if (key.length !== keyBytes) throw new Error(`A secrets key has ${keyBytes} bytes`);
  }
  return {
    seal(plaintext, context) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv("aes-256-gcm", sealing, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
      return [version, ...parts].join(".");
    },
    digest(text, context) {
      const key = Buffer.from(hkdfSync("sha256", sealing, "", `qalam-digest:${context}`, keyBytes));
      return createHmac("sha256", key).update(text, "utf8").digest("base64url");
    },
    open(sealed, context) {
      const [tagVersion, iv, tag, ciphertext, ...rest] = sealed.split(".");
      if (tagVersion !== version || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new Error("Not a sealed secret");
      }
      for (const key of all) {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), {
          authTagLength: tagBytes,
        });
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        try {
          return Buffer.concat([
            decipher.update(Buffer.from(ciphertext, "base64url")),
            decipher.final(),
          ]).toString("utf8");
        } catch {
          // Another key, another context, or a changed text: the next key may be the one.
        }
      }
      throw new Error("The secret does not open with these keys in this context");
    },
  };
}

/** What may be shown of a secret: its last four characters at most, and none of a short one. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : "…";
}
