import { lookup } from "node:dns/promises";
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

export function isPublicAddress(address: string): boolean {
  return addressRange(address) === "unicast";
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
          const range = refused ? addressRange(refused) : "unresolved";
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
 * (after DNS, on every redirect). Tests replace DNS (`resolve`) and widen the rule to their own
 * loopback server (`allowAddress`).
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

/** The fetch for a base URL: environment URLs are trusted, organizations' URLs are not. */
export function fetchFor(options: {
  trusted: boolean;
  allowPrivateNetwork: boolean;
  publicOnlyFetch: FetchFunction;
}): FetchFunction {
  return options.trusted || options.allowPrivateNetwork
    ? globalThis.fetch
    : options.publicOnlyFetch;
}
