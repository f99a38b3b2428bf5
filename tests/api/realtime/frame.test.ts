import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  encodeFrame,
  type Frame,
  FrameError,
  type FrameLimits,
  FrameParser,
} from "../../../api/realtime/frame";

const roomy: FrameLimits = { maxFrameBytes: 1024 * 1024, maxHeaders: 1000 };

/** Feeds `bytes` in the pieces that `cuts` (offsets) make; a FrameError is returned, not thrown. */
function parseInPieces(bytes: Buffer, cuts: number[], limits = roomy): Frame[] | FrameError {
  const parser = new FrameParser(limits);
  const frames: Frame[] = [];
  let from = 0;
  try {
    for (const cut of [...cuts.sort((a, b) => a - b), bytes.length]) {
      frames.push(...parser.push(bytes.subarray(from, cut)));
      from = cut;
    }
  } catch (error) {
    if (error instanceof FrameError) return error;
    throw error;
  }
  return frames;
}

/** The reference model: a frame as the sender meant it, with the content-length encodeFrame adds. */
function expected(frame: Frame): Frame {
  const headers = { ...frame.headers };
  if (frame.body) headers["content-length"] = String(Buffer.byteLength(frame.body));
  return { command: frame.command, headers, body: frame.body };
}

const command = fc.constantFrom("SUBSCRIBE", "UNSUBSCRIBE", "MESSAGE", "RECEIPT", "ERROR", "SEND");
// Any text, escapes and separators included; names are never empty.
const headerText = fc.string({ unit: "binary", maxLength: 20 });
const headers = fc.dictionary(
  headerText.filter((name) => name.length > 0 && name !== "content-length"),
  headerText,
  { maxKeys: 6 },
);
const body = fc.string({ unit: "binary", maxLength: 200 });
const heartBeats = fc
  .array(fc.constantFrom("\n", "\r\n"), { maxLength: 3 })
  .map((eols) => eols.join(""));
const frame = fc.record({ command, headers, body });
const stream = fc.array(fc.tuple(heartBeats, frame), { maxLength: 6 });

function encodeStream(items: [string, Frame][]): Buffer {
  return Buffer.from(items.map(([eols, f]) => eols + encodeFrame(f)).join(""));
}

function cutsOf(bytes: Buffer) {
  return fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 12 });
}

describe("FrameParser, property-based", () => {
  it("reads what encodeFrame wrote, escapes, heart-beats and NULs in bodies included", () => {
    fc.assert(
      fc.property(stream, (items) => {
        const frames = parseInPieces(encodeStream(items), []);
        expect(frames).toEqual(items.map(([, f]) => expected(f)));
      }),
    );
  });

  it("reads the same frames however the bytes are split into messages", () => {
    fc.assert(
      fc.property(
        stream.chain((items) => {
          const bytes = encodeStream(items);
          return fc.tuple(fc.constant(items), fc.constant(bytes), cutsOf(bytes));
        }),
        ([items, bytes, cuts]) => {
          expect(parseInPieces(bytes, cuts)).toEqual(items.map(([, f]) => expected(f)));
        },
      ),
    );
  });

  it("gives any byte stream, well-formed or not, the same answer split or whole", () => {
    const noise = fc.array(
      fc.oneof(
        fc.constantFrom("\n", "\r", "\0", ":", "\\", "\\n", "SUBSCRIBE", "content-length:3"),
        fc.string({ maxLength: 5 }),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(
        noise.chain((parts) => {
          const bytes = Buffer.from(parts.join(""));
          return fc.tuple(fc.constant(bytes), cutsOf(bytes));
        }),
        ([bytes, cuts]) => {
          const whole = parseInPieces(bytes, []);
          const split = parseInPieces(bytes, cuts);
          if (whole instanceof FrameError) {
            expect(split).toBeInstanceOf(FrameError);
            expect((split as FrameError).message).toBe(whole.message);
          } else {
            expect(split).toEqual(whole);
          }
        },
      ),
    );
  });

  it("takes CONNECT's header values as they are, unescaped", () => {
    const value = fc.string({ maxLength: 20 }).filter((text) => !/[\r\n]/.test(text));
    const name = value.filter((text) => text.length > 0 && !text.includes(":"));
    fc.assert(
      fc.property(fc.dictionary(name, value, { maxKeys: 5 }), (connectHeaders) => {
        const bytes = Buffer.from(
          encodeFrame({ command: "CONNECT", headers: connectHeaders, body: "" }),
        );
        expect(parseInPieces(bytes, [])).toEqual([
          { command: "CONNECT", headers: connectHeaders, body: "" },
        ]);
      }),
    );
  });
});

describe("FrameParser limits", () => {
  const limits: FrameLimits = { maxFrameBytes: 1024, maxHeaders: 4 };

  it("refuses a head that grows past the frame limit before its blank line arrives", () => {
    const parser = new FrameParser(limits);
    parser.push(Buffer.from("CONNECT\nx:"));
    expect(() => parser.push(Buffer.from("y".repeat(1100)))).toThrow(/larger than 1024 bytes/);
  });

  it("refuses the header line past the limit, before the frame ends", () => {
    const parser = new FrameParser(limits);
    const lines = "CONNECT\na:1\nb:2\nc:3\nd:4\n";
    expect(parser.push(Buffer.from(lines))).toEqual([]);
    expect(() => parser.push(Buffer.from("e:5\nf"))).toThrow("More than 4 headers");
  });

  it("refuses a declared body that would pass the limit before it arrives", () => {
    const parser = new FrameParser(limits);
    expect(() => parser.push(Buffer.from("SEND\ncontent-length:2000\n\n"))).toThrow(
      /larger than 1024 bytes/,
    );
  });

  it("refuses a body without a NUL that passes the limit", () => {
    const parser = new FrameParser(limits);
    parser.push(Buffer.from("SEND\n\n"));
    expect(() => parser.push(Buffer.from("z".repeat(1100)))).toThrow(/larger than 1024 bytes/);
  });

  it("applies new limits to the frames that follow", () => {
    const parser = new FrameParser(limits);
    parser.setLimits({ maxFrameBytes: 4096, maxHeaders: 4 });
    const [frame] = parser.push(Buffer.from(`SEND\n\n${"z".repeat(2000)}\0`));
    expect(frame?.body).toHaveLength(2000);
  });

  it("keeps a CR LF heart-beat split across two messages a heart-beat", () => {
    const parser = new FrameParser(limits);
    expect(parser.push(Buffer.from("\r"))).toEqual([]);
    expect(parser.push(Buffer.from("\nDISCONNECT\n\n\0"))).toEqual([
      { command: "DISCONNECT", headers: {}, body: "" },
    ]);
  });

  it("keeps a header named __proto__ as a plain header", () => {
    const [frame] = new FrameParser(limits).push(Buffer.from("SEND\n__proto__:x\n\n\0"));
    expect(Object.getPrototypeOf(frame?.headers)).toBe(Object.prototype);
    expect(Object.hasOwn(frame?.headers ?? {}, "__proto__")).toBe(true);
  });

  it("reads a 64 KiB frame sent two bytes at a time in linear work", () => {
    const size = 64 * 1024;
    // Header lines, then a body: both the head's and the body's scans are measured.
    const bytes = Buffer.from(`SEND\n${"a:b\n".repeat(size / 8)}\n${"z".repeat(size / 2)}\0`);
    const parser = new FrameParser({ maxFrameBytes: 2 * size, maxHeaders: size });
    const work = measureWork(() => {
      for (let at = 0; at < bytes.length; at += 2) {
        const frames = parser.push(bytes.subarray(at, at + 2));
        if (at + 2 >= bytes.length) expect(frames).toHaveLength(1);
      }
    });
    // Every byte is copied and searched a bounded number of times, however it arrives.
    expect(work).toBeLessThan(8 * bytes.length);
  });
});

/**
 * Bytes copied (Buffer#copy) and searched (Buffer#indexOf) while `run` runs: a parser that
 * concatenated or rescanned its buffer on every push would do work quadratic in the frame's size.
 */
function measureWork(run: () => void): number {
  const { copy, indexOf } = Buffer.prototype;
  let work = 0;
  Buffer.prototype.copy = function (this: Buffer, ...args: Parameters<Buffer["copy"]>) {
    const count = copy.apply(this, args);
    work += count;
    return count;
  };
  Buffer.prototype.indexOf = function (this: Buffer, ...args: Parameters<Buffer["indexOf"]>) {
    const from = typeof args[1] === "number" ? args[1] : 0;
    work += this.length - from;
    return indexOf.apply(this, args);
  };
  try {
    run();
  } finally {
    Buffer.prototype.copy = copy;
    Buffer.prototype.indexOf = indexOf;
  }
  return work;
}
