import { stringify } from "csv-stringify/sync";

/**
 * What a spreadsheet takes for the start of a formula (OWASP's list): a cell that begins so runs
 * as one when the file is opened, `=HYPERLINK(…)` and worse.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** The `'` the product writes before such a cell, followed by what it protects. */
const guarded = /^'[=+\-@\t\r]/;

/** A cell as every CSV file of the product writes it: one that could run as a formula, quoted by `'`. */
export function guardCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/**
 * A cell of a CSV file read back: the `'` the product's own export put before `=`, `+`, `-`, `@`,
 * a tab or a carriage return goes, so that a phone `+966…` comes back `+966…`.
 */
export function unguardCell(value: string): string {
  return guarded.test(value) ? value.slice(1) : value;
}

/**
 * A CSV file as the product writes them all: a byte order mark (spreadsheets read UTF-8 by it),
 * CRLF between records, and every cell through guardCell.
 */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  const cells = rows.map((row) => row.map(guardCell));
  return `\uFEFF${stringify(cells, { record_delimiter: "\r\n" })}`;
}
