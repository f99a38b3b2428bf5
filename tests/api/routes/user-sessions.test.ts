import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function signIn(userAgent: string, email: string, password: string) {
  const response = await t.request("POST", "/login", {
    json: { value: email, password },
    headers: { "user-agent": userAgent, "x-forwarded-for": "203.0.113.9, 198.51.100.4" },
  });
  return response.body.token as string;
}

describe("GET /user/sessions", () => {
  it("lists the user's live sessions, marking the current one", async () => {
    const { email, password } = await t.createUser();
    const laptop = await signIn("Laptop", email, password);
    const phone = await signIn("Phone", email, password);
    const revoked = await signIn("Old", email, password);
    await t.request("POST", "/logout", { token: revoked });
    const expired = await signIn("Expired", email, password);
    await t.expireSession(expired);
    const other = await t.createUser();
    await signIn("Someone else", other.email, other.password);

    const response = await t.request("GET", "/user/sessions", { token: phone });

    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    const byAgent = Object.fromEntries(
      response.body.items.map((item: { userAgent: string }) => [item.userAgent, item]),
    );
    expect(Object.keys(byAgent).sort()).toEqual(["Laptop", "Phone"]);
    expect(byAgent.Phone).toMatchObject({ current: true, ip: "198.51.100.4" });
    expect(byAgent.Laptop.current).toBe(false);
    expect(byAgent.Laptop.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(response.body)).not.toContain(laptop);
  });

  it("needs a signed-in user", async () => {
    expect((await t.request("GET", "/user/sessions")).status).toBe(401);
  });
});

describe("DELETE /user/sessions/{id}", () => {
  it("ends one of the user's own sessions at once", async () => {
    const { email, password } = await t.createUser();
    const keep = await signIn("Keep", email, password);
    const drop = await signIn("Drop", email, password);
    const list = await t.request("GET", "/user/sessions", { token: keep });
    const target = list.body.items.find((item: { userAgent: string }) => item.userAgent === "Drop");

    const response = await t.request("DELETE", `/user/sessions/${target.id}`, { token: keep });

    expect(response.status).toBe(204);
    expect((await t.request("GET", "/user", { token: drop })).status).toBe(401);
    expect((await t.request("GET", "/user", { token: keep })).status).toBe(200);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const mine = await t.createUser();
    const theirs = await t.createUser();
    const myToken = await signIn("Mine", mine.email, mine.password);
    const theirToken = await signIn("Theirs", theirs.email, theirs.password);
    const theirList = await t.request("GET", "/user/sessions", { token: theirToken });
    const theirSession = theirList.body.items[0].id;

    const response = await t.request("DELETE", `/user/sessions/${theirSession}`, {
      token: myToken,
    });

    expect(response.status).toBe(404);
    expect((await t.request("GET", "/user", { token: theirToken })).status).toBe(200);
  });

  it("answers 422 for an id that is not a UUID and 404 for an unknown one", async () => {
    const { email, password } = await t.createUser();
    const token = await signIn("Any", email, password);

    expect((await t.request("DELETE", "/user/sessions/not-an-id", { token })).status).toBe(422);
    const unknown = await t.request("DELETE", `/user/sessions/${crypto.randomUUID()}`, { token });
    expect(unknown.status).toBe(404);
  });
});

describe("DELETE /user/sessions", () => {
  it("signs out everywhere else", async () => {
    const { email, password } = await t.createUser();
    const current = await signIn("Current", email, password);
    const others = [await signIn("A", email, password), await signIn("B", email, password)];

    const response = await t.request("DELETE", "/user/sessions", { token: current });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ revoked: 2 });
    for (const token of others) {
      expect((await t.request("GET", "/user", { token })).status).toBe(401);
    }
    expect((await t.request("GET", "/user", { token: current })).status).toBe(200);
  });
});
