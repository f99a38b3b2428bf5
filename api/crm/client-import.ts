import { parse } from "csv-parse/sync";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { unguardCell } from "../http/csv";
import { type Actor, requirePermission } from "../organizations/permissions";
import { type ClientInput, clientCsvColumns, importClients } from "./clients";

/** Rows one import may hold, and the size of its text. */
export const maxImportRows = 5_000;
export const maxImportBytes = 2 * 1024 * 1024;

/** How many of the valid rows the answer shows as they would be added. */
const previewRows = 20;

/** A client as a row of a file gives it: no owner and no workspace. */
export type ImportedClient = Omit<ClientInput, "ownerId" | "workspaceId">;

/**
 * A row checked as a new client is: the client it makes, or the code of each field that is
 * wrong. The routes check it, with the schema of POST /clients.
 */
export type CheckedRow = { client: ImportedClient } | { errors: Record<string, string> };

export type ClientImportResult = {
  rows: number;
  valid: number;
  imported: number;
  invalid: { line: number; name: string; errors: Record<string, string> }[];
  preview: ImportedClient[];
};

const headerNames: Record<string, (typeof clientCsvColumns)[number]> = Object.fromEntries(
  clientCsvColumns.flatMap((column) => [
    [column.toLowerCase(), column],
    [column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), column],
  ]),
);

/** The column a header names ("Contact name", "contact_name", "contactName"), if any. */
const columnOf = (header: string) => headerNames[header.trim().toLowerCase().replace(/\s+/g, "_")];

/** The rows of a CSV file by column, and the columns its header named, read in one pass. */
function readCsv(csv: string) {
  const columns: string[] = [];
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      bom: true,
      // The product's own export guards cells that could run as formulas; they come back as they were.
      cast: (value: string) => unguardCell(value),
      columns: (header: string[]) =>
        header.map((name) => {
          const column = columnOf(name);
          if (column) columns.push(column);
          return column ?? false;
        }),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
    });
  } catch (error) {
    throw new AppError(
      "invalid",
      "INVALID_CSV",
      `Not a CSV file that can be read: ${(error as Error).message}`.slice(0, 300),
    );
  }
  return { records, columns };
}

/** A row as a client's fields: empty cells left out, tags split on commas and semicolons. */
function fieldsOf(record: Record<string, string>) {
  return {
    ...Object.fromEntries(Object.entries(record).filter(([, value]) => value !== "")),
    tags: record.tags
      ? record.tags
          .split(/[;,،]/)
          .map((tag) => tag.trim())
          .filter(Boolean)
      : [],
  };
}

/**
 * Adds the clients of a CSV file in the columns of the export (clients.write): each row is
 * checked by `checkRow`, the valid ones are added in one go and the others reported by their
 * line. With `dryRun` nothing is added: the answer says what would be. 422 INVALID_CSV for a file
 * that cannot be read, TOO_MANY_ROWS past the limit, MISSING_COLUMN without a name column.
 */
export async function importClientsCsv(
  db: Database,
  actor: Actor,
  file: { csv: string; dryRun: boolean },
  checkRow: (fields: Record<string, unknown>) => CheckedRow,
): Promise<ClientImportResult> {
  requirePermission(actor, "clients.write");
  const { records, columns } = readCsv(file.csv);
  if (records.length > maxImportRows) {
    throw new AppError("invalid", "TOO_MANY_ROWS", `At most ${maxImportRows} rows at a time.`);
  }
  if (!columns.includes("name")) {
    throw new AppError("invalid", "MISSING_COLUMN", "The file needs a name column.");
  }
  const valid: ImportedClient[] = [];
  const invalid: ClientImportResult["invalid"] = [];
  records.forEach((record, index) => {
    const checked = checkRow(fieldsOf(record));
    if ("client" in checked) valid.push(checked.client);
    else invalid.push({ line: index + 2, name: record.name ?? "", errors: checked.errors });
  });
  const imported = file.dryRun ? 0 : await importClients(db, actor, valid);
  return {
    rows: records.length,
    valid: valid.length,
    imported,
    invalid,
    preview: valid.slice(0, previewRows),
  };
}
