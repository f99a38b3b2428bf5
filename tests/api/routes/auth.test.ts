import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissions } from "../../../api/organizations/permissions";
import { createTestApi, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("POST /login", () => {
  it("returns a token and the current user with the owner's permissions", async () => {
    const { user, email, password, organizationId } = await t.createUser();

    const response = await t.request("POST", "/login", {
      json: { value: email, password, loginType: "EMAIL" },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.user).toEqual({
      id: user.id,
      firstName: "Test",
      lastName: "User",
      email,
      phone: null,
      avatarUrl: null,
      locale: "en",
      verified: true,
      emailVerified: true,
      phoneVerified: false,
      account: {
        currentOrganizationId: organizationId,
        currentOrganizationPermissions: [...permissions],
      },
    });
  });

  it("defaults loginType to EMAIL and matches the email case-insensitively after trimming", async () => {
    const { email, password, user } = await t.createUser();

    const response = await t.request("POST", "/login", {
      json: { value: `  ${email.toUpperCase()} `, password },
    });

    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(user.id);
  });

  it("signs in with a phone number when loginType is PHONE", async () => {
    const { password, user } = await t.createUser({ phone: "+966 50 123 4567" });

    const response = await t.request("POST", "/login", {
      json: { value: "00966501234567", password, loginType: "PHONE" },
    });

    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, phone: "+966501234567" });
  });

  it("signs in without an organization, with no permissions", async () => {
    const { email, password } = await t.createUser({ withOrganization: false });

    const response = await t.request("POST", "/login", { json: { value: email, password } });

    expect(response.status).toBe(200);
    expect(response.body.user.account).toEqual({
      currentOrganizationId: null,
      currentOrganizationPermissions: [],
    });
  });

  it("refuses a wrong password and an unknown email with the same 401", async () => {
    const { email, password } = await t.createUser();

    const wrongPassword = await t.request("POST", "/login", {
      json: { value: email, password: `${password}x` },
    });
    const unknownEmail = await t.request("POST", "/login", {
      json: { value: "nobody@example.test", password },
    });

    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error.code).toBe("INVALID_CREDENTIALS");
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it("does not trim the password", async () => {
    const { email, password } = await t.createUser();

    const response = await t.request("POST", "/login", {
      json: { value: email, password: ` ${password} ` },
    });

    expect(response.status).toBe(401);
  });

  it("tells an unverified account apart only once the password is right", async () => {
    const { email, password } = await t.createUser({ verified: false });

    const wrong = await t.request("POST", "/login", { json: { value: email, password: "nope" } });
    const right = await t.request("POST", "/login", { json: { value: email, password } });

    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("INVALID_CREDENTIALS");
    expect(right.status).toBe(403);
    expect(right.body.error.code).toBe("ACCOUNT_NOT_VERIFIED");
    expect(right.body.token).toBeUndefined();
  });

  it("answers missing fields with 422 and a message per field", async () => {
    const response = await t.request("POST", "/login", { json: { value: "  " } });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.fields).toEqual({ value: "Required", password: "Required" });
    expect(response.body.error.fieldCodes).toEqual({ value: "REQUIRED", password: "REQUIRED" });
  });

  it("rejects an unknown loginType with 422", async () => {
    const response = await t.request("POST", "/login", {
      json: { value: "a@example.test", password: "x", loginType: "FAX" },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.error.fields)).toEqual(["loginType"]);
    expect(response.body.error.fieldCodes).toEqual({ loginType: "INVALID_VALUE" });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await t.request("POST", "/login", {
      body: '{"value": "a@example.test",',
      headers: { "content-type": "application/json" },
    });

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("MALFORMED_JSON");
  });

  it("starts a new session on every login; each token stays valid", async () => {
    const { email, password, user } = await t.createUser();

    const first = await t.loginToken(email, password);
    const second = await t.loginToken(email, password);

    expect(first).not.toBe(second);
    for (const token of [first, second]) {
      const response = await t.request("GET", "/user", { token });
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(user.id);
    }
  });
});

describe("POST /login/email", () => {
  it("signs in with an email address", async () => {
    const { email, password, user } = await t.createUser();

    const response = await t.request("POST", "/login/email", {
      json: { value: email.toUpperCase(), password },
    });

    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(user.id);
  });

  it("refuses a wrong password with 401", async () => {
    const { email } = await t.createUser();

    const response = await t.request("POST", "/login/email", {
      json: { value: email, password: "wrong" },
    });

    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("INVALID_CREDENTIALS");
  });
});

describe("POST /login/phone", () => {
  it("signs in with a phone number in any international form", async () => {
    const { password, user } = await t.createUser({ phone: "+966 50 765 4321" });

    for (const value of ["+966507654321", "00966 50 765 4321", "+966 (50) 765-4321"]) {
      const response = await t.request("POST", "/login/phone", { json: { value, password } });
      expect(response.status).toBe(200);
      expect(response.body.user.id).toBe(user.id);
    }
  });

  it("refuses an email address, a wrong password and a national number alike", async () => {
    const { email, password } = await t.createUser({ phone: "+966 50 765 4322" });

    for (const json of [
      { value: email, password },
      { value: "+966507654322", password: "wrong password" },
      { value: "0507654322", password },
    ]) {
      const response = await t.request("POST", "/login/phone", { json });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe("INVALID_CREDENTIALS");
    }
  });

  it("ignores a loginType in the body", async () => {
    const { email, password } = await t.createUser();

    const response = await t.request("POST", "/login/phone", {
      json: { value: email, password, loginType: "EMAIL" },
    });

    expect(response.status).toBe(401);
  });
});

describe("login rate limits", () => {
  it("stops an account at an address after ten failures in 15 minutes, with Retry-After", async () => {
    const { email, password } = await t.createUser();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await t.request("POST", "/login", {
        json: { value: email, password: "wrong password" },
      });
      expect(response.status).toBe(401);
    }

    const limited = await t.request("POST", "/login", { json: { value: email, password } });

    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("TOO_MANY_REQUESTS");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("counts an account whatever the case or spacing of the login", async () => {
    const { email } = await t.createUser();
    for (let attempt = 0; attempt < 10; attempt++) {
      const value = attempt % 2 ? email.toUpperCase() : ` ${email} `;
      await t.request("POST", "/login", { json: { value, password: "wrong password" } });
    }

    const limited = await t.request("POST", "/login/email", {
      json: { value: email, password: "wrong password" },
    });

    expect(limited.status).toBe(429);
  });

  it("does not count sign-ins that succeed", async () => {
    const { email, password } = await t.createUser();
    for (let attempt = 0; attempt < 9; attempt++) {
      await t.request("POST", "/login", { json: { value: email, password: "wrong password" } });
    }
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await t.request("POST", "/login", { json: { value: email, password } })).status).toBe(
        200,
      );
    }
    // The nine failures still count: one more, and the address waits.
    await t.request("POST", "/login", { json: { value: email, password: "wrong password" } });
    expect((await t.request("POST", "/login", { json: { value: email, password } })).status).toBe(
      429,
    );
  });

  it("caps the failures of an account from every address together", async () => {
    const { email, password } = await t.createUser();
    const from = (address: string, attempt: string) =>
      t.request("POST", "/login", {
        json: { value: email, password: attempt },
        headers: { "x-forwarded-for": address },
      });
    // Fifty failures, ten from each of five addresses: each address reaches its own limit...
    for (let address = 1; address <= 5; address++) {
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await from(`198.51.100.${address}`, "wrong password")).status).toBe(401);
      }
    }
    // ...and the account its own, so that a sixth address cannot go on guessing.
    expect((await from("198.51.100.6", "wrong password")).status).toBe(429);
    expect((await from("198.51.100.6", password)).status).toBe(429);
  });

  it("limits unknown logins too, so that 429 tells nothing about accounts", async () => {
    const value = `nobody-${crypto.randomUUID()}@example.test`;
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await t.request("POST", "/login", {
        json: { value, password: "wrong password" },
      });
      statuses.push(response.status);
    }

    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("per-address limits", () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await createTestApi({
      rateLimits: { loginPerAddress: { limit: 3, windowSeconds: 60 } },
    });
  });
  afterAll(() => strict?.close());

  const attempt = (ip: string) =>
    strict.request("POST", "/login", {
      json: { value: `${crypto.randomUUID()}@example.test`, password: "wrong password" },
      headers: { "x-forwarded-for": `10.9.9.9, ${ip}` },
    });

  it("count the last forwarded address, whatever the client claims before it", async () => {
    for (let i = 0; i < 3; i++) expect((await attempt("198.51.100.20")).status).toBe(401);

    const limited = await attempt("198.51.100.20");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    expect((await attempt("198.51.100.21")).status).toBe(401);
  });
});

describe("POST /logout", () => {
  it("revokes the session: the token is refused afterwards", async () => {
    const { email, password } = await t.createUser();
    const token = await t.loginToken(email, password);
    const other = await t.loginToken(email, password);

    const response = await t.request("POST", "/logout", { token });

    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await t.request("GET", "/user", { token })).status).toBe(401);
    expect((await t.request("POST", "/logout", { token })).status).toBe(401);
    // Other sessions of the same user live on.
    expect((await t.request("GET", "/user", { token: other })).status).toBe(200);
  });

  it("requires a token", async () => {
    const response = await t.request("POST", "/logout");

    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHORIZED");
  });
});
