import { readFileSync } from "node:fs";
import type { Locale } from "../db/schema";

/** The API's own message files in locales/<lng>/; the web app never loads them. */
export const mailNamespaces = ["mail"] as const;
export type MailNamespace = (typeof mailNamespaces)[number];

export type MessageValues = Record<string, string | number>;
export type Translate = (key: string, values?: MessageValues) => string;

const localesRoot = new URL("../../locales/", import.meta.url);
const loaded = new Map<string, unknown>();

function messageFile(locale: Locale, namespace: MailNamespace): unknown {
  const name = `${locale}/${namespace}`;
  let messages = loaded.get(name);
  if (messages === undefined) {
    messages = JSON.parse(readFileSync(new URL(`${name}.json`, localesRoot), "utf8")) as unknown;
    loaded.set(name, messages);
  }
  return messages;
}

function lookUp(messages: unknown, key: string): string | undefined {
  let node = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Replaces i18next-style `{{name}}` placeholders. A placeholder without a value throws, so a
 * message never goes out with a visible `{{…}}` in it.
 */
export function interpolate(template: string, values: MessageValues = {}): string {
  return template.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {{${name}}} in "${template}"`);
    return String(value);
  });
}

/** A `t(key, values)` for one locale; keys are dotted paths into locales/<lng>/<ns>.json. */
export function translator(locale: Locale, namespace: MailNamespace = "mail"): Translate {
  const messages = messageFile(locale, namespace);
  return (key, values) => {
    const template = lookUp(messages, key);
    if (template === undefined) throw new Error(`Missing message ${namespace}:${key} in ${locale}`);
    return interpolate(template, values);
  };
}

/** "10 minutes", "10 دقائق": the plural rules of Arabic come from Intl rather than from the files. */
export function formatMinutes(locale: Locale, minutes: number): string {
  // Latin digits in both languages, like the keys themselves.
  return new Intl.NumberFormat(`${locale}-u-nu-latn`, {
    style: "unit",
    unit: "minute",
    unitDisplay: "long",
  }).format(minutes);
}

const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);
}
