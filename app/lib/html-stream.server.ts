import { Transform } from "node:stream";

/**
 * React 18's streaming renderer copies its 2 KB output buffer whole, so when a multi-byte UTF-8
 * character (Arabic, say) does not fit at the end of it, the unwritten bytes go out as NULs
 * (facebook/react#26228, fixed after 18). NUL never belongs in an HTML page, so it is dropped.
 */
export function withoutNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
