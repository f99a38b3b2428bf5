import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../api/errors";
import { type FlatValue, unflatten } from "../../../api/http/unflatten";

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

type Nested = FlatValue | Nested[] | { [key: string]: Nested };

/** The reference model: a nested value written as the dotted keys of its leaves. */
function flatten(value: Nested, path = "", into: Record<string, FlatValue> = {}) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      flatten(item, `${path}[${index}]`, into);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value))
      flatten(item, path ? `${path}.${key}` : key, into);
  } else {
    into[path] = value;
  }
  return into;
}

const identifier = fc
  .stringMatching(/^[A-Za-z_$][\w$]{0,8}$/)
  .filter((name) => !["__proto__", "constructor", "prototype"].includes(name));
const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
// Lists and objects are never empty: an empty one has no leaf, so no key, to be rebuilt from.
const { tree } = fc.letrec<{ tree: Nested; node: Nested }>((tie) => ({
  tree: fc.dictionary(identifier, tie("node"), { minKeys: 1, maxKeys: 4 }),
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }),
    fc.dictionary(identifier, tie("node"), { minKeys: 1, maxKeys: 3 }),
  ),
}));
const depthOf = (key: string) => key.split(/\.|\[/).length;

describe("unflatten, property-based", () => {
  it("rebuilds any nested value from its dotted keys, within the limits", () => {
    fc.assert(
      fc.property(tree, (value) => {
        const flat = flatten(value);
        fc.pre(Object.keys(flat).length <= 200);
        fc.pre(Object.keys(flat).every((key) => depthOf(key) <= 6));
        expect(unflatten(flat)).toEqual(value);
      }),
    );
  });

  it("answers any keys with the value they describe or a 422, and never touches a prototype", () => {
    const key = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom("__proto__", "a.__proto__.x", "constructor.prototype", "a[0]", "a[100]"),
      fc
        .array(
          fc.oneof(
            identifier,
            fc.nat(120).map((n) => `[${n}]`),
          ),
          { minLength: 1, maxLength: 8 },
        )
        .map((parts) => parts.join(".").replace(/\.\[/g, "[")),
    );
    fc.assert(
      fc.property(fc.dictionary(key, leaf, { maxKeys: 8 }), (flat) => {
        let rebuilt: Record<string, unknown> | undefined;
        try {
          rebuilt = unflatten(flat);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).kind).toBe("invalid");
        }
        if (rebuilt) expect(flatten(rebuilt as Nested)).toEqual(flat);
        expect(({} as Record<string, unknown>).x).toBeUndefined();
        expect(Object.getPrototypeOf({})).toBe(Object.prototype);
      }),
    );
  });
});
