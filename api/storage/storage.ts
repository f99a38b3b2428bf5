export type StoredFile = { body: Uint8Array; contentType: string };

/** What a stored file is, without its bytes. */
export type FileInfo = { size: number; contentType: string };

/** Bytes `start` to `end` of a file, both included (an HTTP byte range). */
export type ReadRange = { start: number; end: number };

/**
 * Where uploaded files live. Keys are server-generated paths such as `avatars/<uuid>.webp`;
 * callers never pass a name a client chose.
 */
export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The whole file in memory: for small ones (avatars, logos, thumbnails). */
  get(key: string): Promise<StoredFile | null>;
  /** The file's size and type, or null when there is no such file. */
  stat(key: string): Promise<FileInfo | null>;
  /**
   * The file, or a range of it, as a stream that reads as it is read: for files of any size.
   * An `end` past the file's end stops at its end; a `start` past it gives no bytes. Null when
   * there is no such file. Cancelling the stream closes what it holds open.
   */
  read(key: string, range?: ReadRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}
