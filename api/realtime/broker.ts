import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import type { Database, Notifications } from "../db/client";
import { logError } from "../log";
import { listenForMessages, type RealtimeEvent, type RealtimeMessage } from "./events";
import { encodeFrame, type Frame, FrameError, type FrameLimits, FrameParser } from "./frame";

export const socketPath = "/api/v1/socket";

/**
 * What the broker asks of the accounts and the memberships: given by the composition
 * (`api/start.ts`), so that the real-time layer imports no domain.
 */
export type SocketAccess = {
  /** The user and session that a CONNECT frame's token (a session token or a socket ticket) names. */
  authenticate: (
    db: Database,
    token: string,
  ) => Promise<{ sessionId: string; user: { id: string } } | null>;
  /** Which of the sessions have not ended. */
  liveSessionIds: (db: Database, ids: string[]) => Promise<Set<string>>;
  isMember: (db: Database, userId: string, organizationId: string) => Promise<boolean>;
  /** Which of the pairs are still memberships, as `userId:organizationId`. */
  liveMemberships: (
    db: Database,
    pairs: { userId: string; organizationId: string }[],
  ) => Promise<Set<string>>;
};

export type BrokerOptions = {
  db: Database;
  notifications: Notifications;
  access: SocketAccess;
  /** What the server offers both ways in CONNECTED's heart-beat; 0 turns heart-beats off. */
  heartbeatMs?: number;
  maxFrameBytes?: number;
  maxSubscriptionsPerConnection?: number;
  maxConnectionsPerUser?: number;
  /** How long a socket may stay open before its CONNECT frame. */
  connectTimeoutMs?: number;
  /** Origins besides the handshake's own host that may open a socket (browsers send Origin). */
  allowedOrigins?: readonly string[];
  /** The client's address of a handshake; the socket's peer unless a trusted proxy says otherwise. */
  clientAddress?: (request: IncomingMessage) => string | undefined;
  /** Sockets not yet signed in (no CONNECTED yet), per client address and in all. */
  maxPendingPerAddress?: number;
  maxPending?: number;
  /** How often open sockets are checked against their session's expiry and their memberships. */
  sessionCheckMs?: number;
};
export type Broker = {
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Open STOMP connections, for tests and figures. */
  connectionCount: () => number;
  /**
   * Refuses new sockets and closes the open ones with 1012 (service restart), so that clients
   * reconnect, to another instance or to this one once it is back.
   */
  close: () => Promise<void>;
};

const userQueue = "/user/queue/events";
const organizationTopic = /^\/topic\/organizations\.([0-9a-f-]{36})$/;
const stompProtocol = "v12.stomp";

/** A signed-out socket may send one small CONNECT frame, and little else, before it is known. */
const preConnectLimits: FrameLimits = { maxFrameBytes: 8 * 1024, maxHeaders: 32 };
const preConnectMaxBytes = 16 * 1024;
const maxHeaders = 128;

/** The heart-beat interval a client may ask for: up to a minute; 0 means none. */
export const maxHeartBeatMs = 60_000;

/**
 * The intervals of CONNECT's `heart-beat: <client sends>,<client wants>` against the server's
 * offer: the slower of the two each way (STOMP 1.2), none where either side wants none. What the
 * client asks is clamped to 0–60 s, so no value it sends can make a timer fire every millisecond
 * (setInterval takes anything past 2^31 - 1 ms as 1 ms) or never.
 */
export function negotiateHeartBeats(offerMs: number, header: string | undefined) {
  const [clientSends = 0, clientWants = 0] = (header ?? "0,0").split(",").map((value) => {
    const ms = /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : 0;
    return Math.min(ms, maxHeartBeatMs);
  });
  return {
    outgoingMs: offerMs && clientWants ? Math.max(offerMs, clientWants) : 0,
    incomingMs: offerMs && clientSends ? Math.max(offerMs, clientSends) : 0,
  };
}

/** A STOMP 1.2 broker over WebSocket: auth on CONNECT, authorization on SUBSCRIBE, fan-out. */
export async function createBroker(options: BrokerOptions): Promise<Broker> {
  const settings = {
    heartbeatMs: options.heartbeatMs ?? 10_000,
    maxFrameBytes: options.maxFrameBytes ?? 64 * 1024,
    maxSubscriptions: options.maxSubscriptionsPerConnection ?? 32,
    maxConnectionsPerUser: options.maxConnectionsPerUser ?? 16,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
  };
  const maxPendingPerAddress = options.maxPendingPerAddress ?? 8;
  const maxPending = options.maxPending ?? 256;
  const clientAddress =
    options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress);
  const connections = new Set<StompConnection>();
  let closing: Promise<void> | undefined;
  const server = new WebSocketServer({
    noServer: true,
    // Room for the largest frame the broker accepts; a larger one gets its ERROR from the parser.
    maxPayload: settings.maxFrameBytes * 2,
    handleProtocols: (protocols) => (protocols.has(stompProtocol) ? stompProtocol : false),
  });

  const stopListening = await listenForMessages(options.notifications, (message) => {
    for (const connection of connections) connection.receive(message);
  });

  const context: ConnectionContext = {
    db: options.db,
    access: options.access,
    settings,
    connectionsOf: (userId) =>
      [...connections].filter((connection) => connection.userId === userId).length,
  };

  const pendingOf = (address: string) => {
    let count = 0;
    for (const connection of connections) {
      if (connection.pending && connection.address === address) count += 1;
    }
    return count;
  };
  const pendingCount = () => [...connections].filter((connection) => connection.pending).length;

  // Expiry and membership are also re-checked now and then: a session may expire while its socket
  // is open, and a NOTIFY may be missed while the listening connection is re-established.
  const sweep = setInterval(() => {
    checkConnections(options.db, options.access, connections).catch((error: unknown) =>
      logError("Checking the real-time connections failed", error),
    );
  }, options.sessionCheckMs ?? 60_000);
  sweep.unref();

  return {
    handleUpgrade(request, socket, head) {
      if (closing) {
        refuseHandshake(socket, "503 Service Unavailable");
        return;
      }
      if (!originAllowed(request, options.allowedOrigins ?? [])) {
        refuseHandshake(socket, "403 Forbidden");
        return;
      }
      const address = clientAddress(request) ?? "unknown";
      if (pendingCount() >= maxPending) {
        refuseHandshake(socket, "503 Service Unavailable");
        return;
      }
      if (pendingOf(address) >= maxPendingPerAddress) {
        refuseHandshake(socket, "429 Too Many Requests");
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => {
        const connection = new StompConnection(ws, context, address);
        connections.add(connection);
        ws.on("close", () => {
          connection.dispose();
          connections.delete(connection);
        });
      });
    },
    connectionCount: () => connections.size,
    close() {
      closing ??= (async () => {
        clearInterval(sweep);
        await stopListening();
        await Promise.all([...connections].map((connection) => connection.restart()));
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}

function refuseHandshake(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Closes the sockets of sessions that ended and drops subscriptions of memberships that did. */
async function checkConnections(
  db: Database,
  access: SocketAccess,
  connections: Set<StompConnection>,
) {
  const signedIn = [...connections].filter((connection) => connection.sessionId);
  if (signedIn.length === 0) return;
  const live = await access.liveSessionIds(
    db,
    signedIn.map((connection) => connection.sessionId as string),
  );
  const pairs = signedIn.flatMap((connection) =>
    connection.organizationIds().map((organizationId) => ({
      userId: connection.userId as string,
      organizationId,
    })),
  );
  const members = await access.liveMemberships(db, pairs);
  for (const connection of signedIn) {
    if (!live.has(connection.sessionId as string)) {
      connection.end("Session expired");
      continue;
    }
    for (const organizationId of connection.organizationIds()) {
      if (!members.has(`${connection.userId}:${organizationId}`)) {
        connection.leave(organizationId);
      }
    }
  }
}

/** Same-origin handshakes, listed origins, and clients that send no Origin (not browsers). */
function originAllowed(request: IncomingMessage, allowed: readonly string[]) {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host?.toLowerCase();
  } catch {
    return false;
  }
}

type ConnectionContext = {
  db: Database;
  access: SocketAccess;
  settings: {
    heartbeatMs: number;
    maxFrameBytes: number;
    maxSubscriptions: number;
    maxConnectionsPerUser: number;
    connectTimeoutMs: number;
  };
  connectionsOf: (userId: string) => number;
};

type Subscription = { id: string; destination: string; organizationId: string | null };

class StompConnection {
  userId: string | null = null;
  sessionId: string | null = null;
  private state: "connecting" | "authenticating" | "connected" | "closed" = "connecting";
  /** Bytes received before CONNECTED: a socket that is not signed in gets little room. */
  private preConnectBytes = 0;
  private readonly parser: FrameParser;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly timers: NodeJS.Timeout[] = [];
  private lastReceivedAt = Date.now();
  /** Frames that arrived while CONNECT was being authenticated, handled in order after it. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    private readonly context: ConnectionContext,
    /** The client's address, for the limits on sockets that are not signed in yet. */
    readonly address: string,
  ) {
    this.parser = new FrameParser(preConnectLimits);
    ws.on("message", (data) => this.onData(data));
    ws.on("error", () => this.terminate());
    const connectTimeout = setTimeout(() => {
      if (this.state === "connecting") this.fail("No CONNECT frame in time");
    }, context.settings.connectTimeoutMs);
    this.timers.push(connectTimeout);
  }

  private isClosed() {
    return this.state === "closed";
  }

  /** Not signed in yet: counted against the limits on such sockets. */
  get pending() {
    return this.state === "connecting" || this.state === "authenticating";
  }

  /** The organizations whose topics this connection is subscribed to. */
  organizationIds(): string[] {
    const ids = new Set<string>();
    for (const subscription of this.subscriptions.values()) {
      if (subscription.organizationId) ids.add(subscription.organizationId);
    }
    return [...ids];
  }

  private onData(data: RawData) {
    // What a closed connection's peer still had in flight is not read.
    if (this.isClosed()) return;
    this.lastReceivedAt = Date.now();
    const bytes = toBuffer(data);
    if (this.pending) {
      this.preConnectBytes += bytes.length;
      if (this.preConnectBytes > preConnectMaxBytes) {
        this.fail("Too much data before CONNECT");
        return;
      }
    }
    let frames: Frame[];
    try {
      frames = this.parser.push(bytes);
    } catch (error) {
      this.fail(error instanceof FrameError ? error.message : "Malformed frame");
      return;
    }
    for (const frame of frames) {
      this.queue = this.queue
        .then(() => this.handle(frame))
        .catch((error: unknown) => {
          logError("STOMP frame handling failed", error);
          this.fail("Internal error");
        });
    }
  }

  private async handle(frame: Frame) {
    if (this.state === "closed") return;
    if (this.state === "connecting") {
      if (frame.command !== "CONNECT" && frame.command !== "STOMP") {
        this.fail("The first frame must be CONNECT");
        return;
      }
      await this.connect(frame);
      return;
    }
    switch (frame.command) {
      case "SUBSCRIBE":
        await this.subscribe(frame);
        break;
      case "UNSUBSCRIBE":
        this.unsubscribe(frame);
        break;
      case "DISCONNECT":
        this.receipt(frame);
        this.close();
        return;
      case "CONNECT":
      case "STOMP":
        this.fail("Already connected", frame);
        return;
      default:
        this.fail(`${frame.command} is not supported`, frame);
        return;
    }
  }

  private async connect(frame: Frame) {
    const versions = (frame.headers["accept-version"] ?? "1.0").split(",");
    if (!versions.includes("1.2")) {
      this.fail("Supported protocol versions are 1.2");
      return;
    }
    this.state = "authenticating";
    const authorization = frame.headers.Authorization ?? frame.headers.authorization ?? "";
    const token = /^Bearer +(\S+)$/i.exec(authorization)?.[1];
    const auth = token ? await this.context.access.authenticate(this.context.db, token) : null;
    if (this.isClosed()) return;
    if (!auth) {
      this.fail("Unauthorized: the token is missing, not valid, expired or revoked");
      return;
    }
    if (this.context.connectionsOf(auth.user.id) >= this.context.settings.maxConnectionsPerUser) {
      this.fail("Too many connections for this user");
      return;
    }
    this.userId = auth.user.id;
    this.sessionId = auth.sessionId;
    this.state = "connected";
    this.parser.setLimits({ maxFrameBytes: this.context.settings.maxFrameBytes, maxHeaders });

    const offer = this.context.settings.heartbeatMs;
    this.send({
      command: "CONNECTED",
      headers: { version: "1.2", "heart-beat": `${offer},${offer}`, server: "qalam/1" },
      body: "",
    });
    const { outgoingMs, incomingMs } = negotiateHeartBeats(offer, frame.headers["heart-beat"]);
    this.startHeartBeats(outgoingMs, incomingMs);
  }

  /** Sends an EOL every `outgoingMs`; closes when nothing came for twice `incomingMs`. */
  private startHeartBeats(outgoingMs: number, incomingMs: number) {
    if (outgoingMs > 0) {
      this.timers.push(setInterval(() => this.ws.send("\n"), outgoingMs));
    }
    if (incomingMs > 0) {
      const check = setInterval(() => {
        if (Date.now() - this.lastReceivedAt > incomingMs * 2) this.terminate();
      }, incomingMs);
      this.timers.push(check);
    }
  }

  private async subscribe(frame: Frame) {
    const { id, destination } = frame.headers;
    if (!id || !destination) {
      this.fail("SUBSCRIBE needs an id and a destination", frame);
      return;
    }
    if (this.subscriptions.has(id)) {
      this.fail(`Subscription ${id} exists already`, frame);
      return;
    }
    if ((frame.headers.ack ?? "auto") !== "auto") {
      this.fail("Only ack:auto is supported", frame);
      return;
    }
    if (this.subscriptions.size >= this.context.settings.maxSubscriptions) {
      this.fail("Too many subscriptions", frame);
      return;
    }
    let organizationId: string | null = null;
    if (destination !== userQueue) {
      organizationId = organizationTopic.exec(destination)?.[1] ?? null;
      if (!organizationId) {
        this.fail(`No such destination: ${destination}`, frame);
        return;
      }
      if (
        !this.userId ||
        !(await this.context.access.isMember(this.context.db, this.userId, organizationId))
      ) {
        this.fail(`Forbidden: ${destination}`, frame);
        return;
      }
    }
    this.subscriptions.set(id, { id, destination, organizationId });
    this.receipt(frame);
  }

  private unsubscribe(frame: Frame) {
    const { id } = frame.headers;
    if (!id) {
      this.fail("UNSUBSCRIBE needs an id", frame);
      return;
    }
    this.subscriptions.delete(id);
    this.receipt(frame);
  }

  /** A message from the bus: an event for a subscription, or the end of a session or membership. */
  receive(message: RealtimeMessage) {
    if (this.state !== "connected") return;
    if (message.kind === "session-revoked") {
      if (message.sessionId === this.sessionId) this.fail("Session ended");
      return;
    }
    if (message.kind === "membership-ended") {
      if (message.userId === this.userId) this.leave(message.organizationId);
      return;
    }
    if (message.kind === "user-changed" || message.kind === "organization-changed") return;
    const { to, event } = message;
    for (const subscription of this.subscriptions.values()) {
      const matches =
        "userId" in to
          ? subscription.destination === userQueue && to.userId === this.userId
          : subscription.organizationId === to.organizationId;
      if (matches) this.deliver(subscription, event);
    }
  }

  /**
   * Drops the subscriptions to an organization the user no longer belongs to, as if the client
   * had unsubscribed: the connection and the user's own queue stay, and the user's own queue
   * tells the browser (member.removed, organization.deleted) to load its pages again.
   */
  leave(organizationId: string) {
    for (const [id, subscription] of this.subscriptions) {
      if (subscription.organizationId === organizationId) this.subscriptions.delete(id);
    }
  }

  /** ERROR and close, for a reason found outside the connection (an expired session). */
  end(reason: string) {
    this.fail(reason);
  }

  private deliver(subscription: Subscription, event: RealtimeEvent) {
    this.send({
      command: "MESSAGE",
      headers: {
        subscription: subscription.id,
        "message-id": randomUUID(),
        destination: subscription.destination,
        "content-type": "application/json",
      },
      body: JSON.stringify(event),
    });
  }

  private receipt(frame: Frame) {
    const receipt = frame.headers.receipt;
    if (receipt) this.send({ command: "RECEIPT", headers: { "receipt-id": receipt }, body: "" });
  }

  private send(frame: Frame) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeFrame(frame));
  }

  /** ERROR, then close: the STOMP way to end a connection for cause. */
  private fail(message: string, cause?: Frame) {
    if (this.state === "closed") return;
    const headers: Record<string, string> = { message };
    if (cause?.headers.receipt) headers["receipt-id"] = cause.headers.receipt;
    this.send({ command: "ERROR", headers, body: "" });
    this.close();
  }

  private close(code = 1000, reason?: string) {
    if (this.state === "closed") return;
    this.state = "closed";
    this.dispose();
    this.ws.close(code, reason);
    // A peer that does not answer the closing handshake is cut off.
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  /** Closes with 1012 (service restart), so the client reconnects; resolves once it is closed. */
  restart() {
    const closed = new Promise<void>((resolve) => {
      if (this.ws.readyState === this.ws.CLOSED) resolve();
      else this.ws.once("close", () => resolve());
    });
    this.close(1012, "Service restart");
    return closed;
  }

  terminate() {
    this.state = "closed";
    this.dispose();
    this.ws.terminate();
  }

  dispose() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    this.subscriptions.clear();
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
