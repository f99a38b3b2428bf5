import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type VerificationKey, verificationKeys } from "../db/schema";
import { errorOnFields } from "../errors";
import type { Channel, KeyPurpose } from "../mail/messenger";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { CountedRule } from "./rate-limits";

export const keyLifetimeMinutes = 10;
export const keyLifetimeMs = keyLifetimeMinutes * 60 * 1000;

export const invalidKey = () =>
  errorOnFields("invalid", "INVALID_KEY", "The key is not correct.", { key: "Not correct" });

export const keyExpired = () =>
  errorOnFields(
    "invalid",
    "KEY_EXPIRED",
    "The key has expired or was already used. Request a new one.",
    { key: "Expired" },
  );

export const invalidToken = () =>
  errorOnFields("invalid", "INVALID_TOKEN", "The link or token is not valid, or has expired.", {
    token: "Not valid",
  });

/** Six digits, uniformly drawn from a cryptographic source; leading zeros kept. */
export function generateKey(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type IssueKeyInput = {
  purpose: KeyPurpose;
  channel: Channel;
  recipient: string;
  userId: string;
  /** Registration hands out its token with the key; a reset hands it out once the key checks. */
  token?: string;
};

/**
 * Issues a key for a purpose and recipient, replacing the previous one whatever its state: only
 * the latest key sent works. The key is hashed with argon2id, so a copy of the table does not
 * give away keys that are still live.
 */
export async function issueKey(db: Database, input: IssueKeyInput): Promise<string> {
  const key = generateKey();
  const now = new Date();
  const row = {
    purpose: input.purpose,
    channel: input.channel,
    recipient: input.recipient,
    userId: input.userId,
    keyHash: await hashPassword(key),
    tokenHash: input.token ? hashToken(input.token) : null,
    attempts: 0,
    expiresAt: new Date(now.getTime() + keyLifetimeMs),
    verifiedAt: null,
    consumedAt: null,
    createdAt: now,
  };
  await db
    .insert(verificationKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [verificationKeys.purpose, verificationKeys.recipient],
      set: row,
    });
  return key;
}

/** Spends the time of issuing a key when there is no account to issue it for. */
export async function issueNoKey(): Promise<void> {
  await hashPassword(generateKey());
}

/** Spends the time of checking a key when there is no key to check. */
export async function checkNoKey(key: string): Promise<never> {
  await verifyAgainstDummy(key);
  throw invalidKey();
}

export async function findKeyByToken(
  db: Database,
  purpose: KeyPurpose,
  token: string,
): Promise<VerificationKey | null> {
  const [row] = await db
    .select()
    .from(verificationKeys)
    .where(
      and(eq(verificationKeys.purpose, purpose), eq(verificationKeys.tokenHash, hashToken(token))),
    );
  return row ?? null;
}

export async function findKeyByRecipient(
  db: Database,
  purpose: KeyPurpose,
  recipient: string,
): Promise<VerificationKey | null> {
  const [row] = await db
    .select()
    .from(verificationKeys)
    .where(and(eq(verificationKeys.purpose, purpose), eq(verificationKeys.recipient, recipient)));
  return row ?? null;
}

/**
 * Checks a typed key; a used or expired one is dead (KEY_EXPIRED), a wrong one answers INVALID_KEY.
 * Wrong tries do not burn the key, or a stranger could spoil the key its owner holds: the rate
 * limits of `keyRules` cap guessing instead, within the key's ten minutes.
 */
export async function checkKey(db: Database, row: VerificationKey, key: string): Promise<void> {
  const [counted] = await db
    .update(verificationKeys)
    .set({ attempts: sql`${verificationKeys.attempts} + 1` })
    .where(
      and(
        eq(verificationKeys.id, row.id),
        isNull(verificationKeys.consumedAt),
        isNull(verificationKeys.verifiedAt),
        gt(verificationKeys.expiresAt, new Date()),
      ),
    )
    .returning({ attempts: verificationKeys.attempts });
  if (!counted) throw keyExpired();
  if (!(await verifyPassword(row.keyHash, key))) throw invalidKey();
}

/** The rules that count wrong keys for a recipient: per recipient and address, and per recipient. */
export function keyRules(recipient: string, address: string): CountedRule[] {
  return [
    ["verificationPerAccountAndAddress", `${recipient} ${address}`],
    ["verificationPerAccount", recipient],
  ];
}

/** Marks a key used; false when another request used it first. */
export async function consumeKey(db: Database, id: string): Promise<boolean> {
  const used = await db
    .update(verificationKeys)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationKeys.id, id), isNull(verificationKeys.consumedAt)))
    .returning({ id: verificationKeys.id });
  return used.length === 1;
}

/**
 * After a reset key checks: hands out the token that allows the new password, valid for another
 * key lifetime. False when another request got there first.
 */
export async function exchangeKeyForToken(
  db: Database,
  id: string,
  token: string,
): Promise<boolean> {
  const now = new Date();
  const exchanged = await db
    .update(verificationKeys)
    .set({
      verifiedAt: now,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + keyLifetimeMs),
    })
    .where(
      and(
        eq(verificationKeys.id, id),
        isNull(verificationKeys.consumedAt),
        isNull(verificationKeys.verifiedAt),
      ),
    )
    .returning({ id: verificationKeys.id });
  return exchanged.length === 1;
}

/** A live reset token's row: key verified, not used, not expired. */
export function isLiveToken(row: VerificationKey): boolean {
  return row.consumedAt === null && row.expiresAt.getTime() > Date.now();
}
