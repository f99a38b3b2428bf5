import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaItem } from "../../../api/media/media";
import { openMediaZip } from "../../../api/media/media-files";
import type { Storage } from "../../../api/storage/storage";
import { createTestApi, ownerActor, ownerWithSession, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t.close();
});

/** The test API's storage, telling which files were opened and which of them were cancelled. */
function watchedStorage(storage: Storage) {
  const opened: string[] = [];
  const cancelled: string[] = [];
  const watched: Storage = {
    ...storage,
    async read(key, range) {
      const source = await storage.read(key, range);
      if (!source) return null;
      opened.push(key);
      const reader = source.getReader();
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        async cancel(reason) {
          cancelled.push(key);
          await reader.cancel(reason);
        },
      });
    },
  };
  return { storage: watched, opened, cancelled };
}

describe("openMediaZip", () => {
  it("opens each file only when the zip reaches it, and closes the one being read when the reader leaves", async () => {
    const owner = await ownerWithSession(t);
    const actor = ownerActor(owner);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        await createMediaItem(t.db, t.storage, actor, {
          kind: "video",
          bytes: new Uint8Array(randomBytes(4 * 1024 * 1024)),
          contentType: "video/mp4",
          title: `Clip ${i}`,
        }),
      );
    }
    const { storage, opened, cancelled } = watchedStorage(t.storage);

    const zip = await openMediaZip(t.db, storage, actor, ids);
    expect(zip.size).toBeGreaterThan(12 * 1024 * 1024);
    expect(opened).toEqual([]);
    const reader = zip.body.getReader();
    let received = 0;
    while (received < 1024 * 1024) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    await reader.cancel();

    expect(opened).toHaveLength(1);
    expect(cancelled).toEqual(opened);
  });
});
