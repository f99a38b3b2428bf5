/**
 * An ILIKE pattern that finds `search` anywhere, as typed: `%`, `_` and `\` match themselves.
 * Null for an empty search.
 */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
}
