import { domainToASCII } from "node:url";
import { botLimits } from "./bot-limits";

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host a bot's widget may run on, as stored: lower case, in ASCII (an Arabic domain in its
 * punycode), `example.com` for that host alone or `*.example.com` for its subdomains; null when
 * it is neither (a scheme, a path, a port, a bare `*`, a wildcard over a top-level domain).
 * `localhost` is a host too, for trying a widget out.
 */
export function normalizeDomain(value: string): string | null {
  const trimmed = value.trim().toLowerCase().replace(/\.$/, "");
  const wildcard = trimmed.startsWith("*.");
  const host = wildcard ? trimmed.slice(2) : trimmed;
  if (host.length === 0 || host.length > botLimits.domain) return null;
  if (/[^\p{L}\p{N}.-]/u.test(host)) return null;
  const ascii = domainToASCII(host);
  if (!ascii || ascii.length > botLimits.domain) return null;
  const labels = ascii.split(".");
  if (!labels.every((part) => label.test(part))) return null;
  if (labels.length < 2 && !(ascii === "localhost" && !wildcard)) return null;
  // The last label is a top-level domain: letters (or punycode), never all digits.
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) return null;
  return wildcard ? `*.${ascii}` : ascii;
}

/** Whether a page's host is one of the allowed domains (the widget and the public API's check). */
export function domainAllowed(allowed: readonly string[], host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return allowed.some((domain) =>
    domain.startsWith("*.") ? name.endsWith(domain.slice(1)) : name === domain,
  );
}
