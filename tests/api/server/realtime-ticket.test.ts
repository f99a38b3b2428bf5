import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { commitToken } from "~/lib/session.server";
import { action as ticketAction } from "../../../app/routes/realtime.ticket";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

/** The web app's socket ticket route, on the embedded API, as a page's script calls it. */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function askForTicket(token: string, signal?: AbortSignal) {
  const cookie = (await commitToken(token)).split(";")[0] as string;
  const request = new Request("http://qalam.test/realtime/ticket", {
    method: "POST",
    headers: { cookie },
    signal,
  });
  const context = { cspNonce: "", apiFetch: t.api.fetch, clientAddress: "127.0.0.1" };
  return ticketAction({ request, context, params: {} } as never);
}

describe("the socket ticket", () => {
  it("is issued to a signed-in page", async () => {
    const owner = await ownerWithSession(t);
    const response = await askForTicket(owner.token);
    expect(response.status).toBe(200);
    expect((await response.json()).ticket).toEqual(expect.any(String));
  });

  it("logs nothing when the page closed before its ticket came", async () => {
    const owner = await ownerWithSession(t);
    const logged = [
      vi.spyOn(console, "error").mockImplementation(() => {}),
      vi.spyOn(console, "warn").mockImplementation(() => {}),
    ];
    try {
      const closed = new AbortController();
      closed.abort();
      const response = await askForTicket(owner.token, closed.signal);
      expect(response.status).not.toBe(200);
      const log = logged.flatMap((spy) => spy.mock.calls.flat()).map(String);
      expect(log).toEqual([]);
    } finally {
      for (const spy of logged) spy.mockRestore();
    }
  });
});
