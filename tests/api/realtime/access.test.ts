import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
} from "../helpers";
import { listen, rawClient } from "./socket-server";

/** How often the broker re-checks sessions and memberships here (a minute in production). */
const sessionCheckMs = 100;

let t: TestApi;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  t = await createTestApi({ realtime: { sessionCheckMs } });
  server = await listen(t.api);
});

afterAll(async () => {
  await server.close();
  await t.close();
});

async function connected(token: string) {
  const client = await rawClient(server.socketUrl);
  client.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
  expect((await client.next()).command).toBe("CONNECTED");
  return client;
}

type Socket = Awaited<ReturnType<typeof connected>>;

async function subscribe(client: Socket, id: string, destination: string) {
  client.frame("SUBSCRIBE", { id, destination, receipt: `subscribed-${id}` });
  expect((await client.next("RECEIPT")).headers["receipt-id"]).toBe(`subscribed-${id}`);
}

/** A member's socket subscribed to its own queue and to the organization's topic. */
async function memberListening(organizationId: string) {
  const member = await memberWithSession(t, organizationId, "member");
  const socket = await connected(member.token);
  await subscribe(socket, "me", "/user/queue/events");
  await subscribe(socket, "org", `/topic/organizations.${organizationId}`);
  return { member, socket };
}

function rename(owner: SignedInUser, organizationId: string, name: string) {
  const body = new FormData();
  body.set("name", name);
  return t.request("PUT", `/organizations/${organizationId}`, { token: owner.token, body });
}

/** The connection is still open and answering. */
async function expectOpen(socket: Socket) {
  socket.frame("SUBSCRIBE", { id: "probe", destination: "/user/queue/events", receipt: "alive" });
  expect((await socket.next("RECEIPT")).headers["receipt-id"]).toBe("alive");
}

describe("a membership that ends", () => {
  it("drops the removed member's subscription to the organization, and keeps the connection", async () => {
    const owner = await ownerWithSession(t);
    const { member, socket } = await memberListening(owner.organizationId);
    const removed = await t.request(
      "DELETE",
      `/organizations/${owner.organizationId}/members/${member.id}`,
      { token: owner.token },
    );
    expect(removed.status).toBe(204);
    // The member's own queue says so, so that the browser loads its pages again.
    const notice = await socket.next("MESSAGE");
    expect(notice.headers.subscription).toBe("me");
    expect(JSON.parse(notice.body)).toMatchObject({ type: "member.removed", id: member.id });

    expect((await rename(owner, owner.organizationId, "After the removal")).status).toBe(200);
    await expect(socket.next("MESSAGE", 500)).rejects.toThrow(/No MESSAGE/);
    await expectOpen(socket);

    // Subscribing again is refused as for any stranger.
    socket.frame("SUBSCRIBE", {
      id: "again",
      destination: `/topic/organizations.${owner.organizationId}`,
    });
    expect((await socket.next("ERROR")).headers.message).toMatch(/^Forbidden/);
    await socket.closed;
  });

  it("drops the subscription of a member who leaves", async () => {
    const owner = await ownerWithSession(t);
    const { member, socket } = await memberListening(owner.organizationId);
    const left = await t.request(
      "DELETE",
      `/organizations/${owner.organizationId}/members/${member.id}`,
      { token: member.token },
    );
    expect(left.status).toBe(204);
    await socket.next("MESSAGE");
    expect((await rename(owner, owner.organizationId, "After leaving")).status).toBe(200);
    await expect(socket.next("MESSAGE", 500)).rejects.toThrow(/No MESSAGE/);
    socket.close();
  });

  it("keeps delivering to the members who stay", async () => {
    const owner = await ownerWithSession(t);
    const stays = await memberListening(owner.organizationId);
    const goes = await memberWithSession(t, owner.organizationId, "viewer");
    await t.request("DELETE", `/organizations/${owner.organizationId}/members/${goes.id}`, {
      token: owner.token,
    });
    const removal = await stays.socket.next("MESSAGE");
    expect(JSON.parse(removal.body)).toMatchObject({ type: "member.removed", id: goes.id });
    expect((await rename(owner, owner.organizationId, "Still here")).status).toBe(200);
    const update = await stays.socket.next("MESSAGE");
    expect(JSON.parse(update.body)).toMatchObject({ type: "organization.updated" });
    stays.socket.close();
  });

  it("drops the subscription at the next check when the notice of the change was missed", async () => {
    const owner = await ownerWithSession(t);
    const { member, socket } = await memberListening(owner.organizationId);
    // As if the listening connection to the database had been down while the row went.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table memberships disable trigger memberships_notify_ended`);
      await tx.execute(
        sql`delete from memberships where user_id = ${member.id} and organization_id = ${owner.organizationId}`,
      );
      await tx.execute(sql`alter table memberships enable trigger memberships_notify_ended`);
    });
    await new Promise((resolve) => setTimeout(resolve, sessionCheckMs * 4));
    expect((await rename(owner, owner.organizationId, "Unseen")).status).toBe(200);
    await expect(socket.next("MESSAGE", 500)).rejects.toThrow(/No MESSAGE/);
    await expectOpen(socket);
    socket.close();
  });
});

describe("a session that expires while its socket is open", () => {
  it("closes the socket past the session's absolute expiry", async () => {
    const owner = await ownerWithSession(t);
    const socket = await connected(owner.token);
    await t.expireSession(owner.token);
    expect((await socket.next("ERROR")).headers.message).toBe("Session expired");
    await socket.closed;
  });

  it("closes the socket once the session has been idle too long", async () => {
    const owner = await ownerWithSession(t);
    const socket = await connected(owner.token);
    await t.idleSession(owner.token, 8);
    expect((await socket.next("ERROR")).headers.message).toBe("Session expired");
    await socket.closed;
  });

  it("keeps the socket of a live session open across checks", async () => {
    const owner = await ownerWithSession(t);
    const socket = await connected(owner.token);
    await new Promise((resolve) => setTimeout(resolve, sessionCheckMs * 4));
    await expectOpen(socket);
    socket.close();
  });
});
