/** STOMP 1.2 frames: https://stomp.github.io/stomp-specification-1.2.html */

export type Frame = {
  command: string;
  /** Header names and values, unescaped; of repeated headers the first one counts. */
  headers: Record<string, string>;
  body: string;
};

export class FrameError extends Error {}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/** CONNECT and CONNECTED frames carry their headers unescaped (spec, "Value Encoding"). */
const unescapedCommands = new Set(["CONNECT", "CONNECTED"]);

function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/g, (_, code: string) => {
    switch (code) {
      case "r":
        return "\r";
      case "n":
        return "\n";
      case "c":
        return ":";
      case "\\":
        return "\\";
      default:
        throw new FrameError(`Undefined escape sequence in a header: \\${code}`);
    }
  });
}

function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (character) => {
    switch (character) {
      case "\r":
        return "\\r";
      case "\n":
        return "\\n";
      case ":":
        return "\\c";
      default:
        return "\\\\";
    }
  });
}

/** The frame as bytes on the wire; a body gets its content-length. */
export function encodeFrame({ command, headers, body }: Frame): string {
  const escapeValue = unescapedCommands.has(command) ? (value: string) => value : escapeHeader;
  const lines = [command];
  for (const [name, value] of Object.entries(headers))
    lines.push(`${escapeValue(name)}:${escapeValue(value)}`);
  if (body) lines.push(`content-length:${Buffer.byteLength(body)}`);
  return `${lines.join("\n")}\n\n${body}\0`;
}

export type FrameLimits = {
  /** The largest frame, head and body, in bytes. */
  maxFrameBytes: number;
  /** The most header lines a frame may carry. */
  maxHeaders: number;
};

/**
 * Reads frames from a byte stream that may split or join them anywhere: what a WebSocket message
 * carries is not a frame boundary. End-of-line bytes between frames are heart-beats.
 *
 * The parser is incremental: bytes are appended to a buffer that grows by doubling, and every
 * scan resumes where the previous one stopped, so a frame sent a byte at a time costs as much as
 * the same frame sent whole. The limits are checked as bytes arrive, before a frame is complete.
 */
export class FrameParser {
  private buffer: Buffer = Buffer.alloc(0);
  /** The first byte of the frame in progress. */
  private start = 0;
  /** One past the last byte received. */
  private end = 0;
  /** Bytes of the frame in progress already scanned (from `start`). */
  private scanned = 0;
  /** Header lines seen so far in the frame in progress. */
  private lines = 0;
  /** The frame in progress once its head is read: the body is what is awaited. */
  private head: { command: string; headers: Record<string, string>; bodyStart: number } | null =
    null;
  private limits: FrameLimits;

  constructor(limits: FrameLimits | number) {
    this.limits = typeof limits === "number" ? { maxFrameBytes: limits, maxHeaders: 1000 } : limits;
  }

  /** Changes the limits for the frames that follow (a connection gets more room once signed in). */
  setLimits(limits: FrameLimits) {
    this.limits = limits;
  }

  /** Adds bytes and returns the frames they complete. Throws FrameError on a malformed frame. */
  push(chunk: Buffer): Frame[] {
    this.append(chunk);
    const frames: Frame[] = [];
    for (;;) {
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    this.compact();
    return frames;
  }

  private append(chunk: Buffer) {
    const needed = this.end + chunk.length;
    if (needed > this.buffer.length) {
      const live = this.end - this.start;
      const grown = Buffer.allocUnsafe(Math.max(needed - this.start, live * 2, 256));
      this.buffer.copy(grown, 0, this.start, this.end);
      this.buffer = grown;
      this.start = 0;
      this.end = live;
    }
    chunk.copy(this.buffer, this.end);
    this.end += chunk.length;
  }

  /** Drops consumed bytes once they are most of the buffer, so copying stays linear overall. */
  private compact() {
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
    } else if (this.start > this.buffer.length / 2) {
      this.buffer.copy(this.buffer, 0, this.start, this.end);
      this.end -= this.start;
      this.start = 0;
    }
  }

  private byteAt(offset: number): number | undefined {
    const index = this.start + offset;
    return index < this.end ? this.buffer[index] : undefined;
  }

  private tooLarge(): never {
    throw new FrameError(`Frame larger than ${this.limits.maxFrameBytes} bytes`);
  }

  private next(): Frame | null {
    if (!this.head) {
      if (this.scanned === 0 && !this.skipHeartBeats()) return null;
      if (!this.readHead()) return null;
    }
    return this.readBody();
  }

  /** Skips end-of-lines; false when nothing else is in yet, or a lone CR may begin a CR LF. */
  private skipHeartBeats(): boolean {
    while (this.start < this.end) {
      const byte = this.buffer[this.start];
      if (byte === LF) {
        this.start += 1;
      } else if (byte === CR) {
        const after = this.byteAt(1);
        if (after === undefined) return false;
        if (after !== LF) return true;
        this.start += 2;
      } else {
        return true;
      }
    }
    return false;
  }

  /** Scans on for the blank line that ends the head; parses the head once it is in. */
  private readHead(): boolean {
    const available = this.end - this.start;
    while (this.scanned < available) {
      const lf = this.buffer.subarray(this.start + this.scanned, this.end).indexOf(LF);
      if (lf < 0) {
        this.scanned = available;
        break;
      }
      const at = this.scanned + lf;
      const after = this.byteAt(at + 1);
      const afterNext = this.byteAt(at + 2);
      // The end of the head is LF LF or LF CR LF: wait for the bytes that tell.
      if (after === undefined || (after === CR && afterNext === undefined)) {
        this.scanned = at;
        break;
      }
      if (after === LF || (after === CR && afterNext === LF)) {
        if (at + 1 > this.limits.maxFrameBytes) this.tooLarge();
        this.parseHead(
          trimCr(this.buffer, this.start + at) - this.start,
          at + (after === LF ? 2 : 3),
        );
        return true;
      }
      this.lines += 1;
      // The command line and the header lines.
      if (this.lines > this.limits.maxHeaders + 1) {
        throw new FrameError(`More than ${this.limits.maxHeaders} headers`);
      }
      this.scanned = at + 1;
    }
    if (available > this.limits.maxFrameBytes) this.tooLarge();
    return false;
  }

  private parseHead(headEnd: number, bodyStart: number) {
    const [command = "", ...headerLines] = this.buffer
      .subarray(this.start, this.start + headEnd)
      .toString("utf8")
      .split("\n")
      .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
    if (!/^[A-Z]+$/.test(command)) throw new FrameError("Malformed command line");

    const entries = new Map<string, string>();
    const unescapeValue = unescapedCommands.has(command)
      ? (value: string) => value
      : unescapeHeader;
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      if (colon < 1) throw new FrameError("Malformed header line");
      const name = unescapeValue(line.slice(0, colon));
      if (!entries.has(name)) entries.set(name, unescapeValue(line.slice(colon + 1)));
    }
    // Own properties only: a header named __proto__ or constructor is just a header.
    const headers: Record<string, string> = Object.fromEntries(entries);
    const declared = headers["content-length"];
    if (declared !== undefined) {
      if (!/^\d{1,10}$/.test(declared)) throw new FrameError("Malformed content-length");
      if (bodyStart + Number(declared) + 1 > this.limits.maxFrameBytes) this.tooLarge();
    }
    this.head = { command, headers, bodyStart };
    this.scanned = bodyStart;
  }

  /** The body up to its NUL: of the declared length, or up to the first NUL without one. */
  private readBody(): Frame | null {
    const head = this.head as NonNullable<typeof this.head>;
    const declared = head.headers["content-length"];
    let bodyEnd: number;
    if (declared !== undefined) {
      bodyEnd = head.bodyStart + Number(declared);
      const terminator = this.byteAt(bodyEnd);
      if (terminator === undefined) return null;
      if (terminator !== NUL) throw new FrameError("Frame body not ended by NUL");
    } else {
      const nul = this.buffer.subarray(this.start + this.scanned, this.end).indexOf(NUL);
      if (nul < 0) {
        this.scanned = this.end - this.start;
        if (this.scanned > this.limits.maxFrameBytes) this.tooLarge();
        return null;
      }
      bodyEnd = this.scanned + nul;
    }
    if (bodyEnd + 1 > this.limits.maxFrameBytes) this.tooLarge();
    const body = this.buffer
      .subarray(this.start + head.bodyStart, this.start + bodyEnd)
      .toString("utf8");
    this.start += bodyEnd + 1;
    this.scanned = 0;
    this.lines = 0;
    this.head = null;
    return { command: head.command, headers: head.headers, body };
  }
}

function trimCr(buffer: Buffer, lfIndex: number) {
  return buffer[lfIndex - 1] === CR ? lfIndex - 1 : lfIndex;
}
