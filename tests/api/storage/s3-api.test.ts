import { randomBytes } from "node:crypto";
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiBasePath } from "../../../api/app";
import { createMediaItem } from "../../../api/media/media";
import { startS3Server, type TestS3Server } from "../../support/s3-server";
import { createTestApi, ownerActor, ownerWithSession, type TestApi } from "../helpers";
import { imageInfo, jpegImage, pngImage } from "../test-images";

let server: TestS3Server;
let t: TestApi;
/** The bucket as any other S3 client sees it. */
let bucket: S3Client;
beforeAll(async () => {
  server = await startS3Server();
  t = await createTestApi({ s3: server.options });
  bucket = new S3Client({
    endpoint: server.options.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: {
      accessKeyId: server.options.accessKeyId,
      secretAccessKey: server.options.secretAccessKey,
    },
  });
});
afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await server?.close();
});

async function keysInBucket(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: server.options.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key as string);
}

function putAvatar(token: string, bytes: Uint8Array) {
  const data = new FormData();
  data.append("avatar", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "me.png");
  return t.request("PUT", "/user", { token, body: data });
}

const keyOf = (avatarUrl: string) => avatarUrl.slice(`${apiBasePath}/files/`.length);

describe("the API with S3_* set", () => {
  it("stores an avatar in the bucket, serves it back from there, and deletes the one replaced", async () => {
    const created = await t.createUser();
    const token = await t.loginToken(created.email, created.password);

    const first = await putAvatar(token, await pngImage());

    expect(first.status).toBe(200);
    const firstKey = keyOf(first.body.avatarUrl);
    expect(firstKey).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    expect(await keysInBucket()).toContain(firstKey);
    const object = await bucket.send(
      new GetObjectCommand({ Bucket: server.options.bucket, Key: firstKey }),
    );
    expect(object.ContentType).toBe("image/webp");
    const inBucket = await object.Body?.transformToByteArray();

    const served = await t.api.fetch(
      new Request(new URL(first.body.avatarUrl, "http://qalam.test")),
    );
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(inBucket ?? []))).toBe(true);
    expect((await imageInfo(bytes)).format).toBe("webp");

    const second = await putAvatar(token, await jpegImage());

    expect(second.status).toBe(200);
    const secondKey = keyOf(second.body.avatarUrl);
    const keys = await keysInBucket();
    expect(keys).toContain(secondKey);
    expect(keys).not.toContain(firstKey);
    const gone = await t.api.fetch(new Request(new URL(first.body.avatarUrl, "http://qalam.test")));
    expect(gone.status).toBe(404);
  });

  it("answers 404 for a file the bucket does not hold", async () => {
    const missing = `${apiBasePath}/files/avatars/00000000-0000-4000-8000-000000000000.webp`;
    await expect(
      bucket.send(new HeadObjectCommand({ Bucket: server.options.bucket, Key: keyOf(missing) })),
    ).rejects.toThrow();

    const response = await t.api.fetch(new Request(new URL(missing, "http://qalam.test")));

    expect(response.status).toBe(404);
  });

  it("streams a media file's ranges and a zip from the bucket", async () => {
    const owner = await ownerWithSession(t);
    const bytes = new Uint8Array(randomBytes(200_000));
    const id = await createMediaItem(t.db, t.storage, ownerActor(owner), {
      kind: "audio",
      bytes,
      contentType: "audio/mpeg",
      title: "Bucket",
    });
    const send = (path: string, init: RequestInit = {}) =>
      t.api.fetch(
        new Request(new URL(`${apiBasePath}${path}`, "http://qalam.test"), {
          ...init,
          headers: { authorization: `Bearer ${owner.token}`, ...init.headers },
        }),
      );

    const range = await send(`/media/${id}/content`, { headers: { range: "bytes=150000-" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe("bytes 150000-199999/200000");
    const part = new Uint8Array(await range.arrayBuffer());
    expect(Buffer.from(part).equals(Buffer.from(bytes.subarray(150_000)))).toBe(true);

    const zip = await send("/media/zip", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ids: [id] }),
    });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Buffer.from(files["Bucket.mp3"] ?? []).equals(Buffer.from(bytes))).toBe(true);
  });
});
