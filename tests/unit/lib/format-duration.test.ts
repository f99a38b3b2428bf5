import { describe, expect, it } from "vitest";
import { formatDuration } from "~/lib/format-duration";

describe("formatDuration", () => {
  it("writes seconds under a minute", () => {
    expect(formatDuration(1, "en")).toBe("1 second");
    expect(formatDuration(45, "en")).toBe("45 seconds");
    expect(formatDuration(1, "ar")).toBe("ثانية");
    expect(formatDuration(2, "ar")).toBe("ثانيتان");
    expect(formatDuration(45, "ar")).toBe("45 ثانية");
  });

  it("rounds a part of a second up, and never says zero", () => {
    expect(formatDuration(0.2, "en")).toBe("1 second");
    expect(formatDuration(0, "en")).toBe("1 second");
    expect(formatDuration(-5, "ar")).toBe("ثانية");
  });

  it("rounds up to whole minutes from a minute on", () => {
    expect(formatDuration(60, "en")).toBe("1 minute");
    expect(formatDuration(61, "en")).toBe("2 minutes");
    expect(formatDuration(59 * 60, "en")).toBe("59 minutes");
    expect(formatDuration(60, "ar")).toBe("دقيقة");
    expect(formatDuration(90, "ar")).toBe("دقيقتان");
    expect(formatDuration(5 * 60, "ar")).toBe("5 دقائق");
    expect(formatDuration(15 * 60, "ar")).toBe("15 دقيقة");
  });

  it("rounds up to whole hours from an hour on", () => {
    expect(formatDuration(3600, "en")).toBe("1 hour");
    expect(formatDuration(59 * 60 + 1, "en")).toBe("1 hour");
    expect(formatDuration(3601, "en")).toBe("2 hours");
    expect(formatDuration(3600, "ar")).toBe("ساعة");
    expect(formatDuration(2 * 3600, "ar")).toBe("ساعتان");
    expect(formatDuration(5 * 3600, "ar")).toBe("5 ساعات");
  });

  it("keeps Latin digits in Arabic, as the keys and the mail do", () => {
    expect(formatDuration(24 * 3600, "ar")).toBe("24 ساعة");
  });
});
