import { describe, expect, it } from "vitest";
import {
  chainPages,
  formatBytes,
  formatClock,
  hasFilters,
  LibraryQuery,
  type MediaItem,
} from "~/lib/media-library";

const item = (id: string) => ({ id }) as MediaItem;
const ids = (items: MediaItem[]) => items.map((one) => one.id);

describe("chainPages", () => {
  it("follows each page's cursor to the next one fetched, without repeats", () => {
    const first = { items: [item("a"), item("b")], nextCursor: "c1" };
    const further = {
      c1: { items: [item("b"), item("c")], nextCursor: "c2" },
      c2: { items: [item("d")], nextCursor: null },
      unrelated: { items: [item("z")], nextCursor: null },
    };
    expect(chainPages(first, further)).toEqual({
      items: [item("a"), item("b"), item("c"), item("d")],
      nextCursor: null,
    });
  });

  it("stops where no page was fetched yet, and gives its cursor", () => {
    const result = chainPages({ items: [item("a")], nextCursor: "c1" }, {});
    expect(ids(result.items)).toEqual(["a"]);
    expect(result.nextCursor).toBe("c1");
  });

  it("does not loop on a cursor seen before", () => {
    const result = chainPages(
      { items: [item("a")], nextCursor: "c1" },
      { c1: { items: [item("b")], nextCursor: "c1" } },
    );
    expect(ids(result.items)).toEqual(["a", "b"]);
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
