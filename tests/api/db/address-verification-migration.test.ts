import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsBefore, migrationsFolder, removeMigrationFolders } from "./migrations";

afterAll(removeMigrationFolders);

describe("migration 0007: proven addresses", () => {
  it("counts an address proven when it is the only one or a key was used on it", async () => {
    const before = migrationsBefore("0007_address_verification");
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });

    const insert = (name: string, email: string | null, phone: string | null, verified: boolean) =>
      client.query<{ id: string }>(
        `insert into users (first_name, last_name, email, phone, password_hash, verified_at)
         values ($1, 'X', $2, $3, 'hash', ${verified ? "now()" : "null"}) returning id`,
        [name, email, phone],
      );
    const emailOnly = await insert("emailOnly", "a@example.test", null, true);
    await insert("phoneOnly", null, "+966501110001", true);
    const byEmailKey = await insert("byEmailKey", "c@example.test", "+966501110002", true);
    await insert("neither", "d@example.test", "+966501110003", true);
    await insert("unverified", "e@example.test", null, false);
    await client.query(
      `insert into verification_keys (purpose, channel, recipient, user_id, key_hash, expires_at, consumed_at)
       values ('registration', 'EMAIL', 'c@example.test', $1, 'hash', now(), now())`,
      [byEmailKey.rows[0]?.id],
    );
    expect(emailOnly.rows).toHaveLength(1);

    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{ name: string; email: boolean; phone: boolean }>(
      `select first_name as name, email_verified_at is not null as email,
              phone_verified_at is not null as phone
       from users order by first_name`,
    );
    expect(rows).toEqual([
      { name: "byEmailKey", email: true, phone: false },
      { name: "emailOnly", email: true, phone: false },
      { name: "neither", email: false, phone: false },
      { name: "phoneOnly", email: false, phone: true },
      { name: "unverified", email: false, phone: false },
    ]);
    await client.close();
  });
});
