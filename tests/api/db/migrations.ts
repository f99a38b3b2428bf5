import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const migrationsFolder = fileURLToPath(
  new URL("../../../api/db/migrations", import.meta.url),
);

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string }[];
};

const folders: string[] = [];

/**
 * The migrations before `tag`, in a folder of their own: a database as it stood before it.
 * `removeMigrationFolders` deletes the folders again.
 */
export function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), "qalam-migrations-"));
  folders.push(dir);
  mkdirSync(join(dir, "meta"));
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  for (const entry of entries) {
    copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  }
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

export function removeMigrationFolders() {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}
