import { describe, expect, it } from "vitest";
import {
  commonPasswordCount,
  isCommonPassword,
  passwordLength,
} from "../../../api/identity/password-policy";

describe("password policy", () => {
  it.each(["123456", "password", "qwerty", "iloveyou", "PASSWORD", "Dragon", "football1"])(
    "knows %s is common",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["a long and rare passphrase", "kx8#Lq2!vR", "قلم-سري-طويل"])(
    "accepts %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it("holds the 10,000 most common passwords", () => {
    expect(commonPasswordCount).toBe(10_000);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordLength("🔑🔑🔑🔑")).toBe(4);
    expect(passwordLength("كلمة")).toBe(4);
    expect(passwordLength(" a ")).toBe(3);
  });
});
