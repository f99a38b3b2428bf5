import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseConnection, openDatabase } from "../../../api/db/client";
import { createTestDatabase, type TestDatabase } from "../helpers";

let database: TestDatabase;
let connection: DatabaseConnection;
beforeAll(async () => {
  database = await createTestDatabase();
  connection = await openDatabase({ databaseUrl: database.url });
});
afterAll(async () => {
  await connection.close();
  await database.drop();
});

describe("settling the database's notifications", () => {
  it("delivers everything committed before it, in order, before it resolves", async () => {
    const received: string[] = [];
    const stop = await connection.notifications.listen("settle_test", (payload) => {
      received.push(payload);
    });
    const sent = Array.from({ length: 20 }, (_, index) => `change ${index}`);
    for (const payload of sent) {
      await connection.notifications.notify("settle_test", payload);
    }

    await connection.notifications.settle();

    expect(received).toEqual(sent);
    await stop();
  });

  it("resolves again and again, each time after what came before it", async () => {
    const received: string[] = [];
    const stop = await connection.notifications.listen("settle_again", (payload) => {
      received.push(payload);
    });
    for (const round of [1, 2, 3]) {
      await connection.notifications.notify("settle_again", `round ${round}`);
      await connection.notifications.settle();
      expect(received.at(-1)).toBe(`round ${round}`);
    }
    await stop();
  });
});
