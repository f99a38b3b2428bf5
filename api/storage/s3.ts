import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { contentTypeOfKey, isStorageKey } from "./local";
import type { FileInfo, Storage, StoredFile } from "./storage";

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

/** A range that begins past the object's end (S3 answers 416). */
function isInvalidRange(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === "InvalidRange";
}

/** The whole size out of a Content-Range such as `bytes 0-0/1234`. */
function totalOfContentRange(header: string | undefined): number | null {
  const total = header ? /\/(\d+)$/.exec(header)?.[1] : undefined;
  return total === undefined ? null : Number(total);
}

const emptyStream = () =>
  new ReadableStream<Uint8Array>({
    start: (controller) => controller.close(),
  });

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

    async stat(key): Promise<FileInfo | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      // The first byte rather than a HEAD: a HEAD's 404 has no body to tell a missing object
      // from a missing bucket, and only the object's absence may answer null.
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: "bytes=0-0" }),
        );
        await object.Body?.transformToWebStream().cancel();
        const size = totalOfContentRange(object.ContentRange) ?? object.ContentLength;
        if (size === undefined) throw new Error(`No size for ${key}`);
        return { size, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        // A range of an empty object is past its end.
        if (isInvalidRange(error)) return { size: 0, contentType };
        throw error;
      }
    },

    async read(key, range) {
      if (!contentTypeOfKey(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return object.Body ? object.Body.transformToWebStream() : emptyStream();
      } catch (error) {
        if (isMissing(error)) return null;
        if (isInvalidRange(error)) return emptyStream();
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
