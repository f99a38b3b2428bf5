import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxAvatarBytes } from "../../../api/services/avatars";
import { createTestApi, type TestApi } from "../helpers";
import { startWebServer, type WebServer } from "./start-web-server";

describe("behind a proxy", () => {
  let t: TestApi;
  const servers: WebServer[] = [];
  beforeAll(async () => {
    t = await createTestApi({ rateLimits: { loginPerAddress: { limit: 3, windowSeconds: 60 } } });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await t.close();
  });

  async function server(trustProxy?: string) {
    const started = await startWebServer(t, trustProxy);
    servers.push(started);
    return started;
  }

  /** Signs in through the web server with `forwarded` as X-Forwarded-For; the session's address. */
  async function sessionAddress(web: WebServer, forwarded: string) {
    const { email, password } = await t.createUser();
    const login = await fetch(web.url("/api/v1/login"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwarded },
      body: JSON.stringify({ value: email, password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const sessions = await t.request("GET", "/user/sessions", { token });
    return sessions.body.items[0].ip as string;
  }

  it("takes the address the one trusted proxy appended, not the client's own left-most word", async () => {
    const web = await server("1");
    expect(await sessionAddress(web, "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("believes no X-Forwarded-For without TRUST_PROXY", async () => {
    const web = await server();
    expect(await sessionAddress(web, "6.6.6.6, 203.0.113.9")).toBe("127.0.0.1");
  });

  it("counts a client that changes its spoofed addresses as the one address it is", async () => {
    const web = await server("1");
    const statuses: number[] = [];
    for (const spoofed of ["1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"]) {
      const response = await fetch(web.url("/api/v1/login"), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `${spoofed}, 198.51.100.77`,
        },
        body: JSON.stringify({ value: "nobody@example.test", password: "wrong password" }),
      });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("bodies the API refuses", () => {
  let t: TestApi;
  let web: WebServer;
  beforeAll(async () => {
    t = await createTestApi();
    web = await startWebServer(t);
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const twoMegabytes = JSON.stringify({ value: "x".repeat(2 * 1024 * 1024), password: "p" });

  function multipartOf(bytes: number) {
    const form = new FormData();
    form.set("firstName", "Sara");
    form.set("avatar", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "big.png");
    return form;
  }

  async function statusesOf(times: number, send: () => Promise<Response>) {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < times; i++) {
      try {
        const response = await send();
        await response.arrayBuffer();
        statuses.push(response.status);
      } catch (error) {
        statuses.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    }
    return statuses;
  }

  it("answers twenty oversized JSON bodies in a row with 413, then serves the same pool", async () => {
    const statuses = await statusesOf(20, () =>
      fetch(web.url("/api/v1/login"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: twoMegabytes,
      }),
    );
    expect(statuses).toEqual(Array(20).fill(413));
    expect((await fetch(web.url("/api/v1/health"))).status).toBe(200);
  });

  it("answers twenty uploads with a bad token with 401, then serves the same pool", async () => {
    const statuses = await statusesOf(20, () =>
      fetch(web.url("/api/v1/user"), {
        method: "PUT",
        headers: { authorization: `Bearer ${"x".repeat(43)}` },
        body: multipartOf(2 * 1024 * 1024),
      }),
    );
    expect(statuses).toEqual(Array(20).fill(401));
    expect((await fetch(web.url("/api/v1/health"))).status).toBe(200);
  });

  it("answers twenty avatars over their limit with 413, then serves the same pool", async () => {
    const user = await t.createUser();
    const token = await t.loginToken(user.email, user.password);
    const statuses = await statusesOf(20, () =>
      fetch(web.url("/api/v1/user"), {
        method: "PUT",
        headers: { authorization: `Bearer ${token}` },
        body: multipartOf(maxAvatarBytes + 512 * 1024),
      }),
    );
    expect(statuses).toEqual(Array(20).fill(413));
    const me = await fetch(web.url("/api/v1/user"), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });
});

describe("the public address's scheme", () => {
  let t: TestApi;
  const servers: WebServer[] = [];
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await t.close();
  });

  async function headersOf(secure: boolean) {
    const web = await startWebServer(t, undefined, secure);
    servers.push(web);
    const response = await fetch(web.url("/login"));
    await response.body?.cancel();
    return response.headers;
  }

  it("sends HSTS and upgrades requests when the app is served at an https address", async () => {
    const headers = await headersOf(true);
    expect(headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("sends neither on plain http, so that http://localhost stays usable", async () => {
    const headers = await headersOf(false);
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});
