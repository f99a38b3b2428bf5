import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../../api/errors";
import {
  avatarKeyOf,
  avatarUrlOf,
  maxAvatarBytes,
  processAvatar,
  saveAvatar,
} from "../../../api/storage/avatars";
import { createLocalStorage } from "../../../api/storage/local";
import {
  bytesOfSize,
  gifImage,
  imageInfo,
  jpegImage,
  pngBomb,
  pngImage,
  rotatedJpeg,
  svgImage,
  textFile,
  webpImage,
} from "../test-images";

async function refusal(bytes: Uint8Array) {
  const error = await processAvatar(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("processAvatar", () => {
  it.each([
    ["PNG", pngImage],
    ["JPEG", jpegImage],
    ["WebP", webpImage],
  ])("re-encodes a %s as a 512×512 WebP", async (_, make) => {
    const output = await processAvatar(await make());

    const info = await imageInfo(output);
    expect(info.format).toBe("webp");
    expect([info.width, info.height]).toEqual([512, 512]);
  });

  it("never enlarges a small image", async () => {
    const info = await imageInfo(await processAvatar(await pngImage(120, 80)));

    expect([info.width, info.height]).toEqual([120, 80]);
  });

  it("keeps a tall image within 512 px", async () => {
    const info = await imageInfo(await processAvatar(await pngImage(300, 2000)));

    expect(info.width).toBeLessThanOrEqual(512);
    expect(info.height).toBeLessThanOrEqual(512);
  });

  it("turns the image as its EXIF orientation says and drops the metadata", async () => {
    const input = await rotatedJpeg(200, 100);
    expect((await imageInfo(input)).exif).toBeDefined();

    const info = await imageInfo(await processAvatar(input));

    expect([info.width, info.height]).toEqual([100, 200]);
    expect(info.exif).toBeUndefined();
    expect(info.orientation).toBeUndefined();
    expect(info.icc).toBeUndefined();
  });

  it.each([
    ["a GIF", gifImage],
    ["an SVG", async () => svgImage()],
    ["a text file", async () => textFile()],
    ["an empty file", async () => Buffer.alloc(0)],
    ["a PNG signature followed by garbage", async () => bytesOfSize(2048)],
  ])("refuses %s with 422 INVALID_IMAGE on avatar", async (_, make) => {
    const error = await refusal(await make());

    expect(error.kind).toBe("invalid");
    expect(error.code).toBe("INVALID_IMAGE");
    expect(error.fields).toHaveProperty("avatar");
  });

  it("refuses a truncated image", async () => {
    const png = await pngImage(1000, 1000);
    const noise = await sharp(
      Buffer.alloc(300 * 300 * 3).map((_, i) => (i * 7919) % 251),
      {
        raw: { width: 300, height: 300, channels: 3 },
      },
    )
      .png()
      .toBuffer();

    for (const image of [png, noise]) {
      const error = await refusal(image.subarray(0, Math.floor(image.length / 2)));
      expect(error.code).toBe("INVALID_IMAGE");
    }
  });

  it("refuses a JPEG signature in front of PNG data", async () => {
    const png = await pngImage(10, 10);
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);

    expect((await refusal(disguised)).code).toBe("INVALID_IMAGE");
  });

  it.each([
    [4097, 10],
    [10, 4097],
  ])("refuses %i×%i pixels with 422 IMAGE_TOO_LARGE_DIMENSIONS", async (width, height) => {
    const error = await refusal(await pngImage(width, height));

    expect(error.kind).toBe("invalid");
    expect(error.code).toBe("IMAGE_TOO_LARGE_DIMENSIONS");
    expect(error.fields).toHaveProperty("avatar");
  });

  it("refuses a huge image from its header, without decoding it", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(64 * 1024);

    // Decoding would fail on the missing rows (INVALID_IMAGE): this code proves it never started.
    expect((await refusal(bomb)).code).toBe("IMAGE_TOO_LARGE_DIMENSIONS");
  });

  it("accepts exactly 4096 pixels on a side", async () => {
    const info = await imageInfo(await processAvatar(await pngImage(4096, 16)));

    expect(info.width).toBeLessThanOrEqual(512);
  });

  it("refuses a file over 5 MB with 413 PAYLOAD_TOO_LARGE", async () => {
    const error = await refusal(bytesOfSize(maxAvatarBytes + 1));

    expect(error.kind).toBe("too_large");
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("saveAvatar", () => {
  const root = mkdtempSync(join(tmpdir(), "qalam-files-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("stores the re-encoded image under a new random name", async () => {
    const storage = createLocalStorage(root);
    const input = await pngImage();

    const first = await saveAvatar(storage, input);
    const second = await saveAvatar(storage, input);

    expect(first).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    expect(second).not.toBe(first);
    const stored = await storage.get(first);
    expect(stored?.contentType).toBe("image/webp");
    expect((await imageInfo(stored?.body ?? new Uint8Array())).format).toBe("webp");
    expect(readdirSync(join(root, "avatars")).sort()).toEqual(
      [first, second].map((key) => key.slice("avatars/".length)).sort(),
    );
  });

  it("stores nothing for a refused image", async () => {
    const storage = createLocalStorage(join(root, "refused"));

    await expect(saveAvatar(storage, textFile())).rejects.toThrow(AppError);

    expect(() => readdirSync(join(root, "refused"))).toThrow();
  });
});

describe("avatar URLs", () => {
  it("map a key to a URL under the files route and back", () => {
    const key = "avatars/3f1e7f8e-4c1a-4b9b-9c55-0d2a6f0c1e2b.webp";

    expect(avatarUrlOf(key)).toBe(`/api/v1/files/${key}`);
    expect(avatarKeyOf(avatarUrlOf(key))).toBe(key);
  });

  it.each([
    null,
    "https://example.com/avatar.png",
    "/api/v1/files/avatars/../../secret.webp",
    "/api/v1/files/logos/3f1e7f8e-4c1a-4b9b-9c55-0d2a6f0c1e2b.webp",
  ])("ignore %j, which this API did not issue as an avatar", (url) => {
    expect(avatarKeyOf(url)).toBeNull();
  });
});
