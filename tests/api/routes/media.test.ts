import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs, media } from "../../../api/db/schema";
import { createMediaItem, type NewMediaItem } from "../../../api/media/media";
import { purgeDeleted } from "../../../api/purge";
import {
  createTestApi,
  memberWithSession,
  ownerActor,
  ownerWithSession,
  type TestApi,
} from "../helpers";
import { pngImage } from "../test-images";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

/** An item made as a creator would: through the service, with the file's bytes. */
function addItem(owner: Owner, input: Partial<NewMediaItem> = {}) {
  return createMediaItem(t.db, t.storage, ownerActor(owner), {
    kind: "audio",
    bytes: new Uint8Array(randomBytes(1000)),
    contentType: "audio/mpeg",
    prompt: "A calm voice",
    ...input,
  });
}

const get = (owner: { token: string }, path: string, headers?: Record<string, string>) =>
  t.request("GET", path, { token: owner.token, headers });

/** The API's raw answer, its body as bytes. */
async function fetchBytes(
  owner: { token: string },
  path: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
) {
  const url = new URL(`/api/v1${path}`, "http://qalam.test");
  const response = await t.api.fetch(
    new Request(url, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${owner.token}`,
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    }),
  );
  return { response, body: new Uint8Array(await response.arrayBuffer()) };
}

/** The entries of a zip's central directory: name, UTF-8 flag and compression method. */
function centralDirectory(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.byteLength - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: { name: string; utf8: boolean; method: number }[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(offset, true)).toBe(0x02014b50);
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const name = Buffer.from(zip.subarray(offset + 46, offset + 46 + nameLength)).toString("utf8");
    entries.push({ name, utf8: (flags & 0x800) !== 0, method });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe("GET /media", () => {
  it("pages newest first by cursor, without duplicates or gaps", async () => {
    const owner = await ownerWithSession(t);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await addItem(owner, { title: `Item ${i}` }));
    const seen: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = await get(owner, `/media?limit=3${query}`);
      expect(page.status).toBe(200);
      pages.push(page.body.items.length);
      seen.push(...page.body.items.map((item: { id: string }) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(pages).toEqual([3, 3, 1]);
    expect(seen).toEqual([...made].reverse());
  });

  it("refuses a cursor it did not give", async () => {
    const owner = await ownerWithSession(t);
    const response = await get(owner, "/media?cursor=bm90LWEtY3Vyc29y");
    expect(response.status).toBe(422);
    expect(response.body.error.fieldCodes).toEqual({ cursor: "INVALID_CURSOR" });
  });

  it("filters by kind, favourite, project, client and author", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const project = await t.request("POST", "/projects", {
      token: owner.token,
      json: { name: "Campaign" },
    });
    const client = await t.request("POST", "/clients", {
      token: owner.token,
      json: { name: "Client" },
    });
    const image = await addItem(owner, {
      kind: "image",
      bytes: new Uint8Array(await pngImage(40, 30)),
      contentType: "image/png",
      projectId: project.body.id,
    });
    const audio = await addItem(owner, { clientId: client.body.id });
    const video = await addItem(
      { ...owner, id: member.id },
      { kind: "video", contentType: "video/mp4" },
    );
    const favourite = await t.request("PATCH", `/media/${audio}`, {
      token: member.token,
      json: { favourite: true },
    });
    expect(favourite.status).toBe(200);
    const ids = async (query: string) =>
      (await get(owner, `/media?${query}`)).body.items.map((item: { id: string }) => item.id);
    expect(await ids("")).toEqual([video, audio, image]);
    expect(await ids("kind=image")).toEqual([image]);
    expect(await ids("favourite=true")).toEqual([audio]);
    expect(await ids("favourite=false")).toEqual([video, image]);
    expect(await ids(`projectId=${project.body.id}`)).toEqual([image]);
    expect(await ids(`clientId=${client.body.id}`)).toEqual([audio]);
    expect(await ids(`authorId=${member.id}`)).toEqual([video]);
  });

  it("filters by model, job and the days they were made on", async () => {
    const owner = await ownerWithSession(t);
    const [job] = await t.db
      .insert(jobs)
      .values({
        organizationId: owner.organizationId,
        userId: owner.id,
        kind: "image.generate",
        capability: "image",
        input: {},
      })
      .returning({ id: jobs.id });
    const early = await addItem(owner, { model: "tts-1" });
    const middle = await addItem(owner, { model: "gpt-image-1", jobId: job?.id });
    const late = await addItem(owner, { model: "gpt-image-1", jobId: job?.id });
    const days = [
      [early, "2026-03-01T23:59:59.999Z"],
      [middle, "2026-03-02T00:00:00Z"],
      [late, "2026-03-04T12:00:00Z"],
    ] as const;
    for (const [id, at] of days) {
      await t.db
        .update(media)
        .set({ createdAt: new Date(at) })
        .where(eq(media.id, id));
    }
    const ids = async (query: string) => {
      const response = await get(owner, `/media?${query}`);
      expect(response.status).toBe(200);
      return response.body.items.map((item: { id: string }) => item.id);
    };
    expect(await ids("model=gpt-image-1")).toEqual([late, middle]);
    expect(await ids("model=tts-1")).toEqual([early]);
    expect(await ids(`jobId=${job?.id}`)).toEqual([late, middle]);
    expect(await ids("from=2026-03-02")).toEqual([late, middle]);
    expect(await ids("to=2026-03-01")).toEqual([early]);
    expect(await ids("from=2026-03-02&to=2026-03-02")).toEqual([middle]);
    expect(await ids("from=2026-03-01&to=2026-03-04&model=gpt-image-1")).toEqual([late, middle]);
    expect(await ids("from=2026-03-05")).toEqual([]);
    // A filtered list pages by cursor as the whole one does.
    const first = await get(owner, "/media?model=gpt-image-1&limit=1");
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([late]);
    const cursor = encodeURIComponent(first.body.nextCursor);
    expect(await ids(`model=gpt-image-1&limit=1&cursor=${cursor}`)).toEqual([middle]);
  });

  it("refuses a date that is not a day, and a job id that is not one", async () => {
    const owner = await ownerWithSession(t);
    for (const [query, field] of [
      ["from=yesterday", "from"],
      ["to=2026-02-30", "to"],
      ["to=2026-03-01T10:00:00Z", "to"],
      ["jobId=42", "jobId"],
    ] as const) {
      const response = await get(owner, `/media?${query}`);
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.body.error.fields)).toEqual([field]);
    }
  });

  it("searches prompts in English and Arabic", async () => {
    const owner = await ownerWithSession(t);
    const lighthouse = await addItem(owner, { prompt: "A lighthouse on a stormy coast at night" });
    const desert = await addItem(owner, { prompt: "قافلة جمال في الصحراء عند الغروب" });
    await addItem(owner, { prompt: "A bowl of fruit" });
    const found = async (q: string) =>
      (await get(owner, `/media?q=${encodeURIComponent(q)}`)).body.items.map(
        (item: { id: string }) => item.id,
      );
    expect(await found("lighthouses")).toEqual([lighthouse]);
    expect(await found("الصحراء")).toEqual([desert]);
    // Arabic normalisation: the word without its article.
    expect(await found("صحراء")).toEqual([desert]);
  });

  it("pages a search newest first by its cursor, within the organization and its filters", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    await addItem(stranger, { prompt: "A lighthouse far away" });
    const oldest = await addItem(owner, { prompt: "A lighthouse at dawn" });
    const middle = await addItem(owner, { prompt: "A lighthouse at noon" });
    await addItem(owner, {
      prompt: "A lighthouse at noon, in a video",
      kind: "video",
      contentType: "video/mp4",
    });
    const newest = await addItem(owner, { prompt: "A lighthouse at dusk" });
    const first = await get(owner, "/media?q=lighthouse&kind=audio&limit=2");
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([newest, middle]);
    const second = await get(
      owner,
      `/media?q=lighthouse&kind=audio&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([oldest]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe("GET /media/{id}/content", () => {
  it("answers range requests", async () => {
    const owner = await ownerWithSession(t);
    const bytes = new Uint8Array(randomBytes(1000));
    const id = await addItem(owner, { bytes, contentType: "audio/mpeg" });
    const path = `/media/${id}/content`;
    const bytesOf = async (range?: string) => {
      const url = new URL(`/api/v1${path}`, "http://qalam.test");
      const response = await t.api.fetch(
        new Request(url, {
          headers: {
            authorization: `Bearer ${owner.token}`,
            ...(range ? { range } : {}),
          },
        }),
      );
      return { response, body: new Uint8Array(await response.arrayBuffer()) };
    };

    const whole = await bytesOf();
    expect(whole.response.status).toBe(200);
    expect(whole.body).toEqual(bytes);
    expect(whole.response.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.response.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.response.headers.get("cache-control")).toBe(
      "private, max-age=31536000, immutable",
    );

    const first = await bytesOf("bytes=0-99");
    expect(first.response.status).toBe(206);
    expect(first.response.headers.get("content-range")).toBe("bytes 0-99/1000");
    expect(first.body).toEqual(bytes.slice(0, 100));

    const middle = await bytesOf("bytes=400-549");
    expect(middle.response.status).toBe(206);
    expect(middle.response.headers.get("content-range")).toBe("bytes 400-549/1000");
    expect(middle.body).toEqual(bytes.slice(400, 550));

    const open = await bytesOf("bytes=900-");
    expect(open.response.status).toBe(206);
    expect(open.response.headers.get("content-range")).toBe("bytes 900-999/1000");
    expect(open.body).toEqual(bytes.slice(900));

    const suffix = await bytesOf("bytes=-100");
    expect(suffix.response.status).toBe(206);
    expect(suffix.response.headers.get("content-range")).toBe("bytes 900-999/1000");
    expect(suffix.body).toEqual(bytes.slice(900));

    const past = await bytesOf("bytes=1000-1100");
    expect(past.response.status).toBe(416);
    expect(past.response.headers.get("content-range")).toBe("bytes */1000");
  });

  it("streams from the storage, never reading the whole file into memory", async () => {
    const owner = await ownerWithSession(t);
    const bytes = new Uint8Array(randomBytes(2 * 1024 * 1024));
    const id = await addItem(owner, { kind: "video", bytes, contentType: "video/mp4" });
    const whole = vi.spyOn(t.storage, "get");
    try {
      const all = await fetchBytes(owner, `/media/${id}/content`);
      expect(all.response.status).toBe(200);
      expect(all.response.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(Buffer.from(all.body).equals(Buffer.from(bytes))).toBe(true);

      const last = await fetchBytes(owner, `/media/${id}/content`, {
        headers: { range: `bytes=${bytes.byteLength - 1}-` },
      });
      expect(last.response.status).toBe(206);
      expect(last.response.headers.get("content-length")).toBe("1");
      expect(Array.from(last.body)).toEqual([bytes[bytes.byteLength - 1]]);

      const middle = await fetchBytes(owner, `/media/${id}/content`, {
        headers: { range: "bytes=1000000-1099999" },
      });
      expect(middle.response.status).toBe(206);
      expect(middle.response.headers.get("content-length")).toBe("100000");
      expect(Buffer.from(middle.body).equals(Buffer.from(bytes.subarray(1_000_000, 1_100_000))));
      expect(whole).not.toHaveBeenCalled();
    } finally {
      whole.mockRestore();
    }
  });

  it("answers a HEAD with the headers, without opening the file", async () => {
    const owner = await ownerWithSession(t);
    const id = await addItem(owner, { bytes: new Uint8Array(randomBytes(1000)) });
    const read = vi.spyOn(t.storage, "read");
    try {
      const head = await fetchBytes(owner, `/media/${id}/content`, { method: "HEAD" });
      expect(head.response.status).toBe(200);
      expect(head.response.headers.get("content-length")).toBe("1000");
      expect(head.body.byteLength).toBe(0);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it("asks the storage once per answer: the file's range, or the thumbnail whole", async () => {
    const owner = await ownerWithSession(t);
    const bytes = new Uint8Array(await pngImage(40, 30));
    const id = await addItem(owner, { kind: "image", bytes, contentType: "image/png" });
    const calls = (["stat", "read", "get"] as const).map((name) => vi.spyOn(t.storage, name));
    const [stat, read, whole] = calls;
    try {
      const ranged = await fetchBytes(owner, `/media/${id}/content`, {
        headers: { range: "bytes=10-19" },
      });
      expect(ranged.response.status).toBe(206);
      expect(ranged.response.headers.get("content-range")).toBe(`bytes 10-19/${bytes.length}`);
      expect(ranged.body).toEqual(bytes.slice(10, 20));
      expect(read).toHaveBeenCalledTimes(1);
      expect(read).toHaveBeenCalledWith(expect.stringMatching(/^media\//), { start: 10, end: 19 });

      const unchanged = await fetchBytes(owner, `/media/${id}/content`, {
        headers: { "if-none-match": `"${id}"` },
      });
      expect(unchanged.response.status).toBe(304);
      expect(read).toHaveBeenCalledTimes(1);

      const thumbnail = await fetchBytes(owner, `/media/${id}/thumbnail`);
      expect(thumbnail.response.status).toBe(200);
      expect(thumbnail.response.headers.get("content-type")).toBe("image/webp");
      expect(thumbnail.response.headers.get("content-length")).toBe(
        String(thumbnail.body.byteLength),
      );
      expect((await sharp(thumbnail.body).metadata()).format).toBe("webp");
      const thumbnailRange = await fetchBytes(owner, `/media/${id}/thumbnail`, {
        headers: { range: "bytes=0-3" },
      });
      expect(thumbnailRange.response.status).toBe(206);
      expect(new TextDecoder().decode(thumbnailRange.body)).toBe("RIFF");
      expect(whole).toHaveBeenCalledTimes(2);
      expect(stat).not.toHaveBeenCalled();
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      for (const call of calls) call.mockRestore();
    }
  });

  it("is a 404, not a broken download, when the file is gone from the storage", async () => {
    const owner = await ownerWithSession(t);
    const bytes = new Uint8Array(await pngImage(20, 20));
    const id = await addItem(owner, { kind: "image", bytes, contentType: "image/png" });
    const [row] = await t.db.select().from(media).where(eq(media.id, id));
    await t.storage.delete(row?.fileKey ?? "");
    await t.storage.delete(row?.thumbnailKey ?? "");

    for (const path of [`/media/${id}/content`, `/media/${id}/thumbnail`]) {
      const gone = await fetchBytes(owner, path);
      expect(gone.response.status).toBe(404);
      const answer = JSON.parse(new TextDecoder().decode(gone.body));
      expect(answer.error.code).toBe("NOT_FOUND");
    }
    const range = await fetchBytes(owner, `/media/${id}/content`, {
      headers: { range: "bytes=0-9" },
    });
    expect(range.response.status).toBe(404);
  });

  it("answers 304 to its ETag, and the whole file when If-Range names another", async () => {
    const owner = await ownerWithSession(t);
    const bytes = new Uint8Array(randomBytes(1000));
    const id = await addItem(owner, { bytes });
    const path = `/media/${id}/content`;
    const first = await fetchBytes(owner, path);
    const tag = first.response.headers.get("etag");
    expect(tag).toBe(`"${id}"`);

    const unchanged = await fetchBytes(owner, path, { headers: { "if-none-match": tag ?? "" } });
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.body.byteLength).toBe(0);
    expect(unchanged.response.headers.get("cache-control")).toBe(
      "private, max-age=31536000, immutable",
    );

    const same = await fetchBytes(owner, path, {
      headers: { range: "bytes=0-9", "if-range": tag ?? "" },
    });
    expect(same.response.status).toBe(206);
    expect(same.body).toEqual(bytes.slice(0, 10));

    const other = await fetchBytes(owner, path, {
      headers: { range: "bytes=0-9", "if-range": '"something-else"' },
    });
    expect(other.response.status).toBe(200);
    expect(other.body).toEqual(bytes);
  });

  it("names a download after the title, Arabic kept, else the kind and short id", async () => {
    const owner = await ownerWithSession(t);
    const titled = await addItem(owner, { title: "غروب فوق البتراء / نسخة 2" });
    const untitled = await addItem(owner, {
      kind: "image",
      bytes: new Uint8Array(await pngImage(20, 20)),
      contentType: "image/png",
    });

    const plain = await fetchBytes(owner, `/media/${titled}/content`);
    expect(plain.response.headers.get("content-disposition")).toBeNull();

    const arabic = await fetchBytes(owner, `/media/${titled}/content?download=1`);
    expect(arabic.response.status).toBe(200);
    // The slash goes; the ASCII name stands in for clients that do not read filename*.
    const name = "غروب فوق البتراء نسخة 2.mp3";
    expect(arabic.response.headers.get("content-disposition")).toBe(
      `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );

    const fallback = await fetchBytes(owner, `/media/${untitled}/content?download=1`);
    const short = untitled.slice(0, 8);
    expect(fallback.response.headers.get("content-disposition")).toBe(
      `attachment; filename="image-${short}.png"; filename*=UTF-8''image-${short}.png`,
    );
    const thumbnail = await fetchBytes(owner, `/media/${untitled}/thumbnail?download=1`);
    expect(thumbnail.response.headers.get("content-disposition")).toContain(
      `filename="image-${short}.webp"`,
    );

    const ranged = await fetchBytes(owner, `/media/${titled}/content?download=1`, {
      headers: { range: "bytes=0-0" },
    });
    expect(ranged.response.status).toBe(206);
    expect(ranged.response.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect((await get(owner, `/media/${titled}/content?download=yes`)).status).toBe(422);
  });

  it("is not found by another organization's member: item, content and thumbnail", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const id = await addItem(owner, {
      kind: "image",
      bytes: new Uint8Array(await pngImage(20, 20)),
      contentType: "image/png",
    });
    for (const path of [`/media/${id}`, `/media/${id}/content`, `/media/${id}/thumbnail`]) {
      expect((await get(owner, path)).status).toBe(200);
      expect((await get(stranger, path)).status).toBe(404);
    }
    expect((await get(stranger, "/media")).body.items).toEqual([]);
    // Nor does the public files route serve the media folder, to anyone.
    const [row] = await t.db.select().from(media).where(eq(media.id, id));
    for (const key of [row?.fileKey, row?.thumbnailKey]) {
      expect(key).toMatch(/^media\//);
      expect((await get(owner, `/files/${key}`)).status).toBe(404);
    }
    const change = await t.request("PATCH", `/media/${id}`, {
      token: stranger.token,
      json: { favourite: true },
    });
    expect(change.status).toBe(404);
  });
});

describe("POST /media/zip", () => {
  const zip = (owner: { token: string }, ids: unknown) =>
    fetchBytes(owner, "/media/zip", { method: "POST", json: { ids } });

  it("streams the items' files, stored as they are, named by title and unique", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const image = new Uint8Array(await pngImage(30, 20));
    const audio = new Uint8Array(randomBytes(300 * 1024));
    const other = new Uint8Array(randomBytes(5000));
    const video = new Uint8Array(randomBytes(1000));
    const ids = [
      await addItem(owner, {
        kind: "image",
        bytes: image,
        contentType: "image/png",
        title: "Sunset",
      }),
      await addItem(owner, { bytes: audio, title: "سلام عليكم" }),
      await addItem(owner, { bytes: other, title: "سلام عليكم" }),
      await addItem(owner, { kind: "video", bytes: video, contentType: "video/mp4" }),
    ];

    const answer = await zip(viewer, [...ids, ids[0]]);

    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.get("content-type")).toBe("application/zip");
    expect(answer.response.headers.get("content-disposition")).toBe(
      'attachment; filename="qalam-media.zip"',
    );
    expect(answer.response.headers.get("content-length")).toBe(String(answer.body.byteLength));
    const names = [
      "Sunset.png",
      "سلام عليكم.mp3",
      "سلام عليكم (2).mp3",
      `video-${ids[3]?.slice(0, 8)}.mp4`,
    ];
    expect(centralDirectory(answer.body)).toEqual(
      names.map((name) => ({ name, utf8: true, method: 0 })),
    );
    const files = unzipSync(answer.body);
    expect(Object.keys(files)).toEqual(names);
    expect(files["Sunset.png"]).toEqual(image);
    expect(Buffer.from(files["سلام عليكم.mp3"] ?? []).equals(Buffer.from(audio))).toBe(true);
    expect(files["سلام عليكم (2).mp3"]).toEqual(other);
    expect(files[names[3] as string]).toEqual(video);
  });

  it("is 404, naming the ids, for another organization's item and a deleted one", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const mine = await addItem(owner);
    const deleted = await addItem(owner);
    await t.request("DELETE", `/media/${deleted}`, { token: owner.token });
    const theirs = await addItem(stranger);
    const unknown = "00000000-0000-4000-8000-000000000000";

    const answer = await t.request("POST", "/media/zip", {
      token: owner.token,
      json: { ids: [mine, theirs, deleted, unknown] },
    });

    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("NOT_FOUND");
    expect(answer.body.error.details).toEqual({ missing: [theirs, deleted, unknown] });
    const own = await t.request("POST", "/media/zip", {
      token: stranger.token,
      json: { ids: [theirs] },
    });
    expect(own.status).toBe(200);
  });

  it("takes 1 to 100 ids", async () => {
    const owner = await ownerWithSession(t);
    const post = (ids: unknown) =>
      t.request("POST", "/media/zip", { token: owner.token, json: { ids } });
    for (const ids of [[], Array.from({ length: 101 }, () => crypto.randomUUID()), ["zip"]]) {
      const answer = await post(ids);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.error.fieldCodes)[0]).toMatch(/^ids/);
    }
    expect((await t.request("POST", "/media/zip", { json: { ids: [] } })).status).toBe(401);
  });
});

describe("DELETE /media/{id} and restore", () => {
  it("hides a deleted item and its file, and restore brings it back", async () => {
    const owner = await ownerWithSession(t);
    const id = await addItem(owner);
    const listed = async () =>
      (await get(owner, "/media")).body.items.map((item: { id: string }) => item.id);
    expect(await listed()).toEqual([id]);
    expect((await t.request("DELETE", `/media/${id}`, { token: owner.token })).status).toBe(204);
    expect(await listed()).toEqual([]);
    expect((await get(owner, `/media/${id}/content`)).status).toBe(404);
    expect((await get(owner, `/media/${id}`)).body.deletedAt).not.toBeNull();
    const restored = await t.request("POST", `/media/${id}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    expect(await listed()).toEqual([id]);
    expect((await get(owner, `/media/${id}/content`)).status).toBe(200);
  });

  it("lets a viewer read but not change or delete", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const id = await addItem(owner);
    expect((await get(viewer, `/media/${id}`)).status).toBe(200);
    const change = await t.request("PATCH", `/media/${id}`, {
      token: viewer.token,
      json: { title: "Mine" },
    });
    expect(change.status).toBe(403);
    expect((await t.request("DELETE", `/media/${id}`, { token: viewer.token })).status).toBe(403);
  });
});

describe("the purge", () => {
  it("deletes items deleted over 30 days ago, and their files, and keeps the others", async () => {
    const owner = await ownerWithSession(t);
    const image = async () => ({
      kind: "image" as const,
      bytes: new Uint8Array(await pngImage(20, 20)),
      contentType: "image/png",
    });
    const old = await addItem(owner, await image());
    const recent = await addItem(owner, await image());
    for (const id of [old, recent]) {
      await t.request("DELETE", `/media/${id}`, { token: owner.token });
    }
    await t.db
      .update(media)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(media.id, old));
    const keysOf = async (id: string) => {
      const [row] = await t.db.select().from(media).where(eq(media.id, id));
      return [row?.fileKey, row?.thumbnailKey] as string[];
    };
    const oldKeys = await keysOf(old);
    const recentKeys = await keysOf(recent);

    expect((await purgeDeleted(t.db, t.storage)).media).toBe(1);
    expect(await t.db.select({ id: media.id }).from(media).where(eq(media.id, old))).toEqual([]);
    for (const key of oldKeys) expect(await t.storage.get(key)).toBeNull();
    for (const key of recentKeys) expect(await t.storage.get(key)).not.toBeNull();
    expect((await get(owner, `/media/${old}`)).status).toBe(404);
    expect(
      (await t.request("POST", `/media/${recent}/restore`, { token: owner.token })).status,
    ).toBe(200);
  });
});

describe("an image item", () => {
  it("has its size and a WebP thumbnail of at most 512 px", async () => {
    const owner = await ownerWithSession(t);
    const id = await addItem(owner, {
      kind: "image",
      bytes: new Uint8Array(await pngImage(1200, 800)),
      contentType: "image/png",
    });
    const item = await get(owner, `/media/${id}`);
    expect(item.body).toMatchObject({ width: 1200, height: 800, hasThumbnail: true });
    const url = new URL(`/api/v1/media/${id}/thumbnail`, "http://qalam.test");
    const response = await t.api.fetch(
      new Request(url, { headers: { authorization: `Bearer ${owner.token}` } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const metadata = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.width).toBe(512);
    expect(metadata.height).toBe(341);
  });

  it("refuses bytes that are not an image, and an audio item has no thumbnail", async () => {
    const owner = await ownerWithSession(t);
    await expect(
      addItem(owner, { kind: "image", bytes: new Uint8Array(100), contentType: "image/png" }),
    ).rejects.toMatchObject({ code: "INVALID_IMAGE" });
    await expect(addItem(owner, { kind: "audio", contentType: "text/html" })).rejects.toMatchObject(
      { code: "UNSUPPORTED_CONTENT_TYPE" },
    );
    const id = await addItem(owner);
    expect((await get(owner, `/media/${id}/thumbnail`)).status).toBe(404);
  });
});
