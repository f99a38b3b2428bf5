import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsBefore, migrationsFolder, removeMigrationFolders } from "./migrations";

afterAll(removeMigrationFolders);

it("migration 0011 counts the calls recorded before it into their months", async () => {
  const before = migrationsBefore("0011_ai_usage_months");
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });

  const user = await client.query<{ id: string }>(
    `insert into users (first_name, last_name, email, password_hash) values ('A', 'B', 'a@example.test', 'h') returning id`,
  );
  const organization = await client.query<{ id: string }>(
    `insert into organizations (name, owner_id) values ('Org', $1) returning id`,
    [user.rows[0]?.id],
  );
  const orgId = organization.rows[0]?.id;
  const call = (capability: string, units: number, outcome: string, at: string) =>
    client.query(
      `insert into ai_usage (organization_id, capability, purpose, source, model, units, latency_ms, outcome, created_at)
       values ($1, $2, 'test', 'environment', 'm', $3, 10, $4, $5)`,
      [orgId, capability, units, outcome, at],
    );
  await call("chat", 100, "ok", "2026-10-31T23:59:59Z");
  await call("chat", 50, "ok", "2026-11-01T00:00:00Z");
  await call("chat", 0, "AI_BAD_KEY", "2026-11-15T12:00:00Z");
  await call("image", 2, "ok", "2026-11-02T00:00:00Z");

  await migrate(db, { migrationsFolder });
  const months = await client.query(
    `select capability, month::text as month, units::int as units, calls, failures
     from ai_usage_months order by capability, month`,
  );
  expect(months.rows).toEqual([
    { capability: "chat", month: "2026-10-01", units: 100, calls: 1, failures: 0 },
    { capability: "chat", month: "2026-11-01", units: 50, calls: 2, failures: 1 },
    { capability: "image", month: "2026-11-01", units: 2, calls: 1, failures: 0 },
  ]);
  await client.close();
});
