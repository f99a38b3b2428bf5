import type { AppLoadContext } from "react-router";
import type { ApiSchema } from "./api/client";
import { getApiClient } from "./api.server";
import { createServerCookie } from "./cookies.server";

export type LoginType = ApiSchema<"VerificationKeyRequest">["loginType"];

/** An account waiting for its verification key: what /signup's verify step needs. */
export type PendingVerification = {
  /** The API's token that goes with the key. */
  token: string;
  loginValue: string;
  loginType: LoginType;
  /** When the last key was sent (ms since the epoch): the resend button's cooldown. */
  sentAt: number;
  /** Where the new account goes once verified (an invitation, say); checked when used. */
  redirectTo?: string;
};

/** Seconds between two resends, as the API's per-recipient throttle allows. */
export const resendCooldownSeconds = 60;

// Signed and HttpOnly: the API's token never reaches browser JavaScript. A key lives 10 minutes.
const verificationCookie = createServerCookie("verification", 60 * 30);

export async function readPendingVerification(
  request: Request,
): Promise<PendingVerification | null> {
  const value = await verificationCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { token, loginValue, loginType, sentAt, redirectTo } =
    value as Partial<PendingVerification>;
  if (typeof token !== "string" || typeof loginValue !== "string") return null;
  if (loginType !== "EMAIL" && loginType !== "PHONE") return null;
  return {
    token,
    loginValue,
    loginType,
    sentAt: typeof sentAt === "number" ? sentAt : 0,
    ...(typeof redirectTo === "string" ? { redirectTo } : {}),
  };
}

export function commitPendingVerification(pending: PendingVerification): Promise<string> {
  return verificationCookie.serialize(pending);
}

export function clearPendingVerification(): Promise<string> {
  return verificationCookie.serialize("", { maxAge: 0 });
}

/**
 * Asks the API to send a verification key and returns what the verify step needs. ApiErrors
 * (a 429 from the send throttle, say) reach the caller.
 */
export async function sendVerificationKey(
  request: Request,
  context: AppLoadContext,
  loginValue: string,
  loginType: LoginType,
): Promise<PendingVerification> {
  const { token } = await getApiClient(request, context).post("/request-reg-verification-key", {
    body: { loginValue, loginType },
  });
  return { token, loginValue, loginType, sentAt: Date.now() };
}
