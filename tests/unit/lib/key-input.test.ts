import { describe, expect, it } from "vitest";
import { keyPattern, normalizeKeyInput } from "~/lib/key-input";

describe("normalizeKeyInput", () => {
  it("drops spaces anywhere in the key", () => {
    expect(normalizeKeyInput(" 123 456\t")).toBe("123456");
  });

  it("reads Arabic-Indic and Persian digits as ASCII digits", () => {
    expect(normalizeKeyInput("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(normalizeKeyInput("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
  });

  it("leaves other characters for the format check to refuse", () => {
    const key = normalizeKeyInput("12a456");
    expect(key).toBe("12a456");
    expect(keyPattern.test(key)).toBe(false);
  });

  it("accepts exactly six digits", () => {
    expect(keyPattern.test("123456")).toBe(true);
    expect(keyPattern.test("12345")).toBe(false);
    expect(keyPattern.test("1234567")).toBe(false);
  });
});
