import { describe, expect, it } from "vitest";
import { AppError } from "../../../api/errors";
import { unflatten } from "../../../api/http/unflatten";

function refusal(flat: Record<string, unknown>) {
  try {
    unflatten(flat);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("unflatten accepted the input");
}

describe("unflatten", () => {
  it("rebuilds dotted objects and indexed lists", () => {
    expect(
      unflatten({
        firstName: "Layla",
        "organization.name": "Studio",
        "organization.address.city": "Riyadh",
        "phones[0]": "+966501234567",
        "phones[1]": "+966501234568",
        "links[0].url": "https://example.com",
        "links[0].primary": true,
        count: 3,
        note: null,
      }),
    ).toEqual({
      firstName: "Layla",
      organization: { name: "Studio", address: { city: "Riyadh" } },
      phones: ["+966501234567", "+966501234568"],
      links: [{ url: "https://example.com", primary: true }],
      count: 3,
      note: null,
    });
  });

  it.each([
    "__proto__",
    "a.__proto__",
    "constructor",
    "a.constructor.b",
    "a.prototype",
    "x[0].__proto__",
  ])("refuses the key %s without touching Object.prototype", (key) => {
    const error = refusal({ [key]: "polluted" });

    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual({ [key]: "Not an allowed field name" });
    expect(error.fieldCodes).toEqual({ [key]: "INVALID" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it.each(["", "a.", ".a", "a..b", "a[", "a[-1]", "a[x]", "a b", "1a", "a[0]b", "a.b-c"])(
    "refuses the malformed key %j",
    (key) => {
      expect(refusal({ [key]: 1 }).fields).toEqual({ [key]: "Not a valid field name" });
    },
  );

  it("refuses indexes over 99 and paths deeper than six", () => {
    expect(refusal({ "a[100]": 1 }).fields).toEqual({ "a[100]": "Indexes go up to 99" });
    expect(refusal({ "a[100]": 1 }).fieldCodes).toEqual({ "a[100]": "TOO_BIG" });
    expect(unflatten({ "a[99]": 1 }).a).toHaveLength(100);
    expect(refusal({ "a.b.c.d.e.f.g": 1 }).fields).toHaveProperty(["a.b.c.d.e.f.g"]);
  });

  it.each([
    [{ a: 1, "a.b": 2 }, "a.b"],
    [{ "a.b": 2, a: 1 }, "a"],
    [{ "a[0]": 1, "a.b": 2 }, "a.b"],
    [{ "a.b": 1, "a[0]": 2 }, "a[0]"],
  ])("refuses keys that clash: %j", (flat, key) => {
    expect(refusal(flat).fields).toEqual({ [key]: "Clashes with another field" });
    expect(refusal(flat).fieldCodes).toEqual({ [key]: "CONFLICTING_FIELDS" });
  });

  it("refuses object and list values, which must arrive flattened", () => {
    expect(refusal({ organization: { name: "X" } }).fields).toHaveProperty("organization");
    expect(refusal({ phones: ["+1"] }).fields).toHaveProperty("phones");
    expect(refusal({ phones: ["+1"] }).fieldCodes).toEqual({ phones: "INVALID_TYPE" });
  });

  it("refuses more than 200 keys", () => {
    const flat = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i]));
    expect(refusal(flat).code).toBe("VALIDATION_FAILED");
  });
});
