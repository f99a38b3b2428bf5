import { createExternalStore } from "~/lib/external-store";

/** The client's activation state, as @stomp/stompjs names it. */
export type RealtimeActivation = "inactive" | "active" | "deactivating";

export type RealtimeStatus = {
  activation: RealtimeActivation;
  /** A STOMP session is open (CONNECTED received and not lost since). */
  connected: boolean;
};

const initial: RealtimeStatus = { activation: "inactive", connected: false };

const status = createExternalStore(initial);
let stopConnection: (() => Promise<void>) | null = null;

/** Called by the connection as it changes; components read it through useRealtimeStatus. */
export function setRealtimeStatus(next: Partial<RealtimeStatus>) {
  const current = status.get();
  const merged = { ...current, ...next };
  if (merged.activation === current.activation && merged.connected === current.connected) return;
  status.set(merged);
}

/** The running connection registers how to stop it, so that sign-out can close it first. */
export function registerRealtimeStop(stop: (() => Promise<void>) | null) {
  stopConnection = stop;
}

/** Closes the connection if one runs; never fails (signing out must go on regardless). */
export async function disconnectRealtime(): Promise<void> {
  try {
    await stopConnection?.();
  } catch {
    // Ignored: the session is about to end and the server closes its sockets then.
  }
}

export function getRealtimeStatus(): RealtimeStatus {
  return status.get();
}

/** Calls `listener` after every change; returns how to stop. */
export function subscribeRealtimeStatus(listener: () => void) {
  return status.subscribe(listener);
}

export function useRealtimeStatus(): RealtimeStatus {
  return status.useValue();
}
