import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApi } from "../../../api/index";
import { createTestDatabase, type TestDatabase } from "../helpers";

// The seed runs through the public createApi, on a database that survives a restart.
let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "qalam-seed-"));
});
afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const options = () => ({
  databaseUrl: database.url,
  dataDir,
  filesDir: join(dataDir, "files"),
  outboxDir: join(dataDir, "outbox"),
  seedDemo: true,
});

it("creates the demo account once, on an empty database", async () => {
  const first = await createApi(options());
  expect(first.seeded).toEqual({ email: "demo@qalam.local", password: expect.any(String) });
  const password = first.seeded?.password ?? "";
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

  const login = await first.fetch(
    new Request("http://qalam.test/api/v1/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ value: "demo@qalam.local", password }),
    }),
  );
  expect(login.status).toBe(200);
  const { user } = await login.json();
  expect(user).toMatchObject({ firstName: "Demo", lastName: "User", verified: true });
  expect(user.account.currentOrganizationPermissions).toContain("organization.delete");
  await first.close();

  const second = await createApi(options());
  expect(second.seeded).toBeNull();
  await second.close();
});
