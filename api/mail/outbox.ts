import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Writes one message into a folder under a name that sorts by time and never collides,
 * e.g. `2025-01-31T101500.123Z-9f2c4e1a.eml` (no colons, which some file systems refuse).
 */
export async function writeOutboxFile(
  dir: string,
  extension: "eml" | "txt",
  content: string | Uint8Array,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(":", "");
  const file = join(dir, `${stamp}-${randomBytes(4).toString("hex")}.${extension}`);
  await writeFile(file, content, { flag: "wx" });
  return file;
}
