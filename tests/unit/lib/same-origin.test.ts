import { describe, expect, it } from "vitest";
import { isSameOriginWrite } from "~/lib/same-origin";

const base = {
  method: "POST",
  host: "qalam.example",
  origin: undefined,
  secFetchSite: undefined,
} as const;

describe("isSameOriginWrite", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get"])("lets %s through from anywhere", (method) => {
    expect(isSameOriginWrite({ ...base, method, origin: "https://evil.example" })).toBe(true);
  });

  it.each([
    ["https://qalam.example", true],
    ["http://qalam.example", true],
    ["https://QALAM.example", true],
    ["https://evil.example", false],
    ["https://qalam.example.evil.example", false],
    ["https://qalam.example:8443", false],
    ["null", false],
    ["not a url", false],
  ])("a POST with Origin %s: %s", (origin, allowed) => {
    expect(isSameOriginWrite({ ...base, origin })).toBe(allowed);
  });

  it("compares the port too", () => {
    expect(
      isSameOriginWrite({ ...base, host: "localhost:3000", origin: "http://localhost:3000" }),
    ).toBe(true);
    expect(
      isSameOriginWrite({ ...base, host: "localhost:3000", origin: "http://localhost:3001" }),
    ).toBe(false);
  });

  it.each([
    [undefined, true],
    ["same-origin", true],
    ["none", true],
    ["same-site", false],
    ["cross-site", false],
  ])("without Origin, Sec-Fetch-Site %s: %s", (secFetchSite, allowed) => {
    expect(isSameOriginWrite({ ...base, secFetchSite })).toBe(allowed);
  });

  it("refuses a POST with an Origin but no Host", () => {
    expect(isSameOriginWrite({ ...base, host: undefined, origin: "https://qalam.example" })).toBe(
      false,
    );
  });
});
