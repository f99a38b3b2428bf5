import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { accountNotVerified, invalidCredentials } from "../errors";
import { addressOf, type Caller, type Services } from "./context";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { consumeRateLimit, limitFailures } from "./rate-limits";
import { createSession } from "./sessions";
import {
  type CurrentUser,
  findUserByEmail,
  findUserByPhone,
  loadActor,
  normalizeEmail,
  normalizePhone,
  toCurrentUser,
} from "./users";

export const loginTypes = ["EMAIL", "PHONE"] as const;
export type LoginType = (typeof loginTypes)[number];

export type LoginInput = { loginType: LoginType; value: string; password: string };

export type SignedIn = { token: string; user: CurrentUser };

/** The stored form of a login value, or null when it cannot be one (an invalid phone number). */
export function normalizeLogin(loginType: LoginType, value: string): string | null {
  return loginType === "PHONE" ? normalizePhone(value) : normalizeEmail(value);
}

export function findUserByLogin(
  db: Database,
  loginType: LoginType,
  value: string,
): Promise<User | null> {
  return loginType === "PHONE" ? findUserByPhone(db, value) : findUserByEmail(db, value);
}

/** Starts a session for a user and returns it with the user as GET /user shows them. */
export async function signIn(db: Database, user: User, caller: Caller): Promise<SignedIn> {
  const token = await createSession(db, user.id, caller);
  return { token, user: toCurrentUser(user, await loadActor(db, user)) };
}

/**
 * Checks the credentials and starts a session. An unknown login and a wrong password fail alike,
 * in wording and in time; "not verified" is told only to someone who knows the password.
 */
export async function login(s: Services, input: LoginInput, caller: Caller): Promise<SignedIn> {
  const address = addressOf(caller);
  await consumeRateLimit(s.db, s.rateLimits, "loginPerAddress", address);
  const login = normalizeLogin(input.loginType, input.value) ?? input.value.trim();
  const account = `${input.loginType}:${login}`;
  const rules = [
    ["loginPerAccountAndAddress", `${account} ${address}`],
    ["loginPerAccount", account],
  ] as const;

  const user = await limitFailures(s.db, s.rateLimits, rules, async () => {
    const user = await findUserByLogin(s.db, input.loginType, input.value);
    const passwordMatches = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !passwordMatches) throw invalidCredentials();
    return user;
  });
  if (!user.verifiedAt) throw accountNotVerified();

  return signIn(s.db, user, caller);
}
