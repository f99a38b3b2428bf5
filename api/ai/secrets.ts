import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
const version = "v1";

/**
 * The key that encrypts secrets at rest: `SECRETS_KEY` (32 bytes as base64, base64url or hex), or
 * one generated into `DATA_DIR/secrets-key` on first start and kept across restarts. Losing it
 * loses every stored provider key, so deployments set SECRETS_KEY or keep DATA_DIR.
 */
export function secretsKey(options: { value?: string; dataDir?: string }): Buffer {
  const value = options.value?.trim();
  if (value) return parseKey(value);
  if (!options.dataDir)
    throw new Error("SECRETS_KEY is unset and there is no DATA_DIR to keep one");
  const file = join(options.dataDir, "secrets-key");
  try {
    return parseKey(readFileSync(file, "utf8").trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const key = randomBytes(keyBytes);
    writeFileSync(file, key.toString("base64url"), { mode: 0o600, flag: "wx" });
    return key;
  }
}

function parseKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, "hex")
    : Buffer.from(value, /[-_]/.test(value) ? "base64url" : "base64");
  if (key.length !== keyBytes) {
    throw new Error(
      `SECRETS_KEY must be ${keyBytes} bytes as base64 or hex (for example: openssl rand -base64 32)`,
    );
  }
  return key;
}

export type SecretBox = {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url: AES-256-GCM, a fresh IV each time. */
  seal(plaintext: string, context: string): string;
  /** The plaintext; throws when the text was changed or sealed for another context or key. */
  open(sealed: string, context: string): string;
};

/**
 * AES-256-GCM with the secret's context (for example the organization and the setting) as
 * associated data, so that a sealed key copied to another row or organization does not open.
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== keyBytes) throw new Error(`A secrets key has ${keyBytes} bytes`);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
      return [version, ...parts].join(".");
    },
    open(sealed, context) {
      const [tagVersion, iv, tag, ciphertext, ...rest] = sealed.split(".");
      if (tagVersion !== version || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new Error("Not a sealed secret");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), {
        authTagLength: tagBytes,
      });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

/** What may be shown of a secret: its last four characters at most, and none of a short one. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : "…";
}
