/** One byte range of a file, both ends included. */
export type ByteRange = { start: number; end: number };

/**
 * The range a `Range` header asks of a file of `size` bytes (RFC 9110, 14.1.2): `null` when the
 * whole file is to be sent (no header, another unit, several ranges, a header that does not
 * parse, which a server may ignore), "unsatisfiable" when no byte of it is in the file (416).
 */
export function parseByteRange(
  header: string | undefined | null,
  size: number,
): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // A suffix: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(size - length, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (last !== "" && end < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}
