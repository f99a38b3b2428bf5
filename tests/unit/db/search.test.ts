import { describe, expect, it } from "vitest";
import {
  foldForSearch,
  highlightMatches,
  normalizeForSearch,
  searchTerms,
} from "../../../api/db/search";

describe("normalizeForSearch", () => {
  it.each([
    ["المدرسة", "مدرسه"],
    ["مدرسة", "مدرسه"],
    ["مَدْرَسَةٌ", "مدرسه"],
    ["والمدرسة", "ومدرسه"],
    ["إسلام أحمد آمنة", "اسلام احمد امنه"],
    ["مسؤول شاطئ", "مسوول شاطي"],
    ["مستشفـــى", "مستشفي"],
    ["Qalam School", "qalam school"],
    ["الى", "الي"],
  ])("reads %s as %s", (text, normalized) => {
    expect(normalizeForSearch(text).value).toBe(normalized);
  });

  it("keeps where each character came from", () => {
    const { value, origin } = normalizeForSearch("المَدرسة");
    expect(value).toBe("مدرسه");
    expect(origin).toEqual([2, 4, 5, 6, 7]);
  });
});

describe("foldForSearch", () => {
  it("reads text as normalizeForSearch does", () => {
    const texts = [
      "المدرسة",
      "مَدْرَسَةٌ",
      "والمدرسة وال الكتاب",
      "إسلام أحمد آمنة مسؤول شاطئ",
      "مستشفـــى الى",
      "بالمدرسة ٣الكتاب x-الكتاب\nالبيت",
      "Qalam School, ALكتاب",
    ];
    for (const text of texts) expect(foldForSearch(text)).toBe(normalizeForSearch(text).value);
  });
});

describe("searchTerms", () => {
  it("takes the words, not the operators", () => {
    expect(searchTerms('"المدرسة الكبيرة" or report -draft x')).toEqual([
      "مدرسه",
      "كبيره",
      "report",
    ]);
  });
});

describe("highlightMatches", () => {
  it("marks an Arabic word whatever its spelling", () => {
    expect(highlightMatches("زيارة إلى المدرسة غدًا", "مدرسه")).toEqual([
      { text: "زيارة إلى ", match: false },
      { text: "المدرسة", match: true },
      { text: " غدًا", match: false },
    ]);
  });

  it("marks English words in any case, whole, and every occurrence", () => {
    expect(highlightMatches("Report on reports", "report")).toEqual([
      { text: "Report", match: true },
      { text: " on ", match: false },
      { text: "reports", match: true },
    ]);
  });

  it("cuts long text around the first match", () => {
    const text = `${"a ".repeat(200)}needle${" b".repeat(200)}`;
    const segments = highlightMatches(text, "needle", 60) ?? [];
    expect(segments[0]).toEqual({ text: "…", match: false });
    expect(segments.at(-1)).toEqual({ text: "…", match: false });
    expect(segments.find((segment) => segment.match)?.text).toBe("needle");
    expect(segments.map((segment) => segment.text).join("").length).toBeLessThanOrEqual(62);
  });

  it("answers null when nothing matches", () => {
    expect(highlightMatches("Nothing here", "absent")).toBeNull();
    expect(highlightMatches("Nothing here", "")).toBeNull();
  });
});
