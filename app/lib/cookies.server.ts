import { createCookie } from "@remix-run/node";

const production = process.env.NODE_ENV === "production";
const secrets = process.env.SESSION_SECRET ? [process.env.SESSION_SECRET] : undefined;

/** The API's opaque session token; browser JavaScript never reads it. */
export const tokenCookie = createCookie("token", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: production,
  secrets,
  maxAge: 60 * 60 * 24 * 30,
});

/** The last language the user saw, so an unprefixed URL can send them back to it. */
export const localeCookie = createCookie("locale", {
  sameSite: "lax",
  path: "/",
  secure: production,
  maxAge: 60 * 60 * 24 * 365,
});
