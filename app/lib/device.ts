/** What a session list shows of the browser that holds a session. */
export type Device = {
  browser: string | null;
  os: string | null;
  kind: "desktop" | "mobile" | "tablet" | "other";
};

/** A session as the account page shows it. */
export type AccountSession = {
  id: string;
  current: boolean;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
  device: Device;
};
