import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers";
import { extractKey, type SmtpSink, startSmtpSink } from "../smtp-sink";
import { postFrom, startWebServer, type WebServer } from "./start-web-server";

// The stranger and the owner reach the server from two addresses, as two machines would.
const stranger = "127.0.0.2";
const owner = "127.0.0.3";

let t: TestApi;
let mail: SmtpSink;
let web: WebServer;
beforeAll(async () => {
  mail = await startSmtpSink();
  t = await createTestApi({ smtpUrl: mail.url });
  web = await startWebServer(t);
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  await mail?.close();
});

describe("a stranger guessing from one address", () => {
  it("is stopped at that address, and the owner still signs in from theirs", async () => {
    const { email, password } = await t.createUser();
    const guess = () => postFrom(stranger, web, "/login", { value: email, password: "a guess" });

    for (let attempt = 0; attempt < 10; attempt++) expect((await guess()).status).toBe(401);
    const stopped = await guess();
    expect(stopped.status).toBe(429);
    expect(stopped.body.error?.code).toBe("TOO_MANY_REQUESTS");
    // Even the right password waits at the stranger's address.
    expect((await postFrom(stranger, web, "/login", { value: email, password })).status).toBe(429);

    const signedIn = await postFrom(owner, web, "/login", { value: email, password });
    expect(signedIn.status).toBe(200);
  });

  it("does not burn the reset key its owner holds", async () => {
    const { email } = await t.createUser();
    const requested = await postFrom(owner, web, "/password/request/reset-by-email", {
      email,
      resetType: "KEY",
    });
    expect(requested.status).toBe(200);
    const key = extractKey((await mail.waitForMessage({ to: email })).text);
    const wrong = key === "000000" ? "111111" : "000000";

    const guesses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      guesses.push(
        await postFrom(stranger, web, "/password/verify/by-email", { email, key: wrong }),
      );
    }
    expect(guesses.map((guess) => guess.body.error?.code)).toEqual([
      ...Array(5).fill("INVALID_KEY"),
      "TOO_MANY_REQUESTS",
    ]);

    const verified = await postFrom(owner, web, "/password/verify/by-email", { email, key });
    expect(verified.status).toBe(200);
    expect(verified.body.token).toEqual(expect.any(String));
  });
});
