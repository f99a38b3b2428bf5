import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/clients?page=2#x", "/clients?page=2#x"],
    ["/ar/dashboard", "/ar/dashboard"],
    ["/dashboard", "/dashboard"],
    ["/", "/"],
    ["/clients?next=%2Fprojects", "/clients?next=%2Fprojects"],
    ["  /clients  ", "/clients"],
  ])("keeps the same-origin path %j", (to, expected) => {
    expect(safeRedirectPath(to)).toBe(expected);
  });

  const unsafe: [string, unknown][] = [
    ["https absolute URL", "https://evil.com"],
    ["http absolute URL", "http://evil.com/x"],
    ["protocol-relative URL", "//evil.com"],
    ["backslash after the slash", "/\\evil.com"],
    ["encoded backslash", "/%5Cevil.com"],
    ["lower-case encoded backslash", "/%5cevil.com"],
    ["double backslash", "\\\\evil.com"],
    ["encoded tab", "/%09/evil.com"],
    ["encoded line feed", "/%0A/evil.com"],
    ["encoded carriage return", "/%0D/evil.com"],
    ["literal tab", "/\t/evil.com"],
    ["literal line feed", "/\n/evil.com"],
    ["encoded slash", "/%2F/evil.com"],
    ["javascript: URL", "javascript:alert(1)"],
    ["javascript: URL after spaces", "  javascript:alert(1)"],
    ["data: URL", "data:text/html,<script>alert(1)</script>"],
    ["empty string", ""],
    ["only spaces", "   "],
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["an object", { toString: () => "/clients" }],
    ["a File", new File(["x"], "x.txt")],
    ["malformed percent-encoding", "/%E0%A4%A"],
    ["relative host-like path", "evil.com"],
    ["relative path", "clients"],
  ];

  it.each(unsafe)("falls back to /dashboard for %s", (_label, to) => {
    expect(safeRedirectPath(to as string)).toBe("/dashboard");
  });

  it.each(unsafe)("falls back to the given fallback for %s", (_label, to) => {
    expect(safeRedirectPath(to as string, "/ar/dashboard")).toBe("/ar/dashboard");
  });

  it("returns the given fallback unchanged", () => {
    expect(safeRedirectPath(null, "/")).toBe("/");
  });

  it.each(["/..//evil.com", "/.//evil.com", "/%2e%2e//evil.com", "/a/..//evil.com"])(
    "does not let dot segments collapse %j into a protocol-relative //evil.com",
    (to) => {
      expect(safeRedirectPath(to)).toBe("/dashboard");
    },
  );
});
