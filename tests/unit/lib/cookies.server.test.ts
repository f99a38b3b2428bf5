import { afterEach, describe, expect, it, vi } from "vitest";

/** The cookie module as a server with this APP_URL loads it. */
async function cookiesWith(appUrl: string | undefined) {
  vi.resetModules();
  vi.stubEnv("APP_URL", appUrl);
  return import("~/lib/cookies.server");
}

describe("cookies", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("are Secure when the public address is https", async () => {
    const { tokenCookie, localeCookie } = await cookiesWith("https://qalam.example.com");
    expect(await tokenCookie.serialize("a token")).toMatch(/; Secure/);
    expect(await localeCookie.serialize("ar")).toMatch(/; Secure/);
  });

  it("are not Secure on http://localhost or without APP_URL, where the browser would drop them", async () => {
    for (const appUrl of ["http://localhost:3000", undefined]) {
      const { tokenCookie, localeCookie } = await cookiesWith(appUrl);
      expect(await tokenCookie.serialize("a token")).not.toMatch(/Secure/);
      expect(await localeCookie.serialize("ar")).not.toMatch(/Secure/);
    }
  });
});
