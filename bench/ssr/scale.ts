// The data of a large deployment, written into an embedded database before the product starts on
// it: 1,000 organizations, 10,000 users and 100,000 memberships (every user in ten organizations),
// beside the demo account, whose own page is then measured against the same page on an empty
// database.
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { memberships, organizations, users } from "../../api/db/schema";
import { startApi } from "../../api/start";

export const scale = { organizations: 1_000, users: 10_000, membershipsPerUser: 10 };

export async function seedLargeDeployment(dataDir: string, demoPassword: string) {
  const { api, db } = await startApi({
    dataDir: join(dataDir, "db"),
    seedDemo: true,
    demoPassword,
    filesDir: join(dataDir, "files"),
    outboxDir: join(dataDir, "outbox"),
  });
  try {
    // Nobody signs in as these users: the password hash only has to be well formed.
    const passwordHash =
      "$argon2id$v=19$m=19456,t=2,p=1$c2NhbGVzY2FsZQ$c2NhbGVzY2FsZXNjYWxlc2NhbGU";
    await db.execute(sql`
      insert into users (first_name, last_name, email, password_hash, verified_at, email_verified_at)
      select 'Scale', 'User ' || n, 'user' || n || '@scale.test', ${passwordHash}, now(), now()
      from generate_series(1, ${scale.users}) as n`);
    await db.execute(sql`
      insert into organizations (name, owner_id)
      select 'Scale organization ' || n, users.id
      from generate_series(1, ${scale.organizations}) as n
      join users on users.email = 'user' || n || '@scale.test'`);
    await db.execute(sql`
      with numbered_users as (
        select id, row_number() over (order by id) as n from users where email like '%@scale.test'
      ), numbered_organizations as (
        select id, row_number() over (order by id) as n from organizations
        where name like 'Scale organization %'
      )
      insert into memberships (organization_id, user_id, role)
      select o.id, u.id, 'member'
      from numbered_users u
      cross join generate_series(0, ${scale.membershipsPerUser - 1}) as k
      join numbered_organizations o on o.n = (u.n + k * 97) % ${scale.organizations} + 1`);
    await db.execute(sql`analyze`);
    return {
      users: await db.$count(users),
      organizations: await db.$count(organizations),
      memberships: await db.$count(memberships),
    };
  } finally {
    await api.close();
  }
}
