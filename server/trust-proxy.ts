import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/** Which hops of a request's X-Forwarded-For to believe: `(address, hop) => trusted`. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY: unset (or 0) believes no X-Forwarded-For, so the client is the socket's peer; a
 * number is how many reverse proxies stand in front (`1`: the client is the last address the
 * proxy appended); a comma-separated list names the proxies by address or CIDR range (or
 * `loopback`, `linklocal`, `uniquelocal`). Never "all": the left-most address is the client's own
 * word, and every per-address limit would count what the client chose.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = value?.trim() ?? "";
  if (setting === "" || setting === "0") return () => false;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  const proxies = setting.split(",").map((entry) => entry.trim());
  try {
    return proxyaddr.compile(proxies);
  } catch {
    throw new Error(
      "TRUST_PROXY must be the number of reverse proxies in front of the server (1) or a " +
        "comma-separated list of their addresses or CIDR ranges (10.0.0.0/8, loopback); " +
        `got "${setting}"`,
    );
  }
}

/** The client's address of a request (a WebSocket handshake too) under the trust setting. */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(request, trust);
}
