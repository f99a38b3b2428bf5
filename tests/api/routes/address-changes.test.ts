import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../api/db/schema";
import { createTestApi, type TestApi, uniqueEmail } from "../helpers";
import { type SmsSink, startSmsSink } from "../sms-sink";
import { extractKey, type SmtpSink, startSmtpSink } from "../smtp-sink";

let t: TestApi;
let mail: SmtpSink;
let sms: SmsSink;
beforeAll(async () => {
  mail = await startSmtpSink();
  sms = await startSmsSink();
  t = await createTestApi({ smtpUrl: mail.url, smsWebhookUrl: sms.url });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
  await sms?.close();
});

let phones = 0;
/** A Saudi mobile number no other test uses, in E.164. */
function uniquePhone() {
  phones += 1;
  return `+96655${String(phones).padStart(3, "0")}${randomInt(0, 10_000).toString().padStart(4, "0")}`;
}

async function signedIn(options: { phone?: string } = {}) {
  const created = await t.createUser(options);
  const token = await t.loginToken(created.email, created.password);
  return { ...created, token };
}

function requestChange(
  token: string,
  json: { loginType?: string; value: string; currentPassword: string },
) {
  return t.request("POST", "/user/address-change", {
    token,
    json: { loginType: "EMAIL", ...json },
  });
}

const verify = (token: string, key: string) =>
  t.request("POST", "/user/address-change/verify", { token, json: { key } });

const wrongKey = (key: string) => (key === "000000" ? "111111" : "000000");

describe("changing the email", () => {
  it("takes the password, then the key sent to the new address, and tells the old one", async () => {
    const { token, email, password } = await signedIn();
    const next = uniqueEmail();

    const requested = await requestChange(token, {
      value: next.toUpperCase(),
      currentPassword: password,
    });
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({
      loginType: "EMAIL",
      value: next,
      expiresAt: expect.any(String),
    });
    // Nothing has changed yet.
    expect((await t.request("GET", "/user", { token })).body.email).toBe(email);
    expect((await t.request("GET", "/user/address-change", { token })).body).toEqual(
      requested.body,
    );

    const keyMail = await mail.waitForMessage({ to: next });
    expect(keyMail.subject).toBe("Qalam: confirm your new address");
    const key = extractKey(keyMail.text);
    const wrong = await verify(token, wrongKey(key));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe("INVALID_KEY");

    const confirmed = await verify(token, key);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: next, emailVerified: true });

    const notice = await mail.waitForMessage({ to: email });
    expect(notice.subject).toBe("Qalam: your sign-in address changed");
    expect(notice.text).toContain(next);
    expect(notice.text).toContain("http://qalam.test/forgot");
    // The new address signs in; the old one no longer does.
    expect((await t.request("POST", "/login", { json: { value: next, password } })).status).toBe(
      200,
    );
    expect((await t.request("POST", "/login", { json: { value: email, password } })).status).toBe(
      401,
    );
    // The key is used up, and no change waits any more.
    expect((await verify(token, key)).body.error.code).toBe("KEY_EXPIRED");
    expect((await t.request("GET", "/user/address-change", { token })).status).toBe(404);
  });

  it("refuses a wrong password, sends nothing, and limits the tries", async () => {
    const { token } = await signedIn();
    const next = uniqueEmail();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await requestChange(token, { value: next, currentPassword: "not it" });
      statuses.push(response.status);
      if (attempt === 0) {
        expect(response.body.error).toMatchObject({
          code: "INVALID_PASSWORD",
          fieldCodes: { currentPassword: "INVALID_PASSWORD" },
        });
      }
    }

    expect(statuses).toEqual([...Array(10).fill(422), 429]);
    await t.api.flush();
    expect(mail.messages.filter((message) => message.to.includes(next))).toEqual([]);
  });

  it("refuses another account's address, a malformed one, and the proven one it has", async () => {
    const other = await signedIn();
    const { token, email, password } = await signedIn();

    const taken = await requestChange(token, { value: other.email, currentPassword: password });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: "EMAIL_TAKEN",
      fieldCodes: { value: "EMAIL_TAKEN" },
    });
    const malformed = await requestChange(token, {
      value: "not-an-email",
      currentPassword: password,
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.fieldCodes).toEqual({ value: "INVALID_FORMAT" });
    const same = await requestChange(token, { value: email, currentPassword: password });
    expect(same.status).toBe(422);
    expect(same.body.error.code).toBe("ADDRESS_UNCHANGED");
    expect((await t.request("GET", "/user/address-change", { token })).status).toBe(404);
  });

  it("answers 409 when another account took the address before the key came back", async () => {
    const { token, password } = await signedIn();
    const next = uniqueEmail();
    await requestChange(token, { value: next, currentPassword: password });
    const key = extractKey((await mail.waitForMessage({ to: next })).text);
    await t.createUser({ email: next });

    const confirmed = await verify(token, key);
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.error.code).toBe("EMAIL_TAKEN");
  });

  it("drops a waiting change on request, and keeps only the newest", async () => {
    const { token, password } = await signedIn();
    const first = uniqueEmail();
    const second = uniqueEmail();
    await requestChange(token, { value: first, currentPassword: password });
    const firstKey = extractKey((await mail.waitForMessage({ to: first })).text);
    await requestChange(token, { value: second, currentPassword: password });
    const secondKey = extractKey((await mail.waitForMessage({ to: second })).text);
    expect((await t.request("GET", "/user/address-change", { token })).body.value).toBe(second);
    if (firstKey !== secondKey) expect((await verify(token, firstKey)).status).toBe(422);

    expect((await t.request("DELETE", "/user/address-change", { token })).status).toBe(204);
    expect((await verify(token, secondKey)).body.error.code).toBe("KEY_EXPIRED");
    expect((await t.request("GET", "/user", { token })).body.email).not.toBe(second);
  });

  it("verifies the account's own unproven email with a key", async () => {
    const { token, email, password, user } = await signedIn();
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    expect((await t.request("GET", "/user", { token })).body.emailVerified).toBe(false);

    expect((await requestChange(token, { value: email, currentPassword: password })).status).toBe(
      202,
    );
    const key = extractKey((await mail.waitForMessage({ to: email })).text);
    const confirmed = await verify(token, key);

    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email, emailVerified: true });
  });
});

describe("changing the phone", () => {
  it("adds a number by SMS key, then removes it with the password and tells it", async () => {
    const { token, password } = await signedIn();
    const phone = uniquePhone();

    const requested = await requestChange(token, {
      loginType: "PHONE",
      value: phone.replace("+", "00"),
      currentPassword: password,
    });
    expect(requested.status).toBe(202);
    expect(requested.body.value).toBe(phone);
    const key = extractKey((await sms.waitForMessage(phone)).text);
    const added = await verify(token, key);
    expect(added.body).toMatchObject({ phone, phoneVerified: true });

    const removed = await requestChange(token, {
      loginType: "PHONE",
      value: "",
      currentPassword: password,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ phone: null, phoneVerified: false });
    expect((await sms.waitForMessage(phone)).text).toContain("removed");
  });

  it("will not remove the only way to sign in", async () => {
    const { token, password, email } = await signedIn();

    const response = await requestChange(token, { value: "", currentPassword: password });

    expect(response.status).toBe(422);
    expect(response.body.error.fieldCodes).toEqual({ value: "REQUIRED" });
    expect((await t.request("GET", "/user", { token })).body.email).toBe(email);
  });
});
