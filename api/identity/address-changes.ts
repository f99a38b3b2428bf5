import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { type User, users, verificationKeys } from "../db/schema";
import { AppError, errorOnFields, notFound, validationFailed } from "../errors";
import type { Channel } from "../mail/messenger";
import { publishEvent } from "../realtime/events";
import { addressOf, type Caller, type Services } from "./context";
import { wrongCurrentPassword } from "./password-reset";
import { verifyPassword } from "./passwords";
import { consumeRateLimit, limitFailures } from "./rate-limits";
import { throttleSends } from "./registration";
import { findUserByEmail, findUserByPhone, normalizeEmail, normalizePhone } from "./users";
import {
  checkKey,
  consumeKey,
  issueKey,
  keyExpired,
  keyLifetimeMinutes,
  keyRules,
} from "./verification-keys";

export type AddressKind = Channel;

/** A change waiting for its key: the new address and when the key expires. */
export type PendingAddressChange = { loginType: AddressKind; value: string; expiresAt: Date };

export type AddressChangeInput = {
  loginType: AddressKind;
  /** The new address; an empty string removes the current one. */
  value: string;
  currentPassword: string;
};

const fieldOf = (kind: AddressKind) => (kind === "PHONE" ? "phone" : "email");

function currentAddress(user: User, kind: AddressKind): string | null {
  return kind === "PHONE" ? user.phone : user.email;
}

function isProven(user: User, kind: AddressKind): boolean {
  return (kind === "PHONE" ? user.phoneVerifiedAt : user.emailVerifiedAt) !== null;
}

function normalizeAddress(kind: AddressKind, value: string): string {
  const normalized = kind === "PHONE" ? normalizePhone(value) : normalizeEmail(value);
  const valid = kind === "PHONE" || z.email().safeParse(normalized).success;
  if (!normalized || !valid) {
    const message = kind === "PHONE" ? "Not a valid phone number" : "Not a valid email address";
    throw validationFailed({ value: { code: "INVALID_FORMAT", message } });
  }
  return normalized;
}

const taken = (kind: AddressKind) =>
  kind === "PHONE"
    ? errorOnFields("conflict", "PHONE_TAKEN", "This phone number is already registered.", {
        value: "Already registered",
      })
    : errorOnFields("conflict", "EMAIL_TAKEN", "This email is already registered.", {
        value: "Already registered",
      });

/** The pending change of a user, if its key is still live. */
export async function findPendingAddressChange(
  db: Database,
  userId: string,
): Promise<PendingAddressChange | null> {
  const [row] = await db
    .select()
    .from(verificationKeys)
    .where(
      and(
        eq(verificationKeys.userId, userId),
        eq(verificationKeys.purpose, "address_change"),
        isNull(verificationKeys.consumedAt),
        gt(verificationKeys.expiresAt, new Date()),
      ),
    );
  return row ? { loginType: row.channel, value: row.recipient, expiresAt: row.expiresAt } : null;
}

export async function cancelAddressChange(db: Database, userId: string): Promise<void> {
  await db
    .delete(verificationKeys)
    .where(
      and(eq(verificationKeys.userId, userId), eq(verificationKeys.purpose, "address_change")),
    );
}

/**
 * Starts changing the email or phone of the signed-in user. The current password is required
 * (a stolen session alone must not be able to move the account elsewhere) and counted like a
 * password change. A new address changes nothing yet: a key goes to it, and the change happens
 * once that key comes back (`confirmAddressChange`). The account's own unproven address can be
 * verified the same way. An empty value removes the address at once, if the other one stays.
 */
export async function requestAddressChange(
  s: Services & { appUrl: string },
  user: User,
  input: AddressChangeInput,
): Promise<PendingAddressChange | null> {
  await consumeRateLimit(s.db, s.rateLimits, "passwordChangePerAccount", user.id);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw wrongCurrentPassword();
  }
  const kind = input.loginType;
  const current = currentAddress(user, kind);

  if (input.value.trim() === "") {
    if (current === null) return null;
    const other = currentAddress(user, kind === "PHONE" ? "EMAIL" : "PHONE");
    if (other === null) {
      throw validationFailed({
        value: { code: "REQUIRED", message: "An email address or a phone number is required" },
      });
    }
    await applyAddress(s, user, kind, null);
    return null;
  }

  const value = normalizeAddress(kind, input.value);
  if (value === current && isProven(user, kind)) {
    throw errorOnFields("invalid", "ADDRESS_UNCHANGED", "This is the account's address already.", {
      value: "Unchanged",
    });
  }
  const owner =
    kind === "PHONE" ? await findUserByPhone(s.db, value) : await findUserByEmail(s.db, value);
  if (owner && owner.id !== user.id) throw taken(kind);

  await s.messenger.assertRoom();
  await throttleSends(s, value);
  // One change at a time: a new request replaces the one waiting.
  await cancelAddressChange(s.db, user.id);
  const key = await issueKey(s.db, {
    purpose: "address_change",
    channel: kind,
    recipient: value,
    userId: user.id,
  });
  await s.messenger.sendKey({
    channel: kind,
    to: value,
    locale: user.locale,
    purpose: "address_change",
    key,
    firstName: user.firstName,
    expiresInMinutes: keyLifetimeMinutes,
  });
  const pending = await findPendingAddressChange(s.db, user.id);
  if (!pending) throw new Error("the address change key was not stored");
  return pending;
}

/**
 * Completes the waiting change with the key sent to the new address. Wrong keys count like every
 * other key's; the former address is told of the change.
 */
export async function confirmAddressChange(
  s: Services & { appUrl: string },
  user: User,
  key: string,
  caller: Caller,
): Promise<User> {
  const [row] = await s.db
    .select()
    .from(verificationKeys)
    .where(
      and(eq(verificationKeys.userId, user.id), eq(verificationKeys.purpose, "address_change")),
    );
  if (!row) throw keyExpired();
  await limitFailures(s.db, s.rateLimits, keyRules(row.recipient, addressOf(caller)), () =>
    checkKey(s.db, row, key),
  );
  return applyAddress(s, user, row.channel, row.recipient, row.id);
}

/**
 * Sets (or removes) one address of the account, marks a new one proven, and tells the former
 * address. `keyId`, when given, is used up in the same transaction.
 */
async function applyAddress(
  s: Services & { appUrl: string },
  user: User,
  kind: AddressKind,
  value: string | null,
  keyId?: string,
): Promise<User> {
  const field = fieldOf(kind);
  const provenAt = kind === "PHONE" ? "phoneVerifiedAt" : "emailVerifiedAt";
  let updated: User;
  try {
    updated = await s.db.transaction(async (tx) => {
      if (keyId && !(await consumeKey(tx, keyId))) throw keyExpired();
      const [after] = await tx
        .update(users)
        .set({ [field]: value, [provenAt]: value === null ? null : new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (!after) throw notFound("No such user.");
      await publishEvent(
        tx,
        { userId: user.id },
        {
          type: "user.updated",
          id: user.id,
          organizationId: after.currentOrganizationId,
          actor: user.id,
        },
      );
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, `users_${field}_unique`)) throw taken(kind);
    throw error;
  }
  const former = currentAddress(user, kind);
  if (former !== null && former !== value) {
    const resetUrl = new URL(`${user.locale === "ar" ? "/ar" : ""}/forgot`, s.appUrl).toString();
    try {
      await s.messenger.sendAddressChanged({
        channel: kind,
        to: former,
        locale: user.locale,
        firstName: user.firstName,
        changed: kind,
        now: value,
        resetUrl,
      });
    } catch (error) {
      // The change is made; a full mail queue must not undo it or hide it from its maker.
      if (!(error instanceof AppError)) throw error;
      console.error(`The address change notice to ${former} was not queued: ${error.message}`);
    }
  }
  return updated;
}
