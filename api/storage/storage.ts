export type StoredFile = { body: Uint8Array; contentType: string };

/**
 * Where uploaded files live. Keys are server-generated paths such as `avatars/<uuid>.webp`;
 * callers never pass a name a client chose.
 */
export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}
