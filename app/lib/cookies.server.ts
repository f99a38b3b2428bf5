import { createCookie } from "react-router";
import { deploymentFromAppUrl } from "../../server/deployment";

/** Secure cookies when the public address is https. */
const secure = process.env.APP_URL ? deploymentFromAppUrl(process.env.APP_URL).secure : false;
const secrets = process.env.SESSION_SECRET ? [process.env.SESSION_SECRET] : undefined;

/** A signed, HttpOnly cookie of the web server: browser JavaScript never reads what it holds. */
export function createServerCookie(name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets,
    maxAge: maxAgeSeconds,
  });
}

/** The API's opaque session token. */
export const tokenCookie = createServerCookie("token", 60 * 60 * 24 * 30);

/** The last language the user saw, so an unprefixed URL can send them back to it. */
export const localeCookie = createCookie("locale", {
  sameSite: "lax",
  path: "/",
  secure,
  maxAge: 60 * 60 * 24 * 365,
});
