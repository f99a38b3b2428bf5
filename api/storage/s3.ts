import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { contentTypeOfKey, isStorageKey } from "./local";
import type { Storage, StoredFile } from "./storage";

export type S3Options = {
  /** The server's address, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO's. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Default `us-east-1`, which MinIO and most S3-compatible servers accept. */
  region?: string;
};

export type S3Storage = Storage & {
  /** Closes the client's kept-alive connections. */
  close: () => void;
};

/**
 * The object is not there. Nothing else counts: a bucket that does not exist (NoSuchBucket, also
 * a 404) or refused credentials are a deployment's mistake, not missing files.
 */
function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error as { name?: string } | null)?.name === "NoSuchKey";
}

/**
 * Objects in one bucket of an S3-compatible server, one object per key. The keys are the local
 * folder's (`avatars/<uuid>.webp`), checked the same way, so a bucket can be filled from a
 * `DATA_DIR/files` folder as it is.
 */
export function createS3Storage(options: S3Options): S3Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? "us-east-1",
    credentials: {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    },
    // `bucket.host` names need DNS for every bucket; MinIO, s3rver and most others serve paths.
    forcePathStyle: true,
    // Checksums only where the operation demands them: many S3-compatible servers refuse or
    // mishandle the CRC headers the SDK adds to every upload by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;

  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return key;
  };

  return {
    async put(key, body, contentType) {
      const Key = checked(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`${contentType} does not match the extension of ${key}`);
      }
      // A PUT replaces an object as a whole: readers see the old or the new one, never a part.
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }),
      );
    },

    async get(key): Promise<StoredFile | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        // The type the key stands for, as the folder answers it: the object carries the same
        // one (put sets it), but an object changed behind the API's back cannot make it serve
        // another.
        return { body: await object.Body.transformToByteArray(), contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    close: () => client.destroy(),
  };
}
