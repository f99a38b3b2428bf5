import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, createTestDatabase, type TestApi, type TestDatabase } from "../helpers";
import { listen, rawClient } from "./socket-server";

// Two API instances on one PostgreSQL database, as behind a load balancer: each one's broker
// hears the other's NOTIFY. PGlite lives inside one process, so this runs with a server only.

let database: TestDatabase;
let a: TestApi;
let b: TestApi;
let socketA: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestApi({ database });
  b = await createTestApi({ database });
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
