import { Client, type IMessage } from "@stomp/stompjs";
import { afterAll, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTestApi, createTestDatabase, type TestApi, type TestDatabase } from "../helpers";
import { listen, rawClient } from "./socket-server";

let database: TestDatabase;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await database?.drop();
});

/** The API and its port, started on a database that outlives it, as a restarted server is. */
async function startInstance(port = 0) {
  const api: TestApi = await createTestApi({ database });
  const server = await listen(api.api, port);
  const stop = async () => {
    await server.close();
    await api.close();
  };
  cleanups.push(stop);
  return { api, server, stop };
}

it("reconnects after a server restart and subscribes again, as the browser's client does", async () => {
  database = await createTestDatabase({ onDisk: true });
  const first = await startInstance();
  const user = await first.api.createUser();
  const token = await first.api.loginToken(user.email, user.password);

  const received: IMessage[] = [];
  let connects = 0;
  const client = new Client({
    webSocketFactory: () => new WebSocket(first.server.socketUrl, ["v12.stomp"]),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 100,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
  });
  // Each connection subscribes afresh; its receipt says the subscription is in place.
  const subscriptions: (() => void)[] = [];
  const subscribed = (n: number) =>
    new Promise<void>((resolve) => {
      subscriptions[n] = resolve;
    });
  client.onConnect = () => {
    connects += 1;
    const n = connects;
    client.watchForReceipt(`subscribed-${n}`, () => subscriptions[n]?.());
    client.subscribe("/user/queue/events", (message) => received.push(message), {
      receipt: `subscribed-${n}`,
    });
  };

  const firstSubscription = subscribed(1);
  client.activate();
  await firstSubscription;

  await first.stop();
  await expect.poll(() => client.connected).toBe(false);

  const secondSubscription = subscribed(2);
  const second = await startInstance(first.server.port);
  await secondSubscription;
  expect(connects).toBe(2);

  const body = new FormData();
  body.set("firstName", "Restarted");
  expect((await second.api.request("PUT", "/user", { token, body })).status).toBe(200);
  await expect.poll(() => received.length).toBe(1);
  expect(JSON.parse(received[0]?.body ?? "{}")).toMatchObject({
    type: "user.updated",
    id: user.user.id,
  });
  await client.deactivate();
});

it("closes open sockets with 1012, service restart, and refuses new ones while it stops", async () => {
  database ??= await createTestDatabase({ onDisk: true });
  const instance = await startInstance();
  const user = await instance.api.createUser();
  const token = await instance.api.loginToken(user.email, user.password);
  const client = await rawClient(instance.server.socketUrl);
  client.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
  expect((await client.next("CONNECTED")).command).toBe("CONNECTED");

  const closing = instance.api.api.closeRealtime();
  expect((await client.closed).code).toBe(1012);
  await closing;
  await expect(rawClient(instance.server.socketUrl)).rejects.toThrow(/503/);
});
