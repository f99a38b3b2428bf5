import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { accountNotVerified, invalidCredentials } from "../errors";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { createSession, type SessionMeta } from "./sessions";
import {
  type CurrentUser,
  findUserByEmail,
  findUserByPhone,
  loadActor,
  toCurrentUser,
} from "./users";

export const loginTypes = ["EMAIL", "PHONE"] as const;
export type LoginType = (typeof loginTypes)[number];

export type LoginInput = { loginType: LoginType; value: string; password: string };

function findUserForLogin(db: Database, input: LoginInput): Promise<User | null> {
  return input.loginType === "PHONE"
    ? findUserByPhone(db, input.value)
    : findUserByEmail(db, input.value);
}

/**
 * Checks the credentials and starts a session. An unknown login and a wrong password fail alike,
 * in wording and in time; "not verified" is told only to someone who knows the password.
 */
export async function login(
  db: Database,
  input: LoginInput,
  meta: SessionMeta = {},
): Promise<{ token: string; user: CurrentUser }> {
  const user = await findUserForLogin(db, input);
  const passwordMatches = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordMatches) throw invalidCredentials();
  if (!user.verifiedAt) throw accountNotVerified();

  const token = await createSession(db, user.id, meta);
  return { token, user: toCurrentUser(user, await loadActor(db, user)) };
}
