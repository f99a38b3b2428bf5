import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, organizations, users, verificationKeys } from "../../../api/db/schema";
import { permissions } from "../../../api/organizations/permissions";
import { createTestApi, type TestApi, uniqueEmail } from "../helpers";
import { type SmsSink, startSmsSink } from "../sms-sink";
import { extractKey, type SmtpSink, startSmtpSink } from "../smtp-sink";

let t: TestApi;
let mail: SmtpSink;
let sms: SmsSink;
beforeAll(async () => {
  [mail, sms] = await Promise.all([startSmtpSink(), startSmsSink()]);
  t = await createTestApi({ smtpUrl: mail.url, smsWebhookUrl: sms.url });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([mail?.close(), sms?.close()]);
});

const strongPassword = "a long and rare passphrase";

function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Layla",
    lastName: "Haddad",
    email: uniqueEmail(),
    password: strongPassword,
    loginType: "EMAIL",
    locale: "en",
    "organization.name": "Haddad Studio",
    ...overrides,
  };
}

let phoneCounter = 0;
/** A distinct valid Saudi mobile number per call. */
function uniquePhone() {
  phoneCounter += 1;
  const subscriber = String((Date.now() + phoneCounter) % 10_000_000).padStart(7, "0");
  return `+96650${subscriber}`;
}

async function verifyByMail(email: string) {
  const requested = await t.request("POST", "/request-reg-verification-key", {
    json: { loginValue: email, loginType: "EMAIL" },
  });
  expect(requested.status).toBe(200);
  const message = await mail.waitForMessage({ to: email });
  return { token: requested.body.token as string, key: extractKey(message.text), message };
}

describe("POST /registration", () => {
  it("creates an unverified user who owns a new organization", async () => {
    const body = registration({ locale: "ar" });

    const response = await t.request("POST", "/registration", { json: body });

    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      firstName: "Layla",
      lastName: "Haddad",
      email: body.email,
      phone: null,
      locale: "ar",
      verified: false,
      account: { currentOrganizationPermissions: [...permissions] },
    });
    const organizationId = response.body.user.account.currentOrganizationId;
    const [organization] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(organization).toMatchObject({ name: "Haddad Studio", ownerId: response.body.user.id });
    const members = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId));
    expect(members).toEqual([
      expect.objectContaining({ userId: response.body.user.id, role: "owner" }),
    ]);
  });

  it("stores the email in lower case and the phone in E.164", async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const response = await t.request("POST", "/registration", {
      json: registration({ email: `  ${email.toUpperCase()} `, phone: phone.replace("+", "00") }),
    });

    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email, phone });
  });

  it("registers with a phone number alone when loginType is PHONE", async () => {
    const phone = uniquePhone();
    const response = await t.request("POST", "/registration", {
      json: registration({ email: undefined, phone, loginType: "PHONE" }),
    });

    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: null, phone });
  });

  it("cannot sign in before the account is verified", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });

    const login = await t.request("POST", "/login", {
      json: { value: body.email, password: strongPassword },
    });

    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe("ACCOUNT_NOT_VERIFIED");
  });

  it.each([
    ["a missing first name", { firstName: undefined }, "firstName", "Required", "REQUIRED"],
    [
      "a long first name",
      { firstName: "x".repeat(101) },
      "firstName",
      "At most 100 characters",
      "TOO_LONG",
    ],
    ["a number as last name", { lastName: 42 }, "lastName", "Must be a string", "INVALID_TYPE"],
    ["a missing email for EMAIL", { email: undefined }, "email", "Required", "REQUIRED"],
    [
      "a malformed email",
      { email: "not-an-email" },
      "email",
      "Not a valid email address",
      "INVALID_FORMAT",
    ],
    ["a missing phone for PHONE", { loginType: "PHONE" }, "phone", "Required", "REQUIRED"],
    [
      "an invalid phone",
      { phone: "+1 555 555 0100" },
      "phone",
      "Not a valid phone number",
      "INVALID_FORMAT",
    ],
    [
      "an unknown login type",
      { loginType: "FAX" },
      "loginType",
      "Must be EMAIL or PHONE",
      "INVALID_VALUE",
    ],
    ["an unknown locale", { locale: "fr" }, "locale", "Must be en or ar", "INVALID_VALUE"],
    ["an empty password", { password: "" }, "password", "At least 8 characters", "REQUIRED"],
    ["a short password", { password: "short" }, "password", "At least 8 characters", "TOO_SHORT"],
    [
      "a password over 128",
      { password: "x".repeat(129) },
      "password",
      "At most 128 characters",
      "TOO_LONG",
    ],
    ["no organization", { "organization.name": undefined }, "organization", "Required", "REQUIRED"],
    [
      "an empty organization name",
      { "organization.name": "  " },
      "organization.name",
      "Required",
      "REQUIRED",
    ],
  ])("refuses %s with 422 and a field error", async (_, overrides, field, message, code) => {
    const before = await t.db.$count(users);

    const response = await t.request("POST", "/registration", { json: registration(overrides) });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.fields[field]).toBe(message);
    expect(response.body.error.fieldCodes[field]).toBe(code);
    expect(Object.keys(response.body.error.fieldCodes)).toEqual(
      Object.keys(response.body.error.fields),
    );
    expect(await t.db.$count(users)).toBe(before);
  });

  it("counts password length in characters and does not trim or truncate it", async () => {
    // Eight emoji are 16 UTF-16 units but eight characters.
    const body = registration({ password: "🔑🌙🐪🏜️🌴📜✒️🕌" });
    expect((await t.request("POST", "/registration", { json: body })).status).toBe(201);

    const long = registration({ password: `${"ز".repeat(127)} ` });
    expect((await t.request("POST", "/registration", { json: long })).status).toBe(201);
  });

  it.each(["password1", "Password1", "iloveyou", "qwertyuiop"])(
    "refuses the common password %s with 422 PASSWORD_TOO_COMMON",
    async (password) => {
      const response = await t.request("POST", "/registration", {
        json: registration({ password }),
      });

      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: "PASSWORD_TOO_COMMON",
        fields: { password: expect.any(String) },
        fieldCodes: { password: "PASSWORD_TOO_COMMON" },
      });
    },
  );

  it("answers 409 EMAIL_TAKEN for an email in any case, and PHONE_TAKEN for a phone", async () => {
    const phone = uniquePhone();
    const first = registration({ phone });
    expect((await t.request("POST", "/registration", { json: first })).status).toBe(201);

    const sameEmail = await t.request("POST", "/registration", {
      json: registration({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toMatchObject({
      code: "EMAIL_TAKEN",
      fields: { email: expect.any(String) },
      fieldCodes: { email: "EMAIL_TAKEN" },
    });

    const samePhone = await t.request("POST", "/registration", {
      json: registration({ phone }),
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.error).toMatchObject({
      code: "PHONE_TAKEN",
      fields: { phone: expect.any(String) },
      fieldCodes: { phone: "PHONE_TAKEN" },
    });
  });

  it("creates one account and one organization from concurrent identical registrations", async () => {
    const body = registration({ "organization.name": `Race ${uniqueEmail()}` });

    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.request("POST", "/registration", { json: body })),
    );

    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.db.$count(users, eq(users.email, body.email))).toBe(1);
    expect(
      await t.db.$count(organizations, eq(organizations.name, body["organization.name"])),
    ).toBe(1);
  });

  it.each([
    ["__proto__.polluted", "__proto__.polluted"],
    ["constructor.prototype.polluted", "constructor.prototype.polluted"],
    ["organization.__proto__", "organization.__proto__"],
    ["organization[0]", "organization[0]"],
    ["phones[100]", "phones[100]"],
    ["a..b", "a..b"],
  ])("refuses the polluting or malformed key %s", async (key, field) => {
    const before = await t.db.$count(users);

    const response = await t.request("POST", "/registration", {
      json: registration({ [key]: "yes" }),
    });

    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty([field]);
    expect(response.body.error.fieldCodes).toHaveProperty([field]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await t.db.$count(users)).toBe(before);
  });

  it("refuses a JSON __proto__ key", async () => {
    const body = `{"__proto__": {"polluted": true}, "firstName": "A"}`;
    const response = await t.request("POST", "/registration", {
      body,
      headers: { "content-type": "application/json" },
    });

    expect(response.status).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("ignores unknown flattened keys such as phones[0]", async () => {
    const response = await t.request("POST", "/registration", {
      json: registration({ "phones[0]": "+966501234567", "profile.title": "Editor" }),
    });

    expect(response.status).toBe(201);
    expect(response.body.user).not.toHaveProperty("phones");
  });

  it("refuses nested values, which must arrive flattened", async () => {
    const response = await t.request("POST", "/registration", {
      json: { ...registration(), "organization.name": undefined, organization: { name: "X" } },
    });

    expect(response.status).toBe(422);
  });

  it("answers 400 for malformed JSON and 415 for a form body", async () => {
    const malformed = await t.request("POST", "/registration", {
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);

    const form = await t.request("POST", "/registration", {
      body: new URLSearchParams({ firstName: "A" }),
    });
    expect(form.status).toBe(415);
  });
});

describe("verification keys", () => {
  it("mails a 6-digit key that verifies the account and signs the user in", async () => {
    const body = registration({ firstName: "Omar" });
    await t.request("POST", "/registration", { json: body });

    const { token, key, message } = await verifyByMail(body.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).toMatch(/^\d{6}$/);
    expect(message.text).toContain("Omar");
    expect(message.html).toContain(key);

    const verified = await t.request("POST", "/verify-reg-verification-key", {
      json: { token, key, loginType: "EMAIL" },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: body.email, verified: true });

    const me = await t.request("GET", "/user", { token: verified.body.token });
    expect(me.status).toBe(200);
    const login = await t.request("POST", "/login", {
      json: { value: body.email, password: strongPassword },
    });
    expect(login.status).toBe(200);
  });

  it("sends the mail in the user's language", async () => {
    const body = registration({ locale: "ar" });
    await t.request("POST", "/registration", { json: body });

    const { message } = await verifyByMail(body.email);

    expect(message.html).toContain('dir="rtl"');
    expect(message.text).toMatch(/[\u0600-\u06FF]/);
  });

  it("sends the key by SMS for a phone registration", async () => {
    const phone = uniquePhone();
    await t.request("POST", "/registration", {
      json: registration({ email: undefined, phone, loginType: "PHONE" }),
    });

    const requested = await t.request("POST", "/request-reg-verification-key", {
      json: { loginValue: phone.replace("+966", "00966 "), loginType: "PHONE" },
    });
    expect(requested.status).toBe(200);
    const message = await sms.waitForMessage(phone);
    const key = extractKey(message.text);

    const verified = await t.request("POST", "/verify-reg-verification-key", {
      json: { token: requested.body.token, key, loginType: "PHONE" },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ phone, verified: true });

    const login = await t.request("POST", "/login/phone", {
      json: { value: phone, password: strongPassword },
    });
    expect(login.status).toBe(200);
  });

  it("answers alike for unknown and verified logins, and sends them nothing", async () => {
    const verified = await t.createUser();
    for (const loginValue of [uniqueEmail(), verified.email]) {
      const response = await t.request("POST", "/request-reg-verification-key", {
        json: { loginValue, loginType: "EMAIL" },
      });
      expect(response.status).toBe(200);
      expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    await t.api.flush();
    expect(mail.messages.filter((m) => m.to.includes(verified.email))).toEqual([]);
  });

  it("refuses a wrong key, and after five stops the address, not the key", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });
    const { token, key } = await verifyByMail(body.email);
    const wrong = key === "000000" ? "111111" : "000000";
    const from = (address: string, guess: string) =>
      t.request("POST", "/verify-reg-verification-key", {
        json: { token, key: guess, loginType: "EMAIL" },
        headers: { "x-forwarded-for": address },
      });

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await from("198.51.100.9", wrong);
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: "INVALID_KEY",
        fields: { key: "Not correct" },
        fieldCodes: { key: "INVALID_KEY" },
      });
    }

    expect((await from("198.51.100.9", key)).body.error.code).toBe("TOO_MANY_REQUESTS");
    expect((await from("198.51.100.10", key)).status).toBe(200);
  });

  it("counts parallel guesses, so at most five from an address are ever checked", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });
    const { token, key } = await verifyByMail(body.email);
    const guesses = Array.from({ length: 10 }, (_, i) => String(i).padStart(6, "0")).filter(
      (guess) => guess !== key,
    );

    const responses = await Promise.all(
      guesses.map((guess) =>
        t.request("POST", "/verify-reg-verification-key", {
          json: { token, key: guess, loginType: "EMAIL" },
        }),
      ),
    );

    const codes = responses.map((r) => r.body.error.code);
    expect(codes.filter((c) => c === "INVALID_KEY")).toHaveLength(5);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(guesses.length - 5);
  });

  it("accepts a key once only", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });
    const { token, key } = await verifyByMail(body.email);
    const check = () =>
      t.request("POST", "/verify-reg-verification-key", {
        json: { token, key, loginType: "EMAIL" },
      });

    expect((await check()).status).toBe(200);
    const again = await check();
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe("KEY_EXPIRED");
  });

  it("refuses an expired key", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });
    const { token, key } = await verifyByMail(body.email);
    await t.db
      .update(verificationKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationKeys.recipient, body.email));

    const response = await t.request("POST", "/verify-reg-verification-key", {
      json: { token, key, loginType: "EMAIL" },
    });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("KEY_EXPIRED");
  });

  it("binds a key to its token and its login type", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });
    const { token, key } = await verifyByMail(body.email);

    const otherToken = await t.request("POST", "/verify-reg-verification-key", {
      json: { token: "x".repeat(43), key, loginType: "EMAIL" },
    });
    expect(otherToken.status).toBe(422);
    expect(otherToken.body.error.code).toBe("INVALID_TOKEN");

    const otherType = await t.request("POST", "/verify-reg-verification-key", {
      json: { token, key, loginType: "PHONE" },
    });
    expect(otherType.status).toBe(422);
    expect(otherType.body.error.code).toBe("INVALID_TOKEN");
  });

  it("stores keys and tokens hashed", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });
    const { token, key } = await verifyByMail(body.email);

    const [row] = await t.db
      .select()
      .from(verificationKeys)
      .where(eq(verificationKeys.recipient, body.email));
    expect(row?.keyHash).toMatch(/^\$argon2id\$/);
    expect(row?.keyHash).not.toContain(key);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toBe(token);
  });

  it.each([
    [{ token: "", key: "123456", loginType: "EMAIL" }, "token", "REQUIRED"],
    [{ token: "x".repeat(43), key: "12345", loginType: "EMAIL" }, "key", "INVALID_FORMAT"],
    [{ token: "x".repeat(43), key: "abcdef", loginType: "EMAIL" }, "key", "INVALID_FORMAT"],
    [{ token: "x".repeat(43), key: "123456" }, "loginType", "REQUIRED"],
  ])("validates the verification body %#", async (json, field, code) => {
    const response = await t.request("POST", "/verify-reg-verification-key", { json });

    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty([field]);
    expect(response.body.error.fieldCodes).toEqual({ [field]: code });
  });

  it("refuses a key request with an invalid phone number", async () => {
    const response = await t.request("POST", "/request-reg-verification-key", {
      json: { loginValue: "12", loginType: "PHONE" },
    });

    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty("loginValue");
    expect(response.body.error.fieldCodes).toEqual({ loginValue: "INVALID_FORMAT" });
  });
});

describe("a new key request", () => {
  let quick: TestApi;
  beforeAll(async () => {
    quick = await createTestApi({
      smtpUrl: mail.url,
      rateLimits: { keySendInterval: { limit: 100, windowSeconds: 60 } },
    });
  });
  afterAll(() => quick?.close());

  it("replaces the previous key: only the latest works", async () => {
    const body = registration();
    await quick.request("POST", "/registration", { json: body });
    const request = () =>
      quick.request("POST", "/request-reg-verification-key", {
        json: { loginValue: body.email, loginType: "EMAIL" },
      });

    const first = await request();
    const firstKey = extractKey((await mail.waitForMessage({ to: body.email })).text);
    const second = await request();
    const secondKey = extractKey((await mail.waitForMessage({ to: body.email })).text);

    const old = await quick.request("POST", "/verify-reg-verification-key", {
      json: { token: first.body.token, key: firstKey, loginType: "EMAIL" },
    });
    expect(old.status).toBe(422);
    expect(old.body.error.code).toBe("INVALID_TOKEN");

    const latest = await quick.request("POST", "/verify-reg-verification-key", {
      json: { token: second.body.token, key: secondKey, loginType: "EMAIL" },
    });
    expect(latest.status).toBe(200);
  });
});

describe("POST /user/email-exists", () => {
  it("tells whether an address is registered, in any case", async () => {
    const { email } = await t.createUser();

    const known = await t.request("POST", "/user/email-exists", {
      json: { value: email.toUpperCase() },
    });
    const unknown = await t.request("POST", "/user/email-exists", {
      json: { value: uniqueEmail() },
    });

    expect(known.body).toEqual({ exists: true });
    expect(unknown.body).toEqual({ exists: false });
  });

  it("refuses a value that is not an email address", async () => {
    const response = await t.request("POST", "/user/email-exists", { json: { value: "nope" } });

    expect(response.status).toBe(422);
    expect(response.body.error.fields.value).toBe("Not a valid email address");
    expect(response.body.error.fieldCodes).toEqual({ value: "INVALID_FORMAT" });
  });
});

describe("rate limits on registration and keys", () => {
  it("throttles keys sent to one recipient: a minute between two", async () => {
    const body = registration();
    await t.request("POST", "/registration", { json: body });
    const request = () =>
      t.request("POST", "/request-reg-verification-key", {
        json: { loginValue: body.email, loginType: "EMAIL" },
      });

    expect((await request()).status).toBe(200);
    const throttled = await request();

    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(throttled.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    await t.api.flush();
    expect(mail.messages.filter((m) => m.to.includes(body.email))).toHaveLength(1);
  });

  it("throttles an unknown recipient the same way", async () => {
    const loginValue = uniqueEmail();
    const request = () =>
      t.request("POST", "/request-reg-verification-key", {
        json: { loginValue, loginType: "EMAIL" },
      });

    expect((await request()).status).toBe(200);
    expect((await request()).status).toBe(429);
  });

  describe("per address", () => {
    let strict: TestApi;
    beforeAll(async () => {
      strict = await createTestApi({
        rateLimits: {
          registrationPerAddress: { limit: 2, windowSeconds: 3600 },
          verificationPerAddress: { limit: 2, windowSeconds: 900 },
        },
      });
    });
    afterAll(() => strict?.close());

    it("stops registrations from one address and creates nothing more", async () => {
      for (let i = 0; i < 2; i++) {
        const response = await strict.request("POST", "/registration", { json: registration() });
        expect(response.status).toBe(201);
      }
      const before = await strict.db.$count(users);

      const limited = await strict.request("POST", "/registration", { json: registration() });

      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await strict.db.$count(users)).toBe(before);
    });

    it("stops key checks from one address", async () => {
      const check = () =>
        strict.request("POST", "/verify-reg-verification-key", {
          json: { token: "y".repeat(43), key: "123456", loginType: "EMAIL" },
        });

      expect((await check()).status).toBe(422);
      expect((await check()).status).toBe(422);
      expect((await check()).status).toBe(429);
    });
  });
});
