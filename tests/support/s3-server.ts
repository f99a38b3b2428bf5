import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Options } from "../../api/storage/s3";

export type TestS3Server = {
  /** What createS3Storage (and the S3_* variables) need to reach the bucket. */
  options: S3Options;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  close: () => Promise<void>;
};

/**
 * An S3 protocol server (s3rver) on loopback, on a free port, with its buckets in a temporary
 * folder and one empty bucket. s3rver's fixed credentials are S3RVER / S3RVER; it refuses any
 * other access key but does not check version 4 signatures.
 */
export async function startS3Server(bucket = "qalam-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "qalam-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
