import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function signedIn() {
  const created = await t.createUser();
  return { ...created, token: await t.loginToken(created.email, created.password) };
}

describe("GET /user", () => {
  it("returns the current user", async () => {
    const { token, user, email, organizationId } = await signedIn();

    const response = await t.request("GET", "/user", { token });

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toMatchObject({
      id: user.id,
      email,
      verified: true,
      account: { currentOrganizationId: organizationId },
    });
    expect(response.body.account.currentOrganizationPermissions).toContain("members.manage");
  });

  it.each([
    ["no Authorization header", {}],
    ["a garbage token", { authorization: "Bearer garbage-garbage-garbage-garbage" }],
    ["a token of the wrong shape", { authorization: "Bearer !!" }],
    ["another scheme", { authorization: "Basic dXNlcjpwYXNz" }],
  ])("refuses %s with 401 UNAUTHORIZED", async (_, headers) => {
    const response = await t.request("GET", "/user", { headers });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: { code: "UNAUTHORIZED", message: expect.any(String) },
    });
  });

  it("refuses an expired session", async () => {
    const { token } = await signedIn();
    await t.expireSession(token);

    const response = await t.request("GET", "/user", { token });

    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHORIZED");
  });

  it("refuses a session idle for more than 7 days, not one idle for 6", async () => {
    const idle = await signedIn();
    const recent = await signedIn();
    await t.idleSession(idle.token, 8);
    await t.idleSession(recent.token, 6);

    expect((await t.request("GET", "/user", { token: idle.token })).status).toBe(401);
    expect((await t.request("GET", "/user", { token: recent.token })).status).toBe(200);
  });

  it("accepts the scheme in any case", async () => {
    const { token } = await signedIn();

    const response = await t.request("GET", "/user", {
      headers: { authorization: `bearer ${token}` },
    });

    expect(response.status).toBe(200);
  });
});
