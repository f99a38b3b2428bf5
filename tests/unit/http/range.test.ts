import { describe, expect, it } from "vitest";
import { parseByteRange } from "../../../api/http/range";

describe("parseByteRange", () => {
  it.each([
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=400-549", { start: 400, end: 549 }],
    ["bytes=900-", { start: 900, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["bytes=990-5000", { start: 990, end: 999 }],
    ["bytes=999-999", { start: 999, end: 999 }],
  ])("reads %s of a 1000-byte file", (header, range) => {
    expect(parseByteRange(header, 1000)).toEqual(range);
  });

  it.each(["bytes=1000-", "bytes=1000-1100", "bytes=-0"])("finds %s unsatisfiable", (header) => {
    expect(parseByteRange(header, 1000)).toBe("unsatisfiable");
  });

  it.each([undefined, "", "bytes=-", "bytes=5-2", "items=0-5", "bytes=0-1,5-9", "bytes=a-b"])(
    "sends the whole file for %j",
    (header) => {
      expect(parseByteRange(header, 1000)).toBeNull();
    },
  );

  it("finds every range of an empty file unsatisfiable", () => {
    expect(parseByteRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-10", 0)).toBe("unsatisfiable");
  });
});
