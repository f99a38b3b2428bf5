import Bowser from "bowser";
import type { Device } from "./device";

const kinds = new Set<Device["kind"]>(["desktop", "mobile", "tablet"]);

export function describeDevice(userAgent: string | null): Device {
  if (!userAgent?.trim()) return { browser: null, os: null, kind: "other" };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const type = platform.type as Device["kind"] | undefined;
  return {
    browser: browser.name
      ? [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ")
      : null,
    os: os.name ?? null,
    kind: type && kinds.has(type) ? type : "other",
  };
}
