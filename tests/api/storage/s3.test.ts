import { randomUUID } from "node:crypto";
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, type S3Storage } from "../../../api/storage/s3";
import { startS3Server, type TestS3Server } from "../../support/s3-server";

let server: TestS3Server;
let storage: S3Storage;
/** The bucket as any other S3 client sees it, past the storage's checks. */
let direct: S3Client;
beforeAll(async () => {
  server = await startS3Server();
  storage = createS3Storage(server.options);
  direct = new S3Client({
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
  storage.close();
  direct.destroy();
  await server.close();
});

const key = () => `avatars/${randomUUID()}.webp`;

describe("createS3Storage", () => {
  it("stores an object under the key itself, with its content type", async () => {
    const stored = key();

    await storage.put(stored, new Uint8Array([1, 2, 3]), "image/webp");

    const head = await direct.send(
      new HeadObjectCommand({ Bucket: server.options.bucket, Key: stored }),
    );
    expect(head.ContentType).toBe("image/webp");
    expect(head.ContentLength).toBe(3);
  });

  it("answers the key's type even when the object's was changed behind its back", async () => {
    const stored = key();
    await direct.send(
      new PutObjectCommand({
        Bucket: server.options.bucket,
        Key: stored,
        Body: "<script>alert(1)</script>",
        ContentType: "text/html",
      }),
    );

    expect((await storage.get(stored))?.contentType).toBe("image/webp");
  });

  it("fails, rather than answering null, when the bucket does not exist", async () => {
    const elsewhere = createS3Storage({ ...server.options, bucket: "no-such-bucket" });
    try {
      await expect(elsewhere.get(key())).rejects.toThrow();
      await expect(elsewhere.put(key(), new Uint8Array([1]), "image/webp")).rejects.toThrow();
      await expect(elsewhere.stat(key())).rejects.toThrow();
      await expect(elsewhere.read(key())).rejects.toThrow();
    } finally {
      elsewhere.close();
    }
  });

  // s3rver knows one access key (S3RVER) and does not check version 4 signatures: an unknown key
  // is the refusal it can give.
  it("fails, rather than answering null, when the credentials are refused", async () => {
    const stored = key();
    await storage.put(stored, new Uint8Array([1]), "image/webp");
    const refused = createS3Storage({ ...server.options, accessKeyId: "UNKNOWN" });
    try {
      await expect(refused.get(stored)).rejects.toThrow();
      await expect(refused.delete(stored)).rejects.toThrow();
    } finally {
      refused.close();
    }
    expect(await storage.get(stored)).not.toBeNull();
  });
});
