import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { guardCell, unguardCell, writeCsv } from "../../../api/http/csv";

describe("guardCell", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+966501234567", "'+966501234567"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tindented", "'\tindented"],
    ["\rreturn", "'\rreturn"],
  ])("puts a ' before %j, which a spreadsheet would run as a formula", (value, written) => {
    expect(guardCell(value)).toBe(written);
    expect(unguardCell(written)).toBe(value);
  });

  it.each([["Beta, Inc."], ["a=b"], ["'quoted'"], [""], ["مدرسة النور"], [" =space first"]])(
    "leaves %j as it is, both ways",
    (value) => {
      expect(guardCell(value)).toBe(value);
      expect(unguardCell(value)).toBe(value);
    },
  );

  it("takes off only the ' that protects a formula's first character", () => {
    expect(unguardCell("'plain")).toBe("'plain");
    expect(unguardCell("''=x")).toBe("''=x");
  });
});

describe("writeCsv", () => {
  it("writes a byte order mark, CRLF and every cell guarded, the header too", () => {
    const csv = writeCsv([
      ["name", "=cmd"],
      ['=HYPERLINK("http://x")', "\tx"],
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain("\r\n");
    expect(parse(csv, { bom: true })).toEqual([
      ["name", "'=cmd"],
      ['\'=HYPERLINK("http://x")', "'\tx"],
    ]);
  });
});
