import { describe, expect, it } from "vitest";
import {
  chainPages,
  formatBytes,
  formatClock,
  hasFilters,
  LibraryQuery,
  type MediaItem,
} from "~/lib/media-library";

/** Items a minute apart, newest first as the library lists them: "a" is the newest. */
const item = (id: string) =>
  ({
    id,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 100 - (id.codePointAt(0) ?? 0))).toISOString(),
  }) as MediaItem;
const page = (names: string, nextCursor: string | null = null) => ({
  items: [...names].map(item),
  nextCursor,
});
const ids = (items: MediaItem[]) => items.map((one) => one.id).join("");

describe("chainPages", () => {
  it("follows each page's cursor to the next one fetched, without repeats", () => {
    const first = page("ab", "c1");
    const result = chainPages(first, first, {
      c1: page("bc", "c2"),
      c2: page("d"),
      unrelated: page("z"),
    });
    expect(ids(result.items)).toBe("abcd");
    expect(result.nextCursor).toBeNull();
  });

  it("stops where no page was fetched yet, and gives its cursor", () => {
    const first = page("a", "c1");
    const result = chainPages(first, first, {});
    expect(ids(result.items)).toBe("a");
    expect(result.nextCursor).toBe("c1");
  });

  it("takes in a new item at the top and keeps the one it pushed off the first page", () => {
    const base = page("bcd", "after-d");
    const now = {
      items: [{ ...item("a"), createdAt: "2026-02-01T00:00:00.000Z" }, ...page("bc").items],
      nextCursor: "after-c",
    };
    const result = chainPages(now, base, { "after-d": page("ef", "after-f") });
    expect(ids(result.items)).toBe("abcdef");
    expect(result.nextCursor).toBe("after-f");
  });

  it("drops an item deleted from the first page, and everything once the library is empty", () => {
    const base = page("abc", "after-c");
    const further = { "after-c": page("de") };
    expect(ids(chainPages(page("acd", "after-d"), base, further).items)).toBe("acde");
    expect(ids(chainPages(page(""), base, further).items)).toBe("");
  });

  it("does not loop on a cursor seen before", () => {
    const first = page("a", "c1");
    expect(ids(chainPages(first, first, { c1: page("b", "c1") }).items)).toBe("ab");
  });
});

describe("LibraryQuery", () => {
  it("keeps the filters it understands and drops the others", () => {
    const query = LibraryQuery.parse({
      q: "  صحراء ",
      from: "2026-03-01",
      to: "yesterday",
      authorId: "not-a-uuid",
      favourite: "1",
      model: "gpt-image-1",
    });
    expect(query).toMatchObject({ q: "صحراء", from: "2026-03-01", favourite: "1" });
    expect(query.to).toBeUndefined();
    expect(query.authorId).toBeUndefined();
    expect(hasFilters(query)).toBe(true);
    expect(hasFilters(LibraryQuery.parse({ id: crypto.randomUUID() }))).toBe(false);
  });
});

describe("formatting", () => {
  it("reads durations as a clock", () => {
    expect(formatClock(7)).toBe("0:07");
    expect(formatClock(205.4)).toBe("3:25");
    expect(formatClock(3723)).toBe("1:02:03");
  });

  it("reads file sizes in the page's language with Latin digits", () => {
    expect(formatBytes(812, "en")).toBe("812 byte");
    expect(formatBytes(3_400_000, "en")).toBe("3.4 MB");
    expect(formatBytes(3_400_000, "ar")).toMatch(/3[.,٫]4/);
  });
});
