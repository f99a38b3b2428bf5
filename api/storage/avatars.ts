import { randomUUID } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { errorOnFields } from "../errors";
import { logError } from "../log";
import type { Storage } from "./storage";

export const maxAvatarBytes = 5 * 1024 * 1024;
/** Per side, before orientation: larger images are refused without being decoded. */
export const maxAvatarDimension = 4096;
/** Stored avatars are at most this wide and high. */
export const avatarSize = 512;

/**
 * Where GET /files serves stored files: the API base path (/api/v1) and the files route. Avatar
 * URLs are stored in this form, so it must not change without migrating them.
 */
export const storedFilesPath = "/api/v1/files";

const avatarKeyPattern =
  /^avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

type ImageFormat = "png" | "jpeg" | "webp";

/** What an uploaded image is checked against, and how it is named in the errors. */
export type ImageRules = {
  /** The form field the errors are on. */
  field: string;
  /** The image as the messages name it: "avatar", "image". */
  noun: string;
  maxBytes: number;
  /** Per side, before orientation: larger images are refused without being decoded. */
  maxDimension: number;
  /** The stored image fits in a square this wide: cropped to cover it, or fitted inside it. */
  size: number;
  fit: "cover" | "inside";
};

const invalidImage = ({ field, noun }: ImageRules) =>
  errorOnFields("invalid", "INVALID_IMAGE", `The ${noun} must be a PNG, JPEG or WebP image.`, {
    [field]: "Must be a PNG, JPEG or WebP image",
  });

const imageTooLarge = ({ field, noun, maxDimension }: ImageRules) =>
  errorOnFields(
    "invalid",
    "IMAGE_TOO_LARGE_DIMENSIONS",
    `The ${noun} must be at most ${maxDimension}×${maxDimension} pixels.`,
    { [field]: `At most ${maxDimension}×${maxDimension} pixels` },
  );

const fileTooLarge = ({ field, noun, maxBytes }: ImageRules) => {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  return errorOnFields(
    "too_large",
    "PAYLOAD_TOO_LARGE",
    `The ${noun} is larger than ${megabytes} MB.`,
    {
      [field]: `At most ${megabytes} MB`,
    },
  );
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The format the leading bytes announce; the name and type a client declared are never asked. */
function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // RIFF....WEBP
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return "webp";
  }
  return null;
}

/**
 * Checks an uploaded image by its content and re-encodes it: oriented by its EXIF tag, resized
 * by the rules, without metadata (camera, location), as WebP. Whatever else the upload carried
 * does not survive.
 */
export async function reencodeImage(bytes: Uint8Array, rules: ImageRules): Promise<Uint8Array> {
  if (bytes.byteLength > rules.maxBytes) throw fileTooLarge(rules);
  const format = sniffImageFormat(bytes);
  if (!format) throw invalidImage(rules);

  let metadata: Metadata;
  try {
    // Reads the header only, so the pixel limit is not needed yet: an image that is too large
    // gets its own error below instead of failing as an unreadable one.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage(rules);
  }
  if (metadata.format !== format) throw invalidImage(rules);
  if (metadata.width > rules.maxDimension || metadata.height > rules.maxDimension) {
    throw imageTooLarge(rules);
  }

  try {
    // sharp's default failOn ("warning") stays: it is the level meant for untrusted input.
    return await sharp(bytes, {
      limitInputPixels: rules.maxDimension * rules.maxDimension,
      autoOrient: true,
    })
      .resize(rules.size, rules.size, { fit: rules.fit, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Truncated or corrupt pixel data behind a valid header.
    throw invalidImage(rules);
  }
}

const avatarRules: ImageRules = {
  field: "avatar",
  noun: "avatar",
  maxBytes: maxAvatarBytes,
  maxDimension: maxAvatarDimension,
  size: avatarSize,
  fit: "cover",
};

/**
 * Checks an uploaded avatar by its content and re-encodes it: cropped to cover at most 512×512,
 * as WebP without metadata. `field` names the form field the errors are on ("logo" for a logo
 * read like an avatar).
 */
export function processAvatar(bytes: Uint8Array, field = "avatar"): Promise<Uint8Array> {
  return reencodeImage(bytes, { ...avatarRules, field, noun: field });
}

/** Processes an avatar and stores it under a new name; returns its storage key. */
export async function saveAvatar(
  storage: Storage,
  bytes: Uint8Array,
  field = "avatar",
): Promise<string> {
  const avatar = await processAvatar(bytes, field);
  const key = `avatars/${randomUUID()}.webp`;
  await storage.put(key, avatar, "image/webp");
  return key;
}

export function avatarUrlOf(key: string): string {
  return `${storedFilesPath}/${key}`;
}

/** The storage key behind an avatar URL this API issued, or null for any other value. */
export function avatarKeyOf(url: string | null): string | null {
  const prefix = `${storedFilesPath}/`;
  if (!url?.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return avatarKeyPattern.test(key) ? key : null;
}

/**
 * Deletes the stored files behind avatar URLs this API issued (any other value is left be), once
 * the rows that named them are gone or point elsewhere: a file that cannot be deleted is logged,
 * since the rows are right already and a leftover file costs only space.
 */
export async function deleteAvatarFiles(storage: Storage, urls: (string | null)[]): Promise<void> {
  for (const url of urls) {
    const key = avatarKeyOf(url);
    if (!key) continue;
    await storage.delete(key).catch((error: unknown) => logError(`Could not delete ${key}`, error));
  }
}
