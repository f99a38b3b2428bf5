import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy } from "../../../server/trust-proxy";

/** A request from `peer` that carries `forwarded` as its X-Forwarded-For. */
function request(peer: string, forwarded?: string) {
  return {
    headers: forwarded ? { "x-forwarded-for": forwarded } : {},
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  } as unknown as IncomingMessage;
}

const spoofed = "6.6.6.6, 203.0.113.9";

describe("TRUST_PROXY", () => {
  it("believes no X-Forwarded-For when unset or 0", () => {
    for (const value of [undefined, "", " ", "0"]) {
      expect(clientAddress(request("127.0.0.1", spoofed), parseTrustProxy(value))).toBe(
        "127.0.0.1",
      );
    }
  });

  it("takes a number as the count of proxies: the client is what the nearest one appended", () => {
    expect(clientAddress(request("127.0.0.1", spoofed), parseTrustProxy("1"))).toBe("203.0.113.9");
    expect(clientAddress(request("127.0.0.1", spoofed), parseTrustProxy("2"))).toBe("6.6.6.6");
    // More hops trusted than there are: the left-most address is all there is.
    expect(clientAddress(request("127.0.0.1", "203.0.113.9"), parseTrustProxy("3"))).toBe(
      "203.0.113.9",
    );
  });

  it("takes a list of proxy addresses and ranges: the client is the first address not in it", () => {
    const trust = parseTrustProxy("loopback, 10.0.0.0/8");
    expect(clientAddress(request("127.0.0.1", "6.6.6.6, 10.1.2.3"), trust)).toBe("6.6.6.6");
    expect(clientAddress(request("127.0.0.1", "6.6.6.6, 203.0.113.9"), trust)).toBe("203.0.113.9");
    // A peer that is not a listed proxy is the client, whatever it says.
    expect(clientAddress(request("198.51.100.4", spoofed), trust)).toBe("198.51.100.4");
  });

  it.each(["true", "yes", "1.2.3.4/99", "10.0.0.0/8, nonsense", "-1"])(
    "refuses %j with a message that says what it takes",
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY must be the number of reverse/);
    },
  );
});
