import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";

/** A fetch as the AI SDK's providers take it. */
export type FetchFunction = typeof globalThis.fetch;

/** A provider address that an organization may not reach: loopback, private, link-local… */
export class PrivateAddressError extends Error {
  readonly code = "AI_PRIVATE_ADDRESS";
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${hostname} resolves to ${address} (${range}), which is not a public address`);
    this.name = "PrivateAddressError";
  }
}

/**
 * The address class of an IP address, as ipaddr.js names it: only `unicast` is public. Loopback,
 * private, link-local (169.254.169.254, the cloud metadata address), carrier-grade NAT
 * (100.100.100.200), unique local (fd00:ec2::254), unspecified, multicast, reserved and the IPv6
 * translation ranges are not. An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is its IPv4.
 */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

/** A network as ipaddr.js matches it: an address and the length of its prefix. */
type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * A network written as CIDR (`10.0.0.0/8`, `fd12:3456::/48`) or a single address. Throws with
 * the text when it is not one: a setting that cannot be read stops the start.
 */
export function parseNetwork(text: string): Network {
  const [address = "", prefix, ...rest] = text.trim().split("/");
  // isIP is strict where ipaddr.js is not: it reads "10.1" as 10.0.0.1.
  const kind = isIP(address);
  const bits = kind === 4 ? 32 : 128;
  if (kind === 0 || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
    throw new Error(`"${text.trim()}" is not a network in CIDR notation (such as 10.0.0.0/8)`);
  }
  const length = prefix === undefined ? bits : Number(prefix);
  if (length > bits) {
    throw new Error(`"${text.trim()}" has a prefix longer than ${bits} bits`);
  }
  const parsed = ipaddr.parse(address);
  // An IPv4 network written as IPv6 (::ffff:10.0.0.0/104) matches IPv4 addresses.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() && length >= 96) {
    return [(parsed as ipaddr.IPv6).toIPv4Address(), length - 96];
  }
  return [parsed, length];
}

const inNetwork = (address: ipaddr.IPv4 | ipaddr.IPv6, [network, length]: Network) =>
  address.kind() === network.kind() && address.match(network, length);

/**
 * Link-local networks and the cloud metadata addresses: the instance's credentials are one
 * request away there, so no setting opens them to organizations.
 */
const alwaysClosed: [string, Network][] = (
  [
    // 169.254.169.254: the metadata of AWS, Google Cloud, Azure, OpenStack…; 169.254.170.2: ECS.
    ["linkLocal", "169.254.0.0/16"],
    ["linkLocal", "fe80::/10"],
    ["cloudMetadata", "fd00:ec2::254/128"], // AWS over IPv6
    ["cloudMetadata", "100.100.100.200/32"], // Alibaba Cloud, inside carrier-grade NAT
    ["cloudMetadata", "168.63.129.16/32"], // Azure's platform address, a public one
  ] as const
).map(([range, network]) => [range, parseNetwork(network)]);

/** The name of the always-closed range an address is in, or null. */
function closedRange(address: string): string | null {
  const parsed = ipaddr.process(address);
  return alwaysClosed.find(([, network]) => inNetwork(parsed, network))?.[0] ?? null;
}

/** The ranges that AI_ALLOW_PRIVATE_NETWORK=1 opens, as ipaddr.js names them. */
const privateRanges = new Set(["loopback", "private", "uniqueLocal", "carrierGradeNat"]);

/** Which private addresses organizations' providers may be at, besides public ones. */
export type NetworkPolicy = {
  /** AI_ALLOW_PRIVATE_NETWORK=1: loopback, private, unique-local and carrier-grade NAT ranges. */
  allowPrivateNetwork?: boolean;
  /** AI_ALLOWED_NETWORKS: these networks only (CIDR). */
  allowedNetworks?: readonly string[];
};

/**
 * Whether an organization's provider may be at an address: a public one, or one the policy
 * opens; never a link-local or cloud metadata address, whatever the policy says.
 */
export function addressRule(policy: NetworkPolicy = {}): (address: string) => boolean {
  const allowed = (policy.allowedNetworks ?? []).map(parseNetwork);
  return (address) => {
    if (closedRange(address) !== null) return false;
    const parsed = ipaddr.process(address);
    const range = parsed.range();
    if (range === "unicast") return true;
    if (policy.allowPrivateNetwork && privateRanges.has(range)) return true;
    return allowed.some((network) => inNetwork(parsed, network));
  };
}

export const isPublicAddress: (address: string) => boolean = addressRule();

/**
 * The network settings of the environment: `AI_ALLOW_PRIVATE_NETWORK` (`1` or `0`) and
 * `AI_ALLOWED_NETWORKS`, a comma list of CIDR networks. A value that cannot be read stops the
 * start with the variable's name.
 */
export function networkPolicyFromEnv(
  env: Record<string, string | undefined>,
): Required<NetworkPolicy> {
  const flag = env.AI_ALLOW_PRIVATE_NETWORK?.trim() ?? "";
  if (!["", "0", "1"].includes(flag)) {
    throw new Error(`AI_ALLOW_PRIVATE_NETWORK must be 1 or 0, got "${flag}"`);
  }
  const allowedNetworks = (env.AI_ALLOWED_NETWORKS ?? "")
    .split(",")
    .map((network) => network.trim())
    .filter(Boolean);
  for (const network of allowedNetworks) {
    try {
      parseNetwork(network);
    } catch (error) {
      throw new Error(`AI_ALLOWED_NETWORKS: ${(error as Error).message}`);
    }
  }
  return { allowPrivateNetwork: flag === "1", allowedNetworks };
}

type Resolve = (hostname: string) => Promise<string[]>;

const resolveAll: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * A connector that resolves the host itself, refuses it unless every address is public, and
 * connects to the address it checked, so that DNS cannot answer differently between the check
 * and the connection. It runs for every connection, so every redirect's target is checked too.
 */
function publicOnlyConnector(
  resolve: Resolve,
  allowAddress: (address: string) => boolean,
): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) => {
    const hostname = options.hostname.replace(/^\[|\]$/g, "");
    const addresses = ipaddr.isValid(hostname) ? Promise.resolve([hostname]) : resolve(hostname);
    addresses.then(
      (found) => {
        const refused = found.find((address) => !allowAddress(address));
        if (refused !== undefined || found.length === 0) {
          const address = refused ?? "no address";
          const range = refused ? (closedRange(refused) ?? addressRange(refused)) : "unresolved";
          callback(new PrivateAddressError(hostname, address, range), null);
          return;
        }
        const address = found[0] as string;
        connect(
          {
            ...options,
            hostname: address,
            // TLS still checks the certificate against the name that was asked for.
            servername:
              options.protocol === "https:" && !ipaddr.isValid(hostname)
                ? (options.servername ?? hostname)
                : undefined,
          },
          callback,
        );
      },
      (error: unknown) => callback(error as Error, null),
    );
  };
}

/**
 * The fetch for base URLs that an organization typed in: it reaches public addresses only
 * (after DNS, on every redirect), or those its rule allows (`addressRule(policy)`). Tests replace
 * DNS (`resolve`) and widen the rule to their own loopback server (`allowAddress`).
 */
export function createPublicOnlyFetch(
  options: { resolve?: Resolve; allowAddress?: (address: string) => boolean } = {},
): FetchFunction {
  const connector = publicOnlyConnector(
    options.resolve ?? resolveAll,
    options.allowAddress ?? isPublicAddress,
  );
  const dispatcher = new Agent({ connect: connector });
  return ((input: Parameters<FetchFunction>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never).catch(
      (error: unknown) => {
        // undici wraps the connector's refusal as "fetch failed"; its cause says what happened.
        const cause = (error as { cause?: unknown }).cause;
        throw cause instanceof PrivateAddressError ? cause : error;
      },
    )) as unknown as FetchFunction;
}

/**
 * The fetch for a base URL: environment URLs are trusted; organizations' URLs always go through
 * the checked fetch, which the network policy may widen but never to link-local or metadata.
 */
export function fetchFor(options: {
  trusted: boolean;
  publicOnlyFetch: FetchFunction;
}): FetchFunction {
  return withEncodedForms(options.trusted ? globalThis.fetch : options.publicOnlyFetch);
}

/**
 * A fetch that sends a FormData body (a start image, audio to transcribe) as the bytes it encodes
 * to. Node's own fetch writes a form from a promise that nothing awaits: a cancel that closes the
 * body while it is written throws "ReadableStream is already closed" there, a rejection no one
 * handles, which ended the process. Encoded first, the body goes in one piece, and a cancel stops
 * only the request.
 */
export function withEncodedForms(fetch: FetchFunction): FetchFunction {
  return async (input, init) => {
    if (!(init?.body instanceof FormData)) return fetch(input, init);
    const encoded = new Response(init.body);
    const body = new Uint8Array(await encoded.arrayBuffer());
    init.signal?.throwIfAborted();
    const headers = new Headers(init.headers);
    headers.set("content-type", encoded.headers.get("content-type") ?? "multipart/form-data");
    return fetch(input, { ...init, headers, body });
  };
}
