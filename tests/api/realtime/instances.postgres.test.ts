import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestApi,
  createTestDatabase,
  memberWithSession,
  type TestApi,
  type TestDatabase,
} from "../helpers";
import { listen, rawClient } from "./socket-server";

// Two API instances on one PostgreSQL database, as behind a load balancer: each one's broker
// hears the other's NOTIFY. PGlite lives inside one process, so this runs with a server only.

let database: TestDatabase;
let a: TestApi;
let b: TestApi;
let socketA: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  database = await createTestDatabase();
  // Sessions remembered for a minute (decision 028): what one instance refuses soon after a
  // change through the other, it refuses because it was told.
  a = await createTestApi({ database, sessionCacheMs: 60_000 });
  b = await createTestApi({ database, sessionCacheMs: 60_000 });
  socketA = await listen(a.api);
});

afterAll(async () => {
  await socketA?.close();
  await a?.close();
  await b?.close();
  await database?.drop();
});

async function subscribedOnA(token: string) {
  const client = await rawClient(socketA.socketUrl);
  client.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
  expect((await client.next()).command).toBe("CONNECTED");
  client.frame("SUBSCRIBE", { id: "0", destination: "/user/queue/events", receipt: "r" });
  await client.next("RECEIPT");
  return client;
}

it("delivers on one instance the events of a change made through the other", async () => {
  const user = await a.createUser();
  const token = await a.loginToken(user.email, user.password);
  const client = await subscribedOnA(token);

  const body = new FormData();
  body.set("lastName", "Elsewhere");
  expect((await b.request("PUT", "/user", { token, body })).status).toBe(200);
  const event = JSON.parse((await client.next("MESSAGE")).body);
  expect(event).toMatchObject({ type: "user.updated", id: user.user.id, actor: user.user.id });
  client.close();
});

it("closes a socket on one instance when its session ends through the other", async () => {
  const user = await a.createUser();
  const token = await a.loginToken(user.email, user.password);
  const client = await subscribedOnA(token);
  expect((await b.request("POST", "/logout", { token })).status).toBe(204);
  expect((await client.next("ERROR")).headers.message).toBe("Session ended");
  await client.closed;
});

/** Asks until `done` holds, for at most two seconds: the time a NOTIFY takes, not a minute. */
async function soon(check: () => Promise<boolean>) {
  const deadline = Date.now() + 2_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not within two seconds");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it("refuses on one instance a remembered session ended through the other", async () => {
  const user = await a.createUser();
  const token = await a.loginToken(user.email, user.password);
  expect((await b.request("GET", "/user", { token })).status).toBe(200);
  expect((await a.request("GET", "/user", { token })).status).toBe(200);

  expect((await a.request("POST", "/logout", { token })).status).toBe(204);

  expect((await a.request("GET", "/user", { token })).status).toBe(401);
  await soon(async () => (await b.request("GET", "/user", { token })).status === 401);
});

it("answers on one instance with the role an owner set through the other", async () => {
  const owner = await a.createUser();
  const ownerToken = await a.loginToken(owner.email, owner.password);
  const organizationId = owner.organizationId as string;
  const member = await memberWithSession(a, organizationId, "admin");
  const permissions = async () =>
    (await b.request("GET", "/user", { token: member.token })).body.account
      .currentOrganizationPermissions as string[];
  expect(await permissions()).toContain("members.manage");

  const demoted = await a.request(
    "PATCH",
    `/organizations/${organizationId}/members/${member.id}`,
    { token: ownerToken, json: { role: "viewer" } },
  );
  expect(demoted.status).toBe(200);

  await soon(async () => !(await permissions()).includes("members.manage"));
});
