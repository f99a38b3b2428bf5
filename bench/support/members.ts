// The people of a benchmark's organizations, made through the services that registration and
// the organizations' pages use.
import { sql } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import { sessions } from "../../api/db/schema";
import { generateSessionToken, hashSessionToken } from "../../api/identity/sessions";
import { createUser } from "../../api/identity/users";
import { createOrganization } from "../../api/organizations/organizations";

/** A member who signs in: `token` is a session of theirs, for the API's bearer header. */
export type Member = { id: string; email: string; token: string };

/** A verified user with a password, through the service that registration uses. */
export async function addMember(
  db: Database,
  user: { email: string; firstName: string; lastName: string; password: string },
): Promise<Member> {
  const { id } = await createUser(db, { ...user, verified: true });
  const token = generateSessionToken();
  await db.insert(sessions).values({
    userId: id,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id, email: user.email, token };
}

/**
 * An organization "Bench <label>" with its owner (owner@<label>.<bench>.bench.test, who signs in
 * with `password`) and two more members, who make things too and never sign in.
 */
export async function addOrganization(
  db: Database,
  { bench, label, password }: { bench: string; label: string; password: string },
) {
  const domain = `${label}.${bench}.bench.test`;
  const owner = await addMember(db, {
    email: `owner@${domain}`,
    firstName: "Bench",
    lastName: `Owner ${label}`,
    password,
  });
  const organization = await createOrganization(db, { name: `Bench ${label}`, ownerId: owner.id });
  const others: string[] = [];
  for (const [index, name] of ["Hana Saleh", "ليلى المنصوري"].entries()) {
    const [firstName = "", lastName = ""] = name.split(" ");
    const user = await createUser(db, {
      firstName,
      lastName,
      email: `member${index + 1}@${domain}`,
      passwordHash: "not a password: nobody signs in as this member",
      verified: true,
    });
    await db.execute(sql`
      insert into memberships (organization_id, user_id, role)
      values (${organization.id}, ${user.id}, 'member')`);
    await db.execute(sql`
      update users set current_organization_id = ${organization.id} where id = ${user.id}`);
    others.push(user.id);
  }
  return { id: organization.id, owner, others };
}
