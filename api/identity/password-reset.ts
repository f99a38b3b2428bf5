import { eq, sql } from "drizzle-orm";
import { users } from "../db/schema";
import { errorOnFields } from "../errors";
import { type LoginType, type SignedIn, signIn } from "./auth";
import { addressOf, type Caller, type Services } from "./context";
import { assertPasswordAllowed } from "./password-policy";
import { hashPassword, verifyPassword } from "./passwords";
import { consumeRateLimit, limitFailures } from "./rate-limits";
import { throttleSends } from "./registration";
import { revokeUserSessions } from "./sessions";
import { findUserByEmail, normalizeEmail } from "./users";
import {
  checkKey,
  checkNoKey,
  consumeKey,
  exchangeKeyForToken,
  findKeyByRecipient,
  findKeyByToken,
  generateToken,
  invalidToken,
  isLiveToken,
  issueKey,
  issueNoKey,
  keyExpired,
  keyLifetimeMinutes,
  keyRules,
} from "./verification-keys";

/**
 * Mails a reset key when the address belongs to an account. The answer and its timing are the
 * same for every address, so the call cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  s: Services,
  input: { email: string },
  caller: Caller,
): Promise<void> {
  await s.messenger.assertRoom();
  await consumeRateLimit(s.db, s.rateLimits, "keyRequestPerAddress", addressOf(caller));
  const email = normalizeEmail(input.email);
  await throttleSends(s, email);

  const user = await findUserByEmail(s.db, email);
  if (!user) {
    await issueNoKey();
    return;
  }
  const key = await issueKey(s.db, {
    purpose: "password_reset",
    channel: "EMAIL",
    recipient: email,
    userId: user.id,
  });
  await s.messenger.sendKey({
    channel: "EMAIL",
    to: email,
    locale: user.locale,
    purpose: "password_reset",
    key,
    firstName: user.firstName,
    expiresInMinutes: keyLifetimeMinutes,
  });
}

/** Exchanges a mailed reset key for the token that lets POST /password/reset set a password. */
export async function verifyPasswordResetKey(
  s: Services,
  input: { email: string; key: string },
  caller: Caller,
): Promise<{ token: string }> {
  const address = addressOf(caller);
  await consumeRateLimit(s.db, s.rateLimits, "verificationPerAddress", address);
  const email = normalizeEmail(input.email);

  const row = await limitFailures(s.db, s.rateLimits, keyRules(email, address), async () => {
    const row = await findKeyByRecipient(s.db, "password_reset", email);
    if (!row) return checkNoKey(input.key);
    await checkKey(s.db, row, input.key);
    return row;
  });
  const token = generateToken();
  if (!(await exchangeKeyForToken(s.db, row.id, token))) throw keyExpired();
  return { token };
}

/**
 * Sets a new password with a reset token, ends every session of the account (whoever held one
 * may be why the password is being reset) and signs the user in afresh. A reset by mail proves
 * the address, so an unverified account becomes verified.
 */
export async function resetPassword(
  s: Services,
  input: { token: string; newPassword: string; loginType: LoginType },
  caller: Caller,
): Promise<SignedIn> {
  await consumeRateLimit(s.db, s.rateLimits, "verificationPerAddress", addressOf(caller));
  const row = await findKeyByToken(s.db, "password_reset", input.token);
  if (!row?.verifiedAt || !isLiveToken(row) || row.channel !== input.loginType) {
    throw invalidToken();
  }
  assertPasswordAllowed(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);

  const user = await s.db.transaction(async (tx) => {
    if (!(await consumeKey(tx, row.id))) throw invalidToken();
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
        // The key came to this address: it is proven, if it is still the account's.
        emailVerifiedAt: sql`case when ${users.email} = ${row.recipient} then coalesce(${users.emailVerifiedAt}, now()) else ${users.emailVerifiedAt} end`,
      })
      .where(eq(users.id, row.userId))
      .returning();
    if (!updated) throw invalidToken();
    await revokeUserSessions(tx, updated.id);
    return updated;
  });
  return signIn(s.db, user, caller);
}

export const wrongCurrentPassword = () =>
  errorOnFields("invalid", "INVALID_PASSWORD", "The current password is not correct.", {
    currentPassword: "Not correct",
  });

/**
 * Changes the signed-in user's password after checking the current one, and ends every other
 * session of the account; the session making the change stays.
 */
export async function changePassword(
  s: Services,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  await consumeRateLimit(s.db, s.rateLimits, "passwordChangePerAccount", input.userId);
  const [user] = await s.db.select().from(users).where(eq(users.id, input.userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw wrongCurrentPassword();
  }
  assertPasswordAllowed(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await s.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, input.sessionId);
  });
}
