import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 60 } } });
}

export const pngImage = (width = 800, height = 600) => canvas(width, height).png().toBuffer();
export const jpegImage = (width = 800, height = 600) => canvas(width, height).jpeg().toBuffer();
export const webpImage = (width = 800, height = 600) => canvas(width, height).webp().toBuffer();
export const gifImage = () => canvas(4, 4).gif().toBuffer();

/** A landscape JPEG whose EXIF tag says to turn it a quarter, with a tag that must not survive. */
export const rotatedJpeg = (width = 200, height = 100) =>
  canvas(width, height)
    .jpeg()
    .withExif({ IFD0: { Copyright: "Private camera owner" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A grey PNG that declares `width`×`height` pixels but carries only its first rows: a few hundred
 * bytes that would need width×height bytes of memory if anything tried to decode them.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc((width + 1) * 10))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const svgImage = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );

export const textFile = () => Buffer.from("just some text, not an image\n");

/** Starts like a PNG and is filled up to `size` bytes. */
export function bytesOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

export async function imageInfo(bytes: Uint8Array) {
  return sharp(bytes).metadata();
}
