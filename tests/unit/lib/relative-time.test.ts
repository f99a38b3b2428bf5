import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "~/lib/relative-time";

const now = Date.parse("2026-11-23T12:00:00Z");
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe("formatRelativeTime", () => {
  it("reads under a minute as now", () => {
    expect(formatRelativeTime(ago(30), now, "en")).toBe("now");
    expect(formatRelativeTime(ago(0), now, "ar")).toBe("الآن");
  });

  it("picks the largest whole unit", () => {
    expect(formatRelativeTime(ago(5 * 60), now, "en")).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3600 + 59 * 60), now, "en")).toBe("3 hours ago");
    expect(formatRelativeTime(ago(24 * 3600), now, "en")).toBe("yesterday");
    expect(formatRelativeTime(ago(15 * 24 * 3600), now, "en")).toBe("2 weeks ago");
    expect(formatRelativeTime(ago(400 * 24 * 3600), now, "en")).toBe("last year");
  });

  it("speaks the page's language", () => {
    expect(formatRelativeTime(ago(5 * 60), now, "ar")).toBe(
      new Intl.RelativeTimeFormat("ar", { numeric: "auto" }).format(-5, "minute"),
    );
  });

  it("measures from the given clock, not the machine's", () => {
    expect(
      formatRelativeTime("2020-01-01T00:00:00Z", Date.parse("2020-01-01T00:10:00Z"), "en"),
    ).toBe("10 minutes ago");
  });
});
