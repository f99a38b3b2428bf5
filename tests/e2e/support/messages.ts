import { readFileSync } from "node:fs";
import { join } from "node:path";

type Messages = { [key: string]: string | Messages };

/**
 * A page's own words, read from the message files so that both languages are checked alike:
 * `t("leads.title")` in the `xbot` namespace, `t("common:notices.lead-saved")` in another, with
 * `{{values}}` filled in and the `<auto>` marks of isolated text taken off.
 */
export function messagesOf(language: "en" | "ar", defaultNamespace = "xbot") {
  const files = new Map<string, Messages>();
  const file = (namespace: string) => {
    let read = files.get(namespace);
    if (!read) {
      read = JSON.parse(
        readFileSync(join(process.cwd(), "locales", language, `${namespace}.json`), "utf8"),
      ) as Messages;
      files.set(namespace, read);
    }
    return read;
  };
  return (key: string, values: Record<string, string> = {}) => {
    const [namespace, path] = key.includes(":") ? key.split(":") : [defaultNamespace, key];
    let found: string | Messages | undefined = file(namespace as string);
    for (const part of (path as string).split(".")) {
      found = typeof found === "object" ? found[part] : undefined;
    }
    if (typeof found !== "string") throw new Error(`No message ${key}`);
    return Object.entries(values)
      .reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, value), found)
      .replace(/<\/?auto>/g, "");
  };
}
