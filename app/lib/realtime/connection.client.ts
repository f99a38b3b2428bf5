import { ActivationState, Client, type StompSubscription } from "@stomp/stompjs";
import { setRealtimeStatus } from "./store";

/** What a subscriber receives: something changed; the pages that show it load it again. */
export type RealtimeEvent = {
  type: string;
  id: string;
  organizationId: string | null;
  actor: string;
  at: string;
};

/** SPEC.md §4: reconnect after a second; heart-beats every ten seconds both ways. */
export const reconnectDelayMs = 1000;
export const heartbeatMs = 10_000;
const heartbeatToleranceMultiplier = 2;

export type RealtimeConnectionOptions = {
  /** The web server's resource route that answers a POST with `{ticket, url}`. */
  ticketPath: string;
  onEvent: (event: RealtimeEvent) => void;
};

type Ticket = { ticket: string; url: string };

const activationNames: Record<ActivationState, "inactive" | "active" | "deactivating"> = {
  [ActivationState.ACTIVE]: "active",
  [ActivationState.DEACTIVATING]: "deactivating",
  [ActivationState.INACTIVE]: "inactive",
};

/**
 * The browser's STOMP connection: a fresh single-use ticket before every connect, the wanted
 * destinations subscribed again after every reconnect. Errors are only logged.
 */
export class RealtimeConnection {
  private readonly client: Client;
  private destinations: string[] = [];
  private readonly subscriptions = new Map<string, StompSubscription>();

  constructor(private readonly options: RealtimeConnectionOptions) {
    this.client = new Client({
      reconnectDelay: reconnectDelayMs,
      heartbeatIncoming: heartbeatMs,
      heartbeatOutgoing: heartbeatMs,
      heartbeatToleranceMultiplier,
      beforeConnect: (client) => this.beforeConnect(client),
      onConnect: () => {
        this.subscriptions.clear();
        for (const destination of this.destinations) this.subscribe(destination);
        setRealtimeStatus({ connected: true });
      },
      onWebSocketClose: () => setRealtimeStatus({ connected: false }),
      onStompError: (frame) => console.error("STOMP error", frame.headers.message ?? frame.body),
      onWebSocketError: () => console.error("STOMP error", "the socket failed"),
      onChangeState: (state) => setRealtimeStatus({ activation: activationNames[state] }),
    });
  }

  /** Starts connecting; the client retries on its own until stop(). */
  start() {
    this.client.activate();
  }

  async stop() {
    await this.client.deactivate();
    setRealtimeStatus({ connected: false });
  }

  /** The destinations to be subscribed to, now and after every reconnect. */
  setDestinations(destinations: string[]) {
    this.destinations = destinations;
    if (!this.client.connected) return;
    for (const [destination, subscription] of this.subscriptions) {
      if (!destinations.includes(destination)) {
        subscription.unsubscribe();
        this.subscriptions.delete(destination);
      }
    }
    for (const destination of destinations) {
      if (!this.subscriptions.has(destination)) this.subscribe(destination);
    }
  }

  private subscribe(destination: string) {
    const subscription = this.client.subscribe(destination, (message) => {
      try {
        this.options.onEvent(JSON.parse(message.body) as RealtimeEvent);
      } catch (error) {
        console.error("STOMP error", error);
      }
    });
    this.subscriptions.set(destination, subscription);
  }

  /**
   * Gets a ticket for this connection attempt. The client does not retry when this throws, so a
   * failure waits and tries again while the client is active; a signed-out user stops it.
   */
  private async beforeConnect(client: Client) {
    while (client.active) {
      const result = await fetchTicket(this.options.ticketPath);
      if (result === "signed-out") {
        void client.deactivate();
        return;
      }
      if (result) {
        client.brokerURL = socketUrl(result.url);
        client.connectHeaders = { Authorization: `Bearer ${result.ticket}` };
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs));
    }
  }
}

async function fetchTicket(path: string): Promise<Ticket | "signed-out" | null> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (response.status === 401) return "signed-out";
    if (!response.ok) throw new Error(`The ticket request failed: ${response.status}`);
    return (await response.json()) as Ticket;
  } catch (error) {
    console.error("STOMP error", error);
    return null;
  }
}

/** The socket's address from the one the web server gives: a path here, or another origin. */
export function socketUrl(url: string, base = window.location.href): string {
  const resolved = new URL(url, base);
  if (resolved.protocol === "http:") resolved.protocol = "ws:";
  if (resolved.protocol === "https:") resolved.protocol = "wss:";
  return resolved.toString();
}
