import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeError } from "../../api/log";
import { createTestApi, type TestApi, uniqueEmail } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  // A rule the service does not know of: the insert fails as an unexpected database error.
  await t.db.execute(
    sql`alter table users add constraint users_no_boom check (first_name <> 'Boom')`,
  );
});
afterAll(() => t.close());

describe("logged errors", () => {
  it("never carry a query's parameters: no address, no password hash", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const email = uniqueEmail();
    try {
      const response = await t.request("POST", "/registration", {
        json: {
          firstName: "Boom",
          lastName: "Test",
          email,
          password: "a long and rare passphrase 7",
          loginType: "EMAIL",
          "organization.name": "Boom Studio",
        },
      });
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe("INTERNAL_ERROR");
      const log = logged.mock.calls.flat().map(String).join("\n");
      expect(log).toContain("Unexpected error on POST /api/v1/registration");
      expect(log).toContain("Failed query: insert into");
      expect(log).toContain("23514");
      expect(log).toContain("users_no_boom");
      expect(log).not.toContain(email);
      expect(log).not.toContain("$argon2");
      expect(log).not.toContain("Boom Studio");
    } finally {
      logged.mockRestore();
    }
  });

  it("tell a value PostgreSQL refused by its code, not by the value", async () => {
    const error = await t.db.execute(sql`select ${"secret-value"}::uuid`).catch((e: unknown) => e);
    const described = describeError(error);
    expect(described).toContain("22P02");
    expect(described).not.toContain("secret-value");
  });

  it("keep the message and the stack of other errors", () => {
    const described = describeError(
      new TypeError("the storage is gone", { cause: new Error("EIO") }),
    );
    expect(described).toMatch(/^TypeError: the storage is gone\nError: EIO\n\s+at /);
  });
});
