import { stringify } from "csv-stringify/sync";
import { guardCell } from "./csv";

export type ExportFormat = "csv" | "json";

/** How an export writes its rows: the CSV's columns and each row's cells, and its JSON. */
export type ExportShape<Row> = {
  columns: readonly string[];
  /** The row's cells, in the columns' order; each goes through guardCell. */
  cells: (row: Row) => string[];
  json: (row: Row) => unknown;
};

/**
 * An export's body, CSV (a byte order mark, CRLF between records, every cell guarded) or a JSON
 * array: a stream that reads the next batch only when the one before was taken (`pull`), so that
 * a slow reader holds the reading back rather than filling memory.
 */
export function exportStream<Row>(
  batches: AsyncGenerator<Row[]>,
  format: ExportFormat,
  shape: ExportShape<Row>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const csv = (rows: string[][]) => stringify(rows, { record_delimiter: "\r\n" });
  let started = false;
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let text = "";
          if (!started) {
            started = true;
            text = format === "csv" ? `\uFEFF${csv([[...shape.columns]])}` : "[";
          }
          const next = await batches.next();
          if (next.done) {
            if (format === "json") text += "]\n";
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          if (format === "csv") {
            text += csv(next.value.map((row) => shape.cells(row).map(guardCell)));
          } else {
            for (const row of next.value) {
              text += `${first ? "" : ","}\n${JSON.stringify(shape.json(row))}`;
              first = false;
            }
          }
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The headers of an export's download, named `<name>-<day>.<format>`. */
export function exportHeaders(name: string, format: ExportFormat): HeadersInit {
  const day = new Date().toISOString().slice(0, 10);
  return {
    "Content-Type":
      format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${day}.${format}"`,
    "Cache-Control": "no-store",
  };
}
