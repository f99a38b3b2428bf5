import { describe, expect, it } from "vitest";
import { localeCookie } from "~/lib/cookies.server";
import { namespaces } from "~/lib/i18n";
import { pageLanguage, preferredLanguage, resources } from "~/lib/i18n.server";

async function cookieHeader(value: string) {
  const setCookie = await localeCookie.serialize(value);
  return setCookie.split(";")[0] ?? "";
}

function request(headers: Record<string, string> = {}) {
  return new Request("http://qalam.test/clients", { headers });
}

describe("preferredLanguage", () => {
  it("is English without a cookie or Accept-Language", async () => {
    expect(await preferredLanguage(request())).toBe("en");
  });

  it.each([
    ["ar-SA,ar;q=0.9", "ar"],
    ["ar", "ar"],
    ["AR-sa", "ar"],
    ["ar-EG;q=0.8, en;q=0.5", "ar"],
    ["en-US,en;q=0.9", "en"],
    ["en-GB, ar;q=0.9", "en"],
    ["ar;q=0.4, en;q=0.6", "en"],
    ["de", "en"],
    ["*", "en"],
    ["", "en"],
  ])("follows Accept-Language %j → %j", async (acceptLanguage, expected) => {
    expect(await preferredLanguage(request({ "Accept-Language": acceptLanguage }))).toBe(expected);
  });

  // remix-i18next takes only the client's highest-quality locale and then matches it against the
  // supported languages; when that locale is unsupported it falls back rather than looking further.
  it.each([
    ["fr-FR, ar;q=0.5", "ar"],
    ["de-DE,de;q=0.9,ar;q=0.8", "ar"],
    ["de-DE,ar;q=0.5,en;q=0.8", "en"],
  ])("takes the best supported language by quality: %j → %j", async (header, expected) => {
    expect(await preferredLanguage(request({ "Accept-Language": header }))).toBe(expected);
  });

  it("takes the cookie over Accept-Language", async () => {
    const headers = { Cookie: await cookieHeader("en"), "Accept-Language": "ar" };
    expect(await preferredLanguage(request(headers))).toBe("en");
  });

  it("follows an Arabic cookie", async () => {
    expect(await preferredLanguage(request({ Cookie: await cookieHeader("ar") }))).toBe("ar");
  });

  it("follows an Arabic cookie among other cookies, over an English Accept-Language", async () => {
    const headers = {
      Cookie: `token=abc; ${await cookieHeader("ar")}; theme=dark`,
      "Accept-Language": "en-US",
    };
    expect(await preferredLanguage(request(headers))).toBe("ar");
  });

  it("ignores a cookie naming an unsupported language and uses Accept-Language", async () => {
    const headers = { Cookie: await cookieHeader("fr"), "Accept-Language": "ar" };
    expect(await preferredLanguage(request(headers))).toBe("ar");
  });

  it("ignores a malformed cookie", async () => {
    const headers = { Cookie: "locale=%%%not-base64", "Accept-Language": "ar" };
    expect(await preferredLanguage(request(headers))).toBe("ar");
  });
});

describe("pageLanguage", () => {
  it.each([
    ["http://qalam.test/clients", "en"],
    ["http://qalam.test/", "en"],
    ["http://qalam.test/ar", "ar"],
    ["http://qalam.test/ar/clients?page=2", "ar"],
    ["http://qalam.test/arabic", "en"],
    ["http://qalam.test/clients?lang=ar", "en"],
  ])("%s is in %j", (url, expected) => {
    expect(pageLanguage(new Request(url))).toBe(expected);
  });
});

describe("resources", () => {
  it("bundles every namespace of both languages", () => {
    expect(Object.keys(resources).sort()).toEqual(["ar", "en"]);
    for (const language of ["en", "ar"]) {
      expect(Object.keys(resources[language] ?? {}).sort()).toEqual([...namespaces].sort());
    }
  });
});
