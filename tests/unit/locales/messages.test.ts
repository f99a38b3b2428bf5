import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languages, namespaces } from "~/lib/i18n";
import { mailNamespaces } from "../../../api/mail/messages";
import { widgetNamespaces } from "../../../widget/strings";

const root = new URL("../../../locales/", import.meta.url);

function namespaceFiles(language: string) {
  return readdirSync(new URL(`${language}/`, root))
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.replace(/\.json$/, ""))
    .sort();
}

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        entries.set(path, leaf);
      }
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

function messages(language: string, namespace: string) {
  const text = readFileSync(new URL(`${language}/${namespace}.json`, root), "utf8");
  return flatten(JSON.parse(text));
}

function placeholders(message: unknown) {
  return typeof message === "string"
    ? [...new Set([...message.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => match[1]))].sort()
    : [];
}

const [en, ar] = ["en", "ar"].map(namespaceFiles) as [string[], string[]];

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** A key without its i18next plural suffix: languages have different plural forms. */
const baseKey = (key: string) => key.replace(pluralSuffix, "");

/** For each key with plural forms, the forms it has. */
function pluralForms(entries: Map<string, unknown>) {
  const forms = new Map<string, Set<string>>();
  for (const key of entries.keys()) {
    const form = pluralSuffix.exec(key)?.[1];
    if (!form) continue;
    const base = baseKey(key);
    forms.set(base, (forms.get(base) ?? new Set()).add(form));
  }
  return forms;
}

describe("message files", () => {
  it("exist for every language", () => {
    expect([...languages].sort()).toEqual(["ar", "en"]);
    expect(en.length).toBeGreaterThan(0);
  });

  it("have the same namespaces in English and Arabic", () => {
    expect(ar).toEqual(en);
  });

  it("match the namespaces of the app (app/lib/i18n.ts), the API (api/mail) and the widget", () => {
    const appNamespaces: readonly string[] = namespaces;
    const others = [...mailNamespaces, ...widgetNamespaces];
    expect(others.filter((namespace) => appNamespaces.includes(namespace))).toEqual([]);
    expect([...namespaces, ...others].sort()).toEqual(en);
  });

  describe.each(en)("%s.json", (namespace) => {
    const english = messages("en", namespace);
    const arabic = messages("ar", namespace);

    it("has the same keys in both languages", () => {
      const arabicKeys = new Set([...arabic.keys()].map(baseKey));
      const englishKeys = new Set([...english.keys()].map(baseKey));
      const missingInArabic = [...englishKeys].filter((key) => !arabicKeys.has(key));
      const missingInEnglish = [...arabicKeys].filter((key) => !englishKeys.has(key));
      expect(missingInArabic, `keys missing in ar/${namespace}.json`).toEqual([]);
      expect(missingInEnglish, `keys missing in en/${namespace}.json`).toEqual([]);
    });

    it.each([
      ["en", english],
      ["ar", arabic],
    ])("has only non-empty strings in %s", (language, entries) => {
      const bad = [...entries]
        .filter(([, message]) => typeof message !== "string" || message.trim() === "")
        .map(([key, message]) => `${key}: ${JSON.stringify(message)}`);
      expect(bad, `empty or non-string messages in ${language}/${namespace}.json`).toEqual([]);
    });

    it.each([
      ["en", english],
      ["ar", arabic],
    ])("has every plural form that %s needs", (language, entries) => {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const incomplete = [...pluralForms(entries)]
        .filter(([, forms]) => needed.some((form) => !forms.has(form)))
        .map(([key, forms]) => `${key}: ${[...forms].join(", ")}`);
      expect(incomplete, `plural forms missing in ${language}/${namespace}.json`).toEqual([]);
    });

    it("uses the same {{placeholders}} in both languages", () => {
      const mismatched = [...english]
        .filter(([key]) => arabic.has(key))
        .map(([key, message]) => ({
          key,
          en: placeholders(message),
          ar: placeholders(arabic.get(key)),
        }))
        .filter((entry) => entry.en.join() !== entry.ar.join());
      expect(mismatched, `placeholders differ in ${namespace}.json`).toEqual([]);
    });
  });
});
