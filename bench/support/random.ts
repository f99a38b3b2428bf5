// What the benchmarks' text generators share: a seeded generator, so that every run writes the
// same text, and the few ways they draw from it.

export type Language = "en" | "ar";
export type Random = () => number;

/** mulberry32: a small seeded generator, enough for text. */
export function seededRandom(seed: number): Random {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An element of `list`, uniformly. */
export const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;
/** A whole number from `min` to `max`, both included. */
export const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
