import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxHeartBeatMs, negotiateHeartBeats } from "../../../api/realtime/broker";
import { createTestApi, type TestApi } from "../helpers";
import { listen, rawClient } from "./socket-server";

/** The broker's heart-beat, shortened from 10 s so that a time-out happens within a test. */
const heartbeatMs = 100;

let t: TestApi;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  t = await createTestApi({ heartbeatMs });
  server = await listen(t.api);
});

afterAll(async () => {
  await server.close();
  await t.close();
});

async function connected(heartBeat: string) {
  const user = await t.createUser();
  const token = await t.loginToken(user.email, user.password);
  const client = await rawClient(server.socketUrl);
  client.frame("CONNECT", {
    "accept-version": "1.2",
    "heart-beat": heartBeat,
    Authorization: `Bearer ${token}`,
  });
  const frame = await client.next();
  expect(frame.command).toBe("CONNECTED");
  expect(frame.headers["heart-beat"]).toBe(`${heartbeatMs},${heartbeatMs}`);
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("heart-beats", () => {
  it("sends an end-of-line at the agreed interval to a client that wants them", async () => {
    const client = await connected("0,100");
    await sleep(heartbeatMs * 5);
    expect(client.heartBeats()).toBeGreaterThanOrEqual(3);
    client.close();
  });

  it("sends none to a client that wants none", async () => {
    const client = await connected("0,0");
    await sleep(heartbeatMs * 4);
    expect(client.heartBeats()).toBe(0);
    client.close();
  });

  it("closes a connection that stays silent for twice the agreed interval", async () => {
    // Timed from before CONNECT: the server counts the silence from the last frame it got.
    const started = Date.now();
    const client = await connected("100,0");
    await client.closed;
    const silentFor = Date.now() - started;
    expect(silentFor).toBeGreaterThanOrEqual(heartbeatMs * 2);
    expect(silentFor).toBeLessThan(heartbeatMs * 10);
  });

  it("keeps a connection whose client beats in time", async () => {
    const client = await connected("100,0");
    const beating = setInterval(() => client.send("\n"), heartbeatMs / 2);
    let closed = false;
    void client.closed.then(() => {
      closed = true;
    });
    await sleep(heartbeatMs * 8);
    clearInterval(beating);
    expect(closed).toBe(false);
    client.close();
  });

  it("agrees on the slower of the two intervals", async () => {
    // The client can only beat every 300 ms: the server waits twice that before giving up.
    // Timed from before CONNECT: the server's clock starts when it reads the frame, which can be
    // well before the client hears back on a busy machine.
    const started = Date.now();
    const client = await connected("300,0");
    let closedAt = 0;
    void client.closed.then(() => {
      closedAt = Date.now();
    });
    await sleep(heartbeatMs * 4);
    expect(closedAt).toBe(0);
    await client.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(600);
  });
});

describe("heart-beat values a client asks for", () => {
  it("never makes the server beat every millisecond, whatever interval is asked", async () => {
    // Past 2^31 - 1 ms, setInterval fires every millisecond: the ask is clamped to a minute.
    const client = await connected("0,9999999999");
    await sleep(heartbeatMs * 3);
    expect(client.heartBeats()).toBe(0);
    client.close();
  });

  it.each([
    ["0,9999999999", { outgoingMs: maxHeartBeatMs, incomingMs: 0 }],
    ["9999999999,0", { outgoingMs: 0, incomingMs: maxHeartBeatMs }],
    ["99999999999999999999,99999999999999999999", { outgoingMs: 0, incomingMs: 0 }],
    ["60000,60001", { outgoingMs: maxHeartBeatMs, incomingMs: maxHeartBeatMs }],
    ["1,1", { outgoingMs: 10_000, incomingMs: 10_000 }],
    ["0,0", { outgoingMs: 0, incomingMs: 0 }],
    ["-5,-5", { outgoingMs: 0, incomingMs: 0 }],
    ["abc,1e9", { outgoingMs: 0, incomingMs: 0 }],
    ["", { outgoingMs: 0, incomingMs: 0 }],
    [undefined, { outgoingMs: 0, incomingMs: 0 }],
  ])("clamps heart-beat:%s against an offer of 10 s", (header, expected) => {
    expect(negotiateHeartBeats(10_000, header)).toEqual(expected);
  });

  it("agrees on nothing when the server offers none", () => {
    expect(negotiateHeartBeats(0, "5000,5000")).toEqual({ outgoingMs: 0, incomingMs: 0 });
  });
});
