/**
 * A .docx is a ZIP, and a ZIP of a few hundred kB can unpack to gigabytes. Sent as a thread's
 * attachment or as a document to import, such a file is refused with a 4xx while the server
 * keeps answering everyone else: the sizes its ZIP declares are checked before it is opened, and
 * a file whose ZIP lies is read in a worker thread that cannot take more than its share.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whileHealthIsWatched } from "../health-watch";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";
import { wordBomb } from "../test-documents";

let t: TestApi;
let owner: { token: string };
let threadId: number;
// 100 MB of XML in about 350 kB: twice the cap; built once, as it takes seconds.
const bomb = wordBomb({ unpackedMb: 100 });
// 20 MB of XML, past the cap of one entry, whose ZIP says 100 kB.
const liar = wordBomb({ unpackedMb: 20, declaredBytes: 100_000 });

beforeAll(async () => {
  t = await createTestApi();
  owner = await ownerWithSession(t);
  const thread = await t.request("POST", "/threads", {
    token: owner.token,
    json: { title: "Files" },
  });
  expect(thread.status, thread.text).toBe(201);
  threadId = (thread.body as { id: number }).id;
});
afterAll(() => t.close());

function upload(path: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  return t.request("POST", path, { token: owner.token, body: form });
}

const attach = (bytes: Uint8Array) =>
  upload(`/threads/${threadId}/attachments`, "plan.docx", bytes);
const importDocument = (bytes: Uint8Array) => upload("/documents/import", "plan.docx", bytes);

describe("a .docx that unpacks to far more than it weighs", () => {
  it("is refused as an attachment (413 UNPACKED_TOO_LARGE) while health answers", async () => {
    expect(bomb.byteLength).toBeLessThan(512 * 1024);
    const watch = await whileHealthIsWatched(t, () => attach(bomb));
    expect(watch.result.status, watch.result.text).toBe(413);
    expect(watch.result.body).toMatchObject({
      error: { code: "UNPACKED_TOO_LARGE", fieldCodes: { file: "UNPACKED_TOO_LARGE" } },
    });
    expect(watch.answers).toBeGreaterThan(0);
    expect(watch.failures).toEqual([]);
    expect(watch.slowest).toBeLessThan(250);
  });

  it("is refused as a document to import (413 UNPACKED_TOO_LARGE) while health answers", async () => {
    const watch = await whileHealthIsWatched(t, () => importDocument(bomb));
    expect(watch.result.status, watch.result.text).toBe(413);
    expect((watch.result.body as { error: { code: string } }).error.code).toBe(
      "UNPACKED_TOO_LARGE",
    );
    expect(watch.answers).toBeGreaterThan(0);
    expect(watch.failures).toEqual([]);
    expect(watch.slowest).toBeLessThan(250);
  });

  it("whose ZIP lies about its sizes is refused with a 4xx while health answers", async () => {
    for (const send of [attach, importDocument]) {
      const watch = await whileHealthIsWatched(t, () => send(liar));
      expect(watch.result.status, watch.result.text).toBeGreaterThanOrEqual(400);
      expect(watch.result.status, watch.result.text).toBeLessThan(500);
      expect(watch.answers).toBeGreaterThan(0);
      expect(watch.failures).toEqual([]);
      expect(watch.slowest).toBeLessThan(250);
    }
  });
});
