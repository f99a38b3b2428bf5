import type { ApiSchema } from "./api/client";

/** What a session list shows of the browser that holds a session. */
export type Device = {
  browser: string | null;
  os: string | null;
  kind: "desktop" | "mobile" | "tablet" | "other";
};

/** A session as the account page shows it. */
export type AccountSession = Pick<
  ApiSchema<"Session">,
  "id" | "current" | "ip" | "createdAt" | "lastUsedAt"
> & { device: Device };
