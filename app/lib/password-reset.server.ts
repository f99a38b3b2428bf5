import { createServerCookie } from "./cookies.server";

/**
 * The reset token of a key that checked but whose new password the API refused (too common,
 * say): the key is spent by then, so the next try uses the token instead of asking for a new key.
 */
// As long as the API's reset token lives.
const resetTokenCookie = createServerCookie("password-reset", 60 * 10);

export type HeldResetToken = { email: string; token: string };

export async function readResetToken(request: Request): Promise<HeldResetToken | null> {
  const value = await resetTokenCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { email, token } = value as Partial<HeldResetToken>;
  return typeof email === "string" && typeof token === "string" ? { email, token } : null;
}

export function holdResetToken(held: HeldResetToken): Promise<string> {
  return resetTokenCookie.serialize(held);
}

export function dropResetToken(): Promise<string> {
  return resetTokenCookie.serialize("", { maxAge: 0 });
}
