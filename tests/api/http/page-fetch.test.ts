import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type PageFetch = (request: Request) => Promise<Response>;

function call(fetch: PageFetch, method: string, path: string, token: string) {
  return fetch(
    new Request(`http://qalam.internal/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    }),
  );
}

async function signedIn() {
  const { email, password, user } = await t.createUser();
  return { user, token: await t.loginToken(email, password) };
}

describe("Api.pageFetch", () => {
  it("lets the reads of one page share their token's session lookup", async () => {
    const { token } = await signedIn();
    const page = t.api.pageFetch();
    expect((await call(page, "GET", "/user", token)).status).toBe(200);

    await t.expireSession(token);

    // The page looked the session up once; another page, or a call over HTTP, looks again.
    expect((await call(page, "GET", "/organizations", token)).status).toBe(200);
    expect((await call(t.api.pageFetch(), "GET", "/user", token)).status).toBe(401);
    expect((await t.request("GET", "/user", { token })).status).toBe(401);
  });

  it("looks the session up again after a call that changes something", async () => {
    const { token } = await signedIn();
    const page = t.api.pageFetch();
    expect((await call(page, "GET", "/user", token)).status).toBe(200);

    await t.expireSession(token);

    expect((await call(page, "POST", "/logout", token)).status).toBe(401);
    expect((await call(page, "GET", "/user", token)).status).toBe(401);
  });

  it("keeps each token's session to itself", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const page = t.api.pageFetch();

    const [one, two] = await Promise.all([
      call(page, "GET", "/user", first.token),
      call(page, "GET", "/user", second.token),
    ]);

    expect((await one.json()).id).toBe(first.user.id);
    expect((await two.json()).id).toBe(second.user.id);
    expect((await call(page, "GET", "/user", "x".repeat(43))).status).toBe(401);
  });
});
