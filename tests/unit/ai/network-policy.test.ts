import { describe, expect, it } from "vitest";
import { addressRule, networkPolicyFromEnv, parseNetwork } from "../../../api/ai/network";

describe("networkPolicyFromEnv", () => {
  it("reads AI_ALLOW_PRIVATE_NETWORK and the CIDR list of AI_ALLOWED_NETWORKS", () => {
    expect(networkPolicyFromEnv({})).toEqual({ allowPrivateNetwork: false, allowedNetworks: [] });
    expect(
      networkPolicyFromEnv({
        AI_ALLOW_PRIVATE_NETWORK: "1",
        AI_ALLOWED_NETWORKS: " 10.0.0.0/8, 192.168.1.0/24,127.0.0.1/32 ,fd12:3456::/48,",
      }),
    ).toEqual({
      allowPrivateNetwork: true,
      allowedNetworks: ["10.0.0.0/8", "192.168.1.0/24", "127.0.0.1/32", "fd12:3456::/48"],
    });
    expect(networkPolicyFromEnv({ AI_ALLOW_PRIVATE_NETWORK: "0" }).allowPrivateNetwork).toBe(false);
  });

  it.each([
    ["10.0.0.0/33", /AI_ALLOWED_NETWORKS: "10.0.0.0\/33" has a prefix longer than 32 bits/],
    ["10.0.0/8", /AI_ALLOWED_NETWORKS: "10.0.0\/8" is not a network in CIDR notation/],
    ["10.0.0.0/8, intranet", /"intranet" is not a network/],
    ["10.0.0.0/x", /"10.0.0.0\/x" is not a network/],
    ["fd00::/129", /longer than 128 bits/],
    ["10.0.0.0/8/8", /is not a network/],
  ])("stops the start on AI_ALLOWED_NETWORKS=%s", (value, message) => {
    expect(() => networkPolicyFromEnv({ AI_ALLOWED_NETWORKS: value })).toThrow(message);
  });

  it("stops the start on an AI_ALLOW_PRIVATE_NETWORK that is not 1 or 0", () => {
    expect(() => networkPolicyFromEnv({ AI_ALLOW_PRIVATE_NETWORK: "yes" })).toThrow(
      'AI_ALLOW_PRIVATE_NETWORK must be 1 or 0, got "yes"',
    );
  });

  it("reads a single address as a network of one, and an IPv4 network written as IPv6", () => {
    expect(parseNetwork("10.1.2.3").map(String)).toEqual(["10.1.2.3", "32"]);
    expect(parseNetwork("::ffff:10.0.0.0/104").map(String)).toEqual(["10.0.0.0", "8"]);
  });
});

describe("addressRule", () => {
  const metadata = [
    "169.254.169.254",
    "169.254.170.2",
    "::ffff:169.254.169.254",
    "fe80::1",
    "fd00:ec2::254",
    "100.100.100.200",
    "168.63.129.16",
  ];

  it("lets public addresses through and nothing else by default", () => {
    const rule = addressRule();
    expect(rule("8.8.8.8")).toBe(true);
    expect(rule("2001:4860:4860::8888")).toBe(true);
    for (const address of ["127.0.0.1", "10.0.0.1", "192.168.1.1", "fd12::1", ...metadata]) {
      expect(rule(address), address).toBe(false);
    }
  });

  it("AI_ALLOW_PRIVATE_NETWORK=1 opens loopback and private ranges, never link-local or metadata", () => {
    const rule = addressRule({ allowPrivateNetwork: true });
    for (const address of ["127.0.0.1", "::1", "10.0.0.1", "172.16.5.4", "192.168.1.1"]) {
      expect(rule(address), address).toBe(true);
    }
    expect(rule("fd12:3456::1")).toBe(true);
    expect(rule("100.64.0.7")).toBe(true);
    for (const address of metadata) expect(rule(address), address).toBe(false);
    expect(rule("224.0.0.1")).toBe(false);
    expect(rule("0.0.0.0")).toBe(false);
  });

  it("AI_ALLOWED_NETWORKS opens the networks it names and no other, never metadata", () => {
    const rule = addressRule({
      allowedNetworks: ["10.0.0.0/8", "192.168.1.0/24", "127.0.0.1/32", "169.254.0.0/16", "::/0"],
    });
    for (const address of ["10.200.1.1", "192.168.1.40", "127.0.0.1", "::ffff:10.0.0.1"]) {
      expect(rule(address), address).toBe(true);
    }
    for (const address of ["192.168.2.1", "127.0.0.2", "172.16.0.1"]) {
      expect(rule(address), address).toBe(false);
    }
    // Named outright or inside a wider network, link-local and metadata stay closed.
    for (const address of metadata) expect(rule(address), address).toBe(false);
  });
});
