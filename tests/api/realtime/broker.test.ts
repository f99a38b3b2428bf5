import { Client, type IMessage } from "@stomp/stompjs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { socketTickets } from "../../../api/db/schema";
import { hashSessionToken } from "../../../api/identity/sessions";
import { createTestApi, type TestApi } from "../helpers";
import { listen, rawClient } from "./socket-server";

let t: TestApi;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  t = await createTestApi({ heartbeatMs: 10_000, allowedOrigins: ["https://app.example"] });
  server = await listen(t.api);
});

afterAll(async () => {
  await server.close();
  await t.close();
});

async function signedIn() {
  const created = await t.createUser();
  return { ...created, token: await t.loginToken(created.email, created.password) };
}

async function connected(token: string, heartBeat = "0,0") {
  const client = await rawClient(server.socketUrl);
  client.frame("CONNECT", {
    "accept-version": "1.2",
    host: "qalam",
    "heart-beat": heartBeat,
    Authorization: `Bearer ${token}`,
  });
  const frame = await client.next();
  expect(frame.command).toBe("CONNECTED");
  return { client, connectedFrame: frame };
}

function updateProfile(token: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return t.request("PUT", "/user", { token, body });
}

/** A @stomp/stompjs client in Node, the library the browser uses. */
function stompClient(token: string) {
  return new Client({
    webSocketFactory: () => new WebSocket(server.socketUrl, ["v12.stomp"]),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
  });
}

describe("connecting", () => {
  it("answers CONNECT with CONNECTED 1.2 and a heart-beat offer of 10 s both ways", async () => {
    const { token } = await signedIn();
    const { client, connectedFrame } = await connected(token, "10000,10000");
    expect(connectedFrame.headers).toMatchObject({ version: "1.2", "heart-beat": "10000,10000" });
    client.close();
  });

  it("selects the v12.stomp subprotocol", async () => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    expect(client.ws.protocol).toBe("v12.stomp");
    client.close();
  });

  it.each([
    ["no Authorization header", {}],
    ["a malformed header", { Authorization: "Token abc" }],
    ["an unknown token", { Authorization: `Bearer ${"x".repeat(43)}` }],
  ])("refuses %s with an ERROR, then closes", async (_, auth) => {
    const client = await rawClient(server.socketUrl);
    client.frame("CONNECT", { "accept-version": "1.2", ...auth });
    const error = await client.next();
    expect(error.command).toBe("ERROR");
    expect(error.headers.message).toMatch(/Unauthorized/);
    await client.closed;
  });

  it("refuses an expired token and a revoked one", async () => {
    const expired = await signedIn();
    await t.expireSession(expired.token);
    const revoked = await signedIn();
    await t.request("POST", "/logout", { token: revoked.token });
    for (const token of [expired.token, revoked.token]) {
      const client = await rawClient(server.socketUrl);
      client.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
      expect((await client.next()).command).toBe("ERROR");
      await client.closed;
    }
  });

  it("takes no other frame before CONNECT", async () => {
    const client = await rawClient(server.socketUrl);
    client.frame("SUBSCRIBE", { id: "0", destination: "/user/queue/events" });
    expect((await client.next()).command).toBe("ERROR");
    await client.closed;
  });

  it("refuses a client that does not speak STOMP 1.2", async () => {
    const { token } = await signedIn();
    const client = await rawClient(server.socketUrl);
    client.frame("CONNECT", { "accept-version": "1.0,1.1", Authorization: `Bearer ${token}` });
    const error = await client.next();
    expect(error.headers.message).toBe("Supported protocol versions are 1.2");
    await client.closed;
  });

  it("checks the Origin of a browser's handshake", async () => {
    await expect(rawClient(server.socketUrl, { origin: "https://evil.example" })).rejects.toThrow(
      /403/,
    );
    const own = await rawClient(server.socketUrl, { origin: `http://${server.host}` });
    own.close();
    const listed = await rawClient(server.socketUrl, { origin: "https://app.example" });
    listed.close();
  });
});

describe("frames", () => {
  it("refuses a frame over 64 KiB with an ERROR, then closes", async () => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    client.frame(
      "SUBSCRIBE",
      { id: "0", destination: "/user/queue/events" },
      "x".repeat(65 * 1024),
    );
    const error = await client.next("ERROR");
    expect(error.headers.message).toMatch(/larger than 65536 bytes/);
    await client.closed;
  });

  it("refuses a malformed frame", async () => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    client.send("subscribe\nid:0\n\n\0");
    expect((await client.next("ERROR")).headers.message).toBe("Malformed command line");
    await client.closed;
  });

  it("reads frames split across messages and several frames in one message", async () => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    client.send("SUBSCRIBE\nid:a\ndestination:/user/queue/events\nrec");
    client.send("eipt:r1\n\n\0\nSUBSCRIBE\nid:b\ndestination:/user/queue/events\nreceipt:r2\n\n\0");
    expect((await client.next("RECEIPT")).headers["receipt-id"]).toBe("r1");
    expect((await client.next("RECEIPT")).headers["receipt-id"]).toBe("r2");
    client.close();
  });

  it("does not take SEND or transactions", async () => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    client.frame("SEND", { destination: "/user/queue/events" }, "{}");
    expect((await client.next("ERROR")).headers.message).toBe("SEND is not supported");
    await client.closed;
  });

  it("answers DISCONNECT's receipt, then closes", async () => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    client.frame("DISCONNECT", { receipt: "bye" });
    expect((await client.next("RECEIPT")).headers["receipt-id"]).toBe("bye");
    expect((await client.closed).code).toBe(1000);
  });
});

describe("subscriptions", () => {
  it("delivers user.updated to the user's own queue after PUT /user, and to no one else", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const { client: aliceSocket } = await connected(alice.token);
    const { client: bobSocket } = await connected(bob.token);
    for (const socket of [aliceSocket, bobSocket]) {
      socket.frame("SUBSCRIBE", { id: "me", destination: "/user/queue/events", receipt: "ok" });
      await socket.next("RECEIPT");
    }

    expect((await updateProfile(alice.token, { firstName: "Alicia" })).status).toBe(200);
    const message = await aliceSocket.next("MESSAGE");
    expect(message.headers).toMatchObject({
      subscription: "me",
      destination: "/user/queue/events",
      "content-type": "application/json",
    });
    expect(message.headers["message-id"]).toBeTruthy();
    expect(JSON.parse(message.body)).toEqual({
      type: "user.updated",
      id: alice.user.id,
      organizationId: alice.organizationId,
      actor: alice.user.id,
      at: expect.any(String),
    });
    await expect(bobSocket.next("MESSAGE", 500)).rejects.toThrow(/No MESSAGE/);
    aliceSocket.close();
    bobSocket.close();
  });

  it("publishes nothing for an update that fails", async () => {
    const alice = await signedIn();
    const other = await signedIn();
    const { client } = await connected(alice.token);
    client.frame("SUBSCRIBE", { id: "me", destination: "/user/queue/events", receipt: "ok" });
    await client.next("RECEIPT");
    expect((await updateProfile(alice.token, { email: other.email })).status).toBe(422);
    await expect(client.next("MESSAGE", 500)).rejects.toThrow(/No MESSAGE/);
    client.close();
  });

  it("stops delivering after UNSUBSCRIBE", async () => {
    const alice = await signedIn();
    const { client } = await connected(alice.token);
    client.frame("SUBSCRIBE", { id: "me", destination: "/user/queue/events" });
    client.frame("UNSUBSCRIBE", { id: "me", receipt: "gone" });
    await client.next("RECEIPT");
    await updateProfile(alice.token, { firstName: "Alicia" });
    await expect(client.next("MESSAGE", 500)).rejects.toThrow(/No MESSAGE/);
    client.close();
  });

  it("lets members subscribe to their organization's topic and no other", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const { client } = await connected(alice.token);
    client.frame("SUBSCRIBE", {
      id: "org",
      destination: `/topic/organizations.${alice.organizationId}`,
      receipt: "ok",
    });
    expect((await client.next()).command).toBe("RECEIPT");
    client.frame("SUBSCRIBE", {
      id: "theirs",
      destination: `/topic/organizations.${bob.organizationId}`,
    });
    const error = await client.next("ERROR");
    expect(error.headers.message).toMatch(/^Forbidden/);
    await client.closed;
  });

  it.each([
    ["an unknown destination", { id: "0", destination: "/topic/everything" }],
    ["no id", { destination: "/user/queue/events" }],
    ["client acks", { id: "0", destination: "/user/queue/events", ack: "client" }],
  ])("refuses a subscription with %s", async (_, headers) => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    client.frame("SUBSCRIBE", headers);
    expect((await client.next("ERROR")).command).toBe("ERROR");
    await client.closed;
  });

  it("refuses more than 32 subscriptions on a connection", async () => {
    const { token } = await signedIn();
    const { client } = await connected(token);
    for (let i = 0; i < 32; i++) {
      client.frame("SUBSCRIBE", { id: String(i), destination: "/user/queue/events" });
    }
    client.frame("SUBSCRIBE", { id: "32", destination: "/user/queue/events", receipt: "last" });
    expect((await client.next("ERROR")).headers.message).toBe("Too many subscriptions");
    await client.closed;
  });

  it("refuses more than 16 connections of one user", async () => {
    const { token } = await signedIn();
    const sockets = [];
    for (let i = 0; i < 16; i++) sockets.push((await connected(token)).client);
    const extra = await rawClient(server.socketUrl);
    extra.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
    expect((await extra.next()).headers.message).toBe("Too many connections for this user");
    await extra.closed;
    for (const socket of sockets) socket.close();
  });
});

describe("sessions", () => {
  it("closes the sockets of a session when it is revoked", async () => {
    const alice = await signedIn();
    const { client } = await connected(alice.token);
    await t.request("POST", "/logout", { token: alice.token });
    expect((await client.next("ERROR")).headers.message).toBe("Session ended");
    await client.closed;
  });

  it("closes the other sessions' sockets on sign-out everywhere else, and keeps this one", async () => {
    const alice = await signedIn();
    const elsewhere = await t.loginToken(alice.email, alice.password);
    const { client: mine } = await connected(alice.token);
    const { client: theirs } = await connected(elsewhere);
    await t.request("DELETE", "/user/sessions", { token: alice.token });
    await theirs.closed;
    mine.frame("SUBSCRIBE", { id: "0", destination: "/user/queue/events", receipt: "alive" });
    expect((await mine.next()).command).toBe("RECEIPT");
    mine.close();
  });
});

describe("socket tickets", () => {
  async function ticketOf(token: string) {
    const response = await t.request("POST", "/user/socket-ticket", { token });
    expect(response.status).toBe(201);
    return response.body as { ticket: string; expiresAt: string };
  }

  function connectWith(client: Awaited<ReturnType<typeof rawClient>>, token: string) {
    client.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
  }

  it("issues a ticket for one minute to a signed-in user only", async () => {
    expect((await t.request("POST", "/user/socket-ticket")).status).toBe(401);
    const { token } = await signedIn();
    const before = Date.now();
    const { ticket, expiresAt } = await ticketOf(token);
    expect(ticket).toMatch(/^st_[\w-]{43}$/);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);
  });

  it("opens a socket as the ticket's session once, and never authenticates a request", async () => {
    const alice = await signedIn();
    const { ticket } = await ticketOf(alice.token);
    expect((await t.request("GET", "/user", { token: ticket })).status).toBe(401);

    const first = await rawClient(server.socketUrl);
    connectWith(first, ticket);
    expect((await first.next()).command).toBe("CONNECTED");
    first.frame("SUBSCRIBE", { id: "0", destination: "/user/queue/events", receipt: "r" });
    await first.next("RECEIPT");
    await updateProfile(alice.token, { firstName: "Ticket" });
    expect(JSON.parse((await first.next("MESSAGE")).body)).toMatchObject({ type: "user.updated" });

    const again = await rawClient(server.socketUrl);
    connectWith(again, ticket);
    expect((await again.next()).headers.message).toMatch(/Unauthorized/);
    await again.closed;

    // The socket belongs to the session that asked for the ticket: it ends with it.
    await t.request("POST", "/logout", { token: alice.token });
    await first.closed;
  });

  it("refuses an expired ticket and the ticket of a session that has ended", async () => {
    const alice = await signedIn();
    const expired = await ticketOf(alice.token);
    await t.db
      .update(socketTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(socketTickets.ticketHash, hashSessionToken(expired.ticket)));
    const bob = await signedIn();
    const orphan = await ticketOf(bob.token);
    await t.request("POST", "/logout", { token: bob.token });

    for (const ticket of [expired.ticket, orphan.ticket, `st_${"x".repeat(43)}`]) {
      const client = await rawClient(server.socketUrl);
      connectWith(client, ticket);
      expect((await client.next()).headers.message).toMatch(/Unauthorized/);
      await client.closed;
    }
  });
});

describe("@stomp/stompjs", () => {
  it("connects, subscribes and receives the user's events", async () => {
    const alice = await signedIn();
    const client = stompClient(alice.token);
    const received: IMessage[] = [];
    const subscribed = new Promise<void>((resolve) => {
      client.onConnect = () => {
        client.subscribe("/user/queue/events", (message) => received.push(message), {
          receipt: "sub",
        });
        client.watchForReceipt("sub", () => resolve());
      };
    });
    client.activate();
    await subscribed;
    await updateProfile(alice.token, { lastName: "Stomp" });
    await expect.poll(() => received.length).toBe(1);
    expect(JSON.parse(received[0]?.body ?? "{}")).toMatchObject({ type: "user.updated" });
    await client.deactivate();
  });

  it("reports a refused CONNECT as a STOMP error", async () => {
    const client = stompClient("not-a-real-token-at-all");
    const error = new Promise<string>((resolve) => {
      client.onStompError = (frame) => resolve(frame.headers.message ?? "");
    });
    client.activate();
    await expect(error).resolves.toMatch(/Unauthorized/);
    await client.deactivate();
  });
});
