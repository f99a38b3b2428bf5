import { isIP } from "node:net";

/**
 * Where the server runs, read from its public address (`APP_URL`) rather than from NODE_ENV, which
 * only chooses the React build: `npm start` serves React's production build on http://localhost too.
 */
export type Deployment = {
  /** The public address is https: cookies are Secure, HSTS is sent and requests are upgraded. */
  secure: boolean;
  /**
   * The public address is this machine (localhost, 127.0.0.0/8, ::1): a demo account may be seeded
   * into an empty embedded database, and errors show their details.
   */
  local: boolean;
};

export function deploymentFromAppUrl(appUrl: string): Deployment {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    throw new Error(`APP_URL must be an absolute http(s) address, got "${appUrl}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`APP_URL must be an http(s) address, got "${appUrl}"`);
  }
  return { secure: url.protocol === "https:", local: isLoopbackHost(url.hostname) };
}

function isLoopbackHost(hostname: string) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1";
  return false;
}
