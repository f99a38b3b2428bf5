import { randomInt } from "node:crypto";
import { count, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { createUser } from "../identity/users";
import { createOrganization } from "./organizations";

export const demoEmail = "demo@qalam.local";

// Any constant shared by every instance; it serialises seeding when several start at once.
const seedLockKey = 7_240_012;

// No 0/o, 1/l/i: the password is read off a terminal and typed by hand.
const readableAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** Four groups of four, about 79 bits: `k7mq-xr2d-9tfa-wp3n`. */
export function generateReadablePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => readableAlphabet[randomInt(readableAlphabet.length)]).join(""),
  );
  return groups.join("-");
}

/**
 * On an empty database, creates the demo organization and its verified owner, and returns the
 * owner's credentials (a generated password exists nowhere else). Otherwise does nothing and returns null.
 */
export async function seedDemo(
  db: Database,
  chosenPassword?: string,
): Promise<{ email: string; password: string } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if (existing && existing.n > 0) return null;

    const password = chosenPassword ?? generateReadablePassword();
    const user = await createUser(tx, {
      firstName: "Demo",
      lastName: "User",
      email: demoEmail,
      password,
      verified: true,
    });
    await createOrganization(tx, { name: "Qalam Demo", ownerId: user.id });
    return { email: demoEmail, password };
  });
}
