/** Whether a conditional header's list of ETags names this one (or is `*`). */
export function namesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const value = part.trim().replace(/^W\//, "");
    return value === "*" || value === tag;
  });
}
