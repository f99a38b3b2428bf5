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

/**
 * Reads frames from a byte stream that may split or join them anywhere: what a WebSocket message
 * carries is not a frame boundary. End-of-line bytes between frames are heart-beats.
 */
export class FrameParser {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes: number) {}

  /** Adds bytes and returns the frames they complete. Throws FrameError on a malformed frame. */
  push(chunk: Buffer): Frame[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const frames: Frame[] = [];
    for (;;) {
      this.skipHeartBeats();
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    if (this.buffer.length > this.maxFrameBytes) {
      throw new FrameError(`Frame larger than ${this.maxFrameBytes} bytes`);
    }
    return frames;
  }

  private skipHeartBeats() {
    let start = 0;
    while (start < this.buffer.length) {
      const byte = this.buffer[start];
      if (byte === LF) start += 1;
      else if (byte === CR && this.buffer[start + 1] === LF) start += 2;
      else if (byte === CR && start + 1 === this.buffer.length) break;
      else break;
    }
    if (start > 0) this.buffer = this.buffer.subarray(start);
  }

  private next(): Frame | null {
    const headerEnd = findHeaderEnd(this.buffer);
    if (!headerEnd) return null;
    if (headerEnd.bodyStart > this.maxFrameBytes) {
      throw new FrameError(`Frame larger than ${this.maxFrameBytes} bytes`);
    }
    const [commandLine = "", ...headerLines] = this.buffer
      .subarray(0, headerEnd.headersEnd)
      .toString("utf8")
      .split("\n")
      .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
    const command = commandLine;
    if (!/^[A-Z]+$/.test(command)) throw new FrameError("Malformed command line");

    const headers: Record<string, string> = {};
    const unescapeValue = unescapedCommands.has(command)
      ? (value: string) => value
      : unescapeHeader;
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      if (colon < 1) throw new FrameError("Malformed header line");
      const name = unescapeValue(line.slice(0, colon));
      if (!(name in headers)) headers[name] = unescapeValue(line.slice(colon + 1));
    }

    let bodyEnd: number;
    const declared = headers["content-length"];
    if (declared !== undefined) {
      if (!/^\d+$/.test(declared)) throw new FrameError("Malformed content-length");
      bodyEnd = headerEnd.bodyStart + Number(declared);
      if (bodyEnd + 1 > this.maxFrameBytes) {
        throw new FrameError(`Frame larger than ${this.maxFrameBytes} bytes`);
      }
      if (this.buffer.length < bodyEnd + 1) return null;
      if (this.buffer[bodyEnd] !== NUL) throw new FrameError("Frame body not ended by NUL");
    } else {
      bodyEnd = this.buffer.indexOf(NUL, headerEnd.bodyStart);
      if (bodyEnd < 0) return null;
      if (bodyEnd + 1 > this.maxFrameBytes) {
        throw new FrameError(`Frame larger than ${this.maxFrameBytes} bytes`);
      }
    }
    const body = this.buffer.subarray(headerEnd.bodyStart, bodyEnd).toString("utf8");
    this.buffer = this.buffer.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** Where the headers end (the blank line) and the body begins, once the blank line is in. */
function findHeaderEnd(buffer: Buffer): { headersEnd: number; bodyStart: number } | null {
  let index = buffer.indexOf(LF);
  while (index >= 0) {
    const next = buffer[index + 1];
    if (next === LF) return { headersEnd: trimCr(buffer, index), bodyStart: index + 2 };
    if (next === CR && buffer[index + 2] === LF) {
      return { headersEnd: trimCr(buffer, index), bodyStart: index + 3 };
    }
    index = buffer.indexOf(LF, index + 1);
  }
  return null;
}

function trimCr(buffer: Buffer, lfIndex: number) {
  return buffer[lfIndex - 1] === CR ? lfIndex - 1 : lfIndex;
}
