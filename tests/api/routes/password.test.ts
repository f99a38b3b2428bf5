import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verificationKeys } from "../../../api/db/schema";
import { createTestApi, type TestApi, uniqueEmail } from "../helpers";
import { extractKey, type SmtpSink, startSmtpSink } from "../smtp-sink";

let t: TestApi;
let mail: SmtpSink;
beforeAll(async () => {
  mail = await startSmtpSink();
  t = await createTestApi({ smtpUrl: mail.url });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const newPassword = "a fresh and rare passphrase";

async function requestKey(email: string) {
  const response = await t.request("POST", "/password/request/reset-by-email", {
    json: { email, resetType: "KEY" },
  });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ accepted: true });
  return extractKey((await mail.waitForMessage({ to: email })).text);
}

async function resetToken(email: string) {
  const key = await requestKey(email);
  const verified = await t.request("POST", "/password/verify/by-email", { json: { email, key } });
  expect(verified.status).toBe(200);
  return verified.body.token as string;
}

describe("password reset by email", () => {
  it("mails a key, exchanges it for a token, sets the password and signs in afresh", async () => {
    const { email, password } = await t.createUser({ firstName: "Sara" });
    const oldSession = await t.loginToken(email, password);

    const key = await requestKey(email.toUpperCase());
    const verified = await t.request("POST", "/password/verify/by-email", {
      json: { email, key },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await t.request("POST", "/password/reset", {
      json: { token: verified.body.token, newPassword, loginType: "EMAIL" },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(email);
    expect((await t.request("GET", "/user", { token: reset.body.token })).status).toBe(200);

    // Every earlier session ends; only the new password works.
    expect((await t.request("GET", "/user", { token: oldSession })).status).toBe(401);
    const oldLogin = await t.request("POST", "/login", { json: { value: email, password } });
    expect(oldLogin.status).toBe(401);
    expect((await t.loginToken(email, newPassword)).length).toBeGreaterThan(0);
  });

  it("answers the same for an unknown address and mails nothing", async () => {
    const email = uniqueEmail();

    const response = await t.request("POST", "/password/request/reset-by-email", {
      json: { email, resetType: "KEY" },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ accepted: true });
    await t.api.flush();
    expect(mail.messages.some((message) => message.to.includes(email))).toBe(false);
  });

  it("mails the key in the user's language", async () => {
    const { email } = await t.createUser();
    await t.db.update(users).set({ locale: "ar" }).where(eq(users.email, email));

    await t.request("POST", "/password/request/reset-by-email", {
      json: { email, resetType: "KEY" },
    });
    const message = await mail.waitForMessage({ to: email });

    expect(message.html).toContain('dir="rtl"');
  });

  it("verifies an unverified account that resets its password", async () => {
    const { email } = await t.createUser({ verified: false });

    const token = await resetToken(email);
    const reset = await t.request("POST", "/password/reset", {
      json: { token, newPassword, loginType: "EMAIL" },
    });

    expect(reset.status).toBe(200);
    expect(reset.body.user.verified).toBe(true);
  });

  it("refuses a wrong key, and the same way when the address has no key at all", async () => {
    const { email } = await t.createUser();
    const key = await requestKey(email);
    const wrong = key === "000000" ? "111111" : "000000";

    for (const json of [
      { email, key: wrong },
      { email: uniqueEmail(), key: wrong },
    ]) {
      const response = await t.request("POST", "/password/verify/by-email", { json });
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: "INVALID_KEY",
        fields: { key: "Not correct" },
        fieldCodes: { key: "INVALID_KEY" },
      });
    }
  });

  it("stops an address after five wrong keys, and keeps the key for its owner", async () => {
    const { email } = await t.createUser();
    const key = await requestKey(email);
    const wrong = key === "000000" ? "111111" : "000000";
    const from = (address: string, json: { email: string; key: string }) =>
      t.request("POST", "/password/verify/by-email", {
        json,
        headers: { "x-forwarded-for": address },
      });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await from("198.51.100.7", { email, key: wrong })).body.error.code).toBe(
        "INVALID_KEY",
      );
    }

    const stopped = await from("198.51.100.7", { email, key });
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(0);

    expect((await from("198.51.100.8", { email, key })).status).toBe(200);
  });

  it("refuses an expired key", async () => {
    const { email } = await t.createUser();
    const key = await requestKey(email);
    await t.db
      .update(verificationKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationKeys.recipient, email));

    const response = await t.request("POST", "/password/verify/by-email", { json: { email, key } });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("KEY_EXPIRED");
  });

  it("does not accept a registration key for a reset", async () => {
    const { email } = await t.createUser({ verified: false });
    const requested = await t.request("POST", "/request-reg-verification-key", {
      json: { loginValue: email, loginType: "EMAIL" },
    });
    const registrationKey = extractKey((await mail.waitForMessage({ to: email })).text);

    const asReset = await t.request("POST", "/password/verify/by-email", {
      json: { email, key: registrationKey },
    });
    expect(asReset.status).toBe(422);
    const asResetToken = await t.request("POST", "/password/reset", {
      json: { token: requested.body.token, newPassword, loginType: "EMAIL" },
    });
    expect(asResetToken.status).toBe(422);
    expect(asResetToken.body.error.code).toBe("INVALID_TOKEN");
  });

  it("uses a reset token once, and not after it expires", async () => {
    const { email } = await t.createUser();
    const token = await resetToken(email);
    const reset = () =>
      t.request("POST", "/password/reset", { json: { token, newPassword, loginType: "EMAIL" } });

    expect((await reset()).status).toBe(200);
    const reused = await reset();
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("INVALID_TOKEN");

    const other = await t.createUser();
    const expiring = await resetToken(other.email);
    await t.db
      .update(verificationKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationKeys.recipient, other.email));
    const expired = await t.request("POST", "/password/reset", {
      json: { token: expiring, newPassword, loginType: "EMAIL" },
    });
    expect(expired.status).toBe(422);
    expect(expired.body.error.code).toBe("INVALID_TOKEN");
  });

  it("does not exchange the same key twice", async () => {
    const { email } = await t.createUser();
    const key = await requestKey(email);
    const verify = () => t.request("POST", "/password/verify/by-email", { json: { email, key } });

    expect((await verify()).status).toBe(200);
    const again = await verify();
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe("KEY_EXPIRED");
  });

  it("refuses a reset with a PHONE login type, a common or a short password", async () => {
    const { email } = await t.createUser();
    const token = await resetToken(email);

    const phone = await t.request("POST", "/password/reset", {
      json: { token, newPassword, loginType: "PHONE" },
    });
    expect(phone.body.error.code).toBe("INVALID_TOKEN");
    const common = await t.request("POST", "/password/reset", {
      json: { token, newPassword: "iloveyou1", loginType: "EMAIL" },
    });
    expect(common.body.error).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      fields: { newPassword: expect.any(String) },
      fieldCodes: { newPassword: "PASSWORD_TOO_COMMON" },
    });
    const short = await t.request("POST", "/password/reset", {
      json: { token, newPassword: "short", loginType: "EMAIL" },
    });
    expect(short.status).toBe(422);
    expect(short.body.error.fields.newPassword).toBe("At least 8 characters");
    expect(short.body.error.fieldCodes).toEqual({ newPassword: "TOO_SHORT" });

    // None of those used the token up.
    const ok = await t.request("POST", "/password/reset", {
      json: { token, newPassword, loginType: "EMAIL" },
    });
    expect(ok.status).toBe(200);
  });

  it.each([
    [{ email: "x@example.test" }, "resetType", "REQUIRED"],
    [{ email: "x@example.test", resetType: "LINK" }, "resetType", "INVALID_VALUE"],
    [{ resetType: "KEY" }, "email", "REQUIRED"],
    [{ email: "nope", resetType: "KEY" }, "email", "INVALID_FORMAT"],
  ])("validates the reset request %#", async (json, field, code) => {
    const response = await t.request("POST", "/password/request/reset-by-email", { json });

    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty([field]);
    expect(response.body.error.fieldCodes).toEqual({ [field]: code });
  });
});

describe("POST /password/change", () => {
  it("changes the password and ends the other sessions but this one", async () => {
    const { email, password } = await t.createUser();
    const current = await t.loginToken(email, password);
    const other = await t.loginToken(email, password);

    const response = await t.request("POST", "/password/change", {
      token: current,
      json: { currentPassword: password, newPassword },
    });

    expect(response.status).toBe(204);
    expect((await t.request("GET", "/user", { token: current })).status).toBe(200);
    expect((await t.request("GET", "/user", { token: other })).status).toBe(401);
    expect((await t.loginToken(email, newPassword)).length).toBeGreaterThan(0);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const { email, password } = await t.createUser();
    const token = await t.loginToken(email, password);

    const response = await t.request("POST", "/password/change", {
      token,
      json: { currentPassword: "not the password", newPassword },
    });

    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: "INVALID_PASSWORD",
      fields: { currentPassword: "Not correct" },
      fieldCodes: { currentPassword: "INVALID_PASSWORD" },
    });
    expect((await t.loginToken(email, password)).length).toBeGreaterThan(0);
  });

  it("refuses a common new password and a missing field", async () => {
    const { email, password } = await t.createUser();
    const token = await t.loginToken(email, password);

    const common = await t.request("POST", "/password/change", {
      token,
      json: { currentPassword: password, newPassword: "password123" },
    });
    expect(common.body.error).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      fields: { newPassword: expect.any(String) },
    });
    const missing = await t.request("POST", "/password/change", {
      token,
      json: { currentPassword: password },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.newPassword).toBe("Required");
    expect(missing.body.error.fieldCodes).toEqual({ newPassword: "REQUIRED" });
  });

  it("needs a signed-in user", async () => {
    const response = await t.request("POST", "/password/change", {
      json: { currentPassword: "whatever1", newPassword },
    });

    expect(response.status).toBe(401);
  });
});

describe("reset key throttling", () => {
  it("sends one reset key a minute to an address, known or not", async () => {
    const { email } = await t.createUser();
    for (const address of [email, uniqueEmail()]) {
      const request = () =>
        t.request("POST", "/password/request/reset-by-email", {
          json: { email: address, resetType: "KEY" },
        });
      expect((await request()).status).toBe(200);
      const throttled = await request();
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get("retry-after")).toMatch(/^\d+$/);
    }
  });
});
