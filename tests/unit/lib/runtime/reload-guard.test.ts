import { describe, expect, it } from "vitest";
import { claimReload, RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from "~/lib/runtime/reload-guard";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    values,
  };
}

describe("claimReload", () => {
  it("allows the first reload and records its time", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(storage.values.get(RELOAD_GUARD_KEY)).toBe("1000000");
  });

  it("holds back another reload for ten seconds", () => {
    const storage = memoryStorage();
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(claimReload(storage, 1_000_001)).toBe(false);
    expect(claimReload(storage, 1_009_999)).toBe(false);
    // A refused claim does not move the window.
    expect(storage.values.get(RELOAD_GUARD_KEY)).toBe("1000000");
  });

  it("allows a reload again once the window has passed", () => {
    const storage = memoryStorage();
    claimReload(storage, 1_000_000);
    expect(claimReload(storage, 1_010_000)).toBe(true);
    expect(storage.values.get(RELOAD_GUARD_KEY)).toBe("1010000");
    expect(claimReload(storage, 1_015_000)).toBe(false);
  });

  it.each([
    ["garbage", "not a number"],
    ["a time ahead of the clock", "2000000"],
    ["zero", "0"],
  ])("allows a reload when the record is %s", (_case, value) => {
    expect(claimReload(memoryStorage({ [RELOAD_GUARD_KEY]: value }), 1_000_000)).toBe(true);
  });

  it("refuses without storage, or when storage throws: a reload it cannot remember could loop", () => {
    expect(claimReload(null, 1_000_000)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(claimReload(throwing, 1_000_000)).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(claimReload(full, 1_000_000)).toBe(false);
  });
});
