import { describe, expect, it } from "vitest";
import {
  defaultLanguage,
  htmlLang,
  isLanguage,
  isNamespace,
  languageFromPathname,
  languages,
  localizedPath,
  stripLanguagePrefix,
  textDirection,
} from "~/lib/i18n";

describe("languages", () => {
  it("are English (the default) and Arabic", () => {
    expect(languages).toEqual(["en", "ar"]);
    expect(defaultLanguage).toBe("en");
  });

  it.each([
    ["en", true],
    ["ar", true],
    ["fr", false],
    ["AR", false],
    ["", false],
    [undefined, false],
    [1, false],
  ])("isLanguage(%j) is %s", (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });

  it.each([
    ["common", true],
    ["auth", true],
    ["nope", false],
    [null, false],
  ])("isNamespace(%j) is %s", (value, expected) => {
    expect(isNamespace(value)).toBe(expected);
  });
});

describe("htmlLang and textDirection", () => {
  it("English is en-US, left to right", () => {
    expect(htmlLang("en")).toBe("en-US");
    expect(textDirection("en")).toBe("ltr");
  });

  it("Arabic is ar, right to left", () => {
    expect(htmlLang("ar")).toBe("ar");
    expect(textDirection("ar")).toBe("rtl");
  });
});

describe("stripLanguagePrefix", () => {
  it.each([
    ["/ar/clients", "/clients"],
    ["/ar/clients/1/edit", "/clients/1/edit"],
    ["/ar", "/"],
    ["/ar/", "/"],
    ["/clients", "/clients"],
    ["/", "/"],
    ["/arabic", "/arabic"],
    ["/ar-SA/clients", "/ar-SA/clients"],
    ["/en/clients", "/en/clients"],
    ["/clients/ar/x", "/clients/ar/x"],
  ])("%j → %j", (path, expected) => {
    expect(stripLanguagePrefix(path)).toBe(expected);
  });
});

describe("languageFromPathname", () => {
  it.each([
    ["/ar", "ar"],
    ["/ar/", "ar"],
    ["/ar/clients", "ar"],
    ["/", "en"],
    ["/clients", "en"],
    ["/arabic", "en"],
    ["/fr/clients", "en"],
  ])("%j is %j", (path, expected) => {
    expect(languageFromPathname(path)).toBe(expected);
  });
});

describe("localizedPath", () => {
  it.each([
    ["/clients", "/ar/clients"],
    ["/", "/ar"],
    ["/ar/clients", "/ar/clients"],
    ["/ar", "/ar"],
    ["/clients?page=2", "/ar/clients?page=2"],
    ["/clients?page=2#top", "/ar/clients?page=2#top"],
    ["/?x=1", "/ar?x=1"],
    ["/ar/clients?page=2", "/ar/clients?page=2"],
    ["/arabic", "/ar/arabic"],
  ])("%j in Arabic is %j", (path, expected) => {
    expect(localizedPath(path, "ar")).toBe(expected);
  });

  it.each([
    ["/ar/clients", "/clients"],
    ["/ar", "/"],
    ["/ar/clients?page=2", "/clients?page=2"],
    ["/clients", "/clients"],
    ["/", "/"],
    ["/?x=1", "/?x=1"],
    ["/arabic", "/arabic"],
  ])("%j in English is %j", (path, expected) => {
    expect(localizedPath(path, "en")).toBe(expected);
  });

  it.each(languages)("is idempotent in %s", (language) => {
    for (const path of ["/", "/ar", "/clients", "/ar/clients?page=2", "/clients?x=1#y"]) {
      const once = localizedPath(path, language);
      expect(localizedPath(once, language)).toBe(once);
    }
  });

  it.each([
    ["/ar?x=1", "en", "/?x=1"],
    ["/ar?x=1", "ar", "/ar?x=1"],
    ["/ar#top", "en", "/#top"],
  ] as const)(
    "treats the query or hash of the bare Arabic home %j like any other: %s → %j",
    (path, language, expected) => {
      expect(localizedPath(path, language)).toBe(expected);
    },
  );
});
