import { describe, expect, it } from "vitest";
import { localizedPath } from "~/lib/i18n";
import { safeRedirect } from "~/lib/redirect.server";

const locationOf = (response: Response) => response.headers.get("Location");

describe("safeRedirect", () => {
  it("sends a path of this site as it is", () => {
    const response = safeRedirect("/workspaces?notice=saved", { headers: { "X-Test": "1" } });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/workspaces?notice=saved");
    expect(response.headers.get("X-Test")).toBe("1");
  });

  it.each(["//evil.example/", "/\\evil.example", "/\t/evil.example", "https://evil.example/", ""])(
    "sends %j to the fallback instead",
    (target) => {
      expect(locationOf(safeRedirect(target, 302, "/ar"))).toBe("/ar");
    },
  );

  it("checks the path after the language prefix is removed", () => {
    // Safe as given, another site once the prefix goes.
    const target = localizedPath("/ar//evil.example/", "en");
    expect(target).toBe("//evil.example/");
    expect(locationOf(safeRedirect(target))).toBe("/");
  });

  it("checks the path after the language prefix is added", () => {
    expect(locationOf(safeRedirect(localizedPath("/dashboard", "ar")))).toBe("/ar/dashboard");
  });
});
