import { eq, sql } from "drizzle-orm";
import { type Locale, users } from "../db/schema";
import { AppError, validationFailed } from "../errors";
import { createOrganization } from "../organizations/organizations";
import { findUserByLogin, type LoginType, normalizeLogin, type SignedIn, signIn } from "./auth";
import { addressOf, type Caller, type Services } from "./context";
import { assertPasswordAllowed } from "./password-policy";
import { hashPassword } from "./passwords";
import { consumeRateLimit, limitFailures } from "./rate-limits";
import {
  type CurrentUser,
  createUser,
  findUserByEmail,
  loadActor,
  normalizePhone,
  toCurrentUser,
} from "./users";
import {
  checkKey,
  consumeKey,
  findKeyByToken,
  generateToken,
  invalidToken,
  issueKey,
  issueNoKey,
  keyExpired,
  keyLifetimeMinutes,
  keyRules,
} from "./verification-keys";

export type RegistrationInput = {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  password: string;
  loginType: LoginType;
  locale: Locale;
  organization: { name: string };
};

/**
 * Creates an unverified account and its first organization, owned by the new user, in one
 * transaction. Two identical registrations at once create one account: the other gets 409.
 */
export async function register(
  s: Services,
  input: RegistrationInput,
  caller: Caller,
): Promise<CurrentUser> {
  await consumeRateLimit(s.db, s.rateLimits, "registrationPerAddress", addressOf(caller));
  const phone = input.phone ? normalizePhone(input.phone) : null;
  if (input.phone && !phone) {
    throw validationFailed({
      phone: { code: "INVALID_FORMAT", message: "Not a valid phone number" },
    });
  }
  const login = input.loginType === "PHONE" ? phone : input.email;
  if (!login) {
    const field = input.loginType === "PHONE" ? "phone" : "email";
    throw validationFailed({ [field]: { code: "REQUIRED", message: "Required" } });
  }
  await consumeRateLimit(
    s.db,
    s.rateLimits,
    "registrationPerAccount",
    `${input.loginType}:${normalizeLogin(input.loginType, login)}`,
  );
  assertPasswordAllowed(input.password);
  // Hashing takes a while: done before the transaction, so no connection waits on it.
  const passwordHash = await hashPassword(input.password);

  const user = await s.db.transaction(async (tx) => {
    const created = await createUser(tx, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      phone,
      passwordHash,
      locale: input.locale,
    });
    await createOrganization(tx, { name: input.organization.name, ownerId: created.id });
    const [reloaded] = await tx.select().from(users).where(eq(users.id, created.id));
    return reloaded ?? created;
  });
  return toCurrentUser(user, await loadActor(s.db, user));
}

export type KeyRequestInput = { loginValue: string; loginType: LoginType };

/**
 * Sends a verification key to an unverified account's email or phone and returns the token that
 * goes with it. The answer is the same for an unknown, a verified and an unverified login, so it
 * tells nothing about accounts; only the owner of the address receives a key.
 */
export async function requestRegistrationKey(
  s: Services,
  input: KeyRequestInput,
  caller: Caller,
): Promise<{ token: string }> {
  await s.messenger.assertRoom();
  await consumeRateLimit(s.db, s.rateLimits, "keyRequestPerAddress", addressOf(caller));
  const recipient = normalizeLogin(input.loginType, input.loginValue);
  if (!recipient) {
    throw validationFailed({
      loginValue: { code: "INVALID_FORMAT", message: "Not a valid phone number" },
    });
  }
  await throttleSends(s, recipient);

  const token = generateToken();
  const user = await findUserByLogin(s.db, input.loginType, recipient);
  if (!user || user.verifiedAt) {
    await issueNoKey();
    return { token };
  }
  const key = await issueKey(s.db, {
    purpose: "registration",
    channel: input.loginType,
    recipient,
    userId: user.id,
    token,
  });
  await s.messenger.sendKey({
    channel: input.loginType,
    to: recipient,
    locale: user.locale,
    purpose: "registration",
    key,
    firstName: user.firstName,
    expiresInMinutes: keyLifetimeMinutes,
  });
  return { token };
}

/** Both limits on keys sent to one address: a pause between two, and a ceiling per hour. */
export async function throttleSends(s: Services, recipient: string): Promise<void> {
  await consumeRateLimit(s.db, s.rateLimits, "keySendInterval", recipient);
  await consumeRateLimit(s.db, s.rateLimits, "keySendPerRecipient", recipient);
}

export type KeyVerificationInput = { token: string; key: string; loginType: LoginType };

/**
 * Verifies the account of a registration token with its key, and signs the user in: holding both
 * proves control of the address, as a password reset by mail does.
 */
export async function verifyRegistrationKey(
  s: Services,
  input: KeyVerificationInput,
  caller: Caller,
): Promise<SignedIn> {
  const address = addressOf(caller);
  await consumeRateLimit(s.db, s.rateLimits, "verificationPerAddress", address);
  const row = await findKeyByToken(s.db, "registration", input.token);
  if (!row || row.channel !== input.loginType) throw invalidToken();
  await limitFailures(s.db, s.rateLimits, keyRules(row.recipient, address), () =>
    checkKey(s.db, row, input.key),
  );
  const user = await s.db.transaction(async (tx) => {
    if (!(await consumeKey(tx, row.id))) throw keyExpired();
    // The key proves the account and the address it was sent to.
    const proven = row.channel === "PHONE" ? users.phoneVerifiedAt : users.emailVerifiedAt;
    const [verified] = await tx
      .update(users)
      .set({
        verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
        [row.channel === "PHONE" ? "phoneVerifiedAt" : "emailVerifiedAt"]:
          sql`coalesce(${proven}, now())`,
      })
      .where(eq(users.id, row.userId))
      .returning();
    if (!verified) throw new AppError("not_found", "NOT_FOUND", "The account no longer exists.");
    return verified;
  });
  return signIn(s.db, user, caller);
}

/** For the sign-up form's "already registered" hint; limited per address against harvesting. */
export async function emailExists(s: Services, email: string, caller: Caller): Promise<boolean> {
  await consumeRateLimit(s.db, s.rateLimits, "emailExistsPerAddress", addressOf(caller));
  return (await findUserByEmail(s.db, email)) !== null;
}
