import { describe, expect, it } from "vitest";
import { attachment, attachmentNamed, fileStem } from "../../../api/http/attachment";

describe("fileStem", () => {
  it("keeps Arabic and takes out what a file system or a reader could misread", () => {
    expect(fileStem("خطة الأسبوع", "x")).toBe("خطة الأسبوع");
    expect(fileStem('a/b\\c:d*e?f"g<h>i|j', "x")).toBe("a b c d e f g h i j");
    expect(fileStem("line\none\ttwo", "x")).toBe("line one two");
    // A right-to-left override would show "evil\u202Egnp.exe" as "evilexe.png".
    expect(fileStem("evil\u202egnp.exe", "x")).toBe("evil gnp.exe");
    expect(fileStem("..hidden..", "x")).toBe("hidden");
  });

  it("falls back when nothing is left, and cuts long titles", () => {
    expect(fileStem("  / ..  ", "image-1a2b3c4d")).toBe("image-1a2b3c4d");
    expect(fileStem("", "audio-1")).toBe("audio-1");
    expect(Array.from(fileStem("ب".repeat(300), "x"))).toHaveLength(100);
  });
});

describe("attachmentNamed", () => {
  it("gives an ASCII name beside the UTF-8 one, with RFC 8187's characters encoded", () => {
    expect(attachmentNamed("غروب (1).png")).toBe(
      `attachment; filename="____ (1).png"; filename*=UTF-8''%D8%BA%D8%B1%D9%88%D8%A8%20%281%29.png`,
    );
    expect(attachment("Plan", "md")).toBe(
      `attachment; filename="Plan.md"; filename*=UTF-8''Plan.md`,
    );
  });
});
