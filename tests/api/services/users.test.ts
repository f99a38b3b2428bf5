import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, normalizeEmail, normalizePhone } from "../../../api/identity/users";
import { createTestApi, type TestApi, uniqueEmail } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const person = { firstName: "Amal", lastName: "Haddad", password: "a long password" };

describe("createUser", () => {
  it("stores the email lower-case and the password as an argon2id hash", async () => {
    const email = uniqueEmail();

    const user = await createUser(t.db, { ...person, email: ` ${email.toUpperCase()} ` });

    expect(user.email).toBe(email);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.verifiedAt).toBeNull();
    expect(user.locale).toBe("en");
  });

  it("refuses an email that is taken in any case with 409 EMAIL_TAKEN", async () => {
    const email = uniqueEmail();
    await createUser(t.db, { ...person, email });

    await expect(createUser(t.db, { ...person, email: email.toUpperCase() })).rejects.toMatchObject(
      {
        kind: "conflict",
        code: "EMAIL_TAKEN",
        fields: { email: expect.any(String) },
        fieldCodes: { email: "EMAIL_TAKEN" },
      },
    );
  });

  it("refuses a phone number that is taken with PHONE_TAKEN", async () => {
    await createUser(t.db, { ...person, phone: "+14155550100" });

    await expect(createUser(t.db, { ...person, phone: "+1 (415) 555-0100" })).rejects.toMatchObject(
      { code: "PHONE_TAKEN" },
    );
  });

  it("refuses a phone number that is not E.164", async () => {
    await expect(createUser(t.db, { ...person, phone: "12" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { phone: expect.any(String) },
      fieldCodes: { phone: "INVALID_FORMAT" },
    });
  });
});

describe("normalization", () => {
  it("trims and lower-cases emails", () => {
    expect(normalizeEmail("  Someone@Example.COM ")).toBe("someone@example.com");
  });

  it.each([
    ["+966 50 123 4567", "+966501234567"],
    ["00966-50-123-4567", "+966501234567"],
    ["+1 (415) 555.0100", "+14155550100"],
    ["0501234567", null],
    ["+0123456789", null],
    ["phone", null],
    // Well-formed but not a number any country assigns.
    ["+1 555 555 0100", null],
    ["+9665", null],
  ])("reads %s as %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});
