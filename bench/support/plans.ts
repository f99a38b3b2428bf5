// The statements a service sends, caught as the driver receives them, and their plans.
import type { DatabaseConnection } from "../../api/db/client";

export type Statement = { text: string; values: unknown[] };

/** The driver's own query function: what drizzle calls with each statement's text and values. */
export function driverClient(connection: DatabaseConnection): {
  query: (text: unknown, values?: unknown) => Promise<{ rows: unknown[] }>;
} {
  return (connection.driver === "pg" ? connection.pool : connection.client) as never;
}

/** The statements `run` sends, in order. */
export async function captureStatements(
  connection: DatabaseConnection,
  run: () => Promise<unknown>,
) {
  const client = driverClient(connection);
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function (this: unknown, text: unknown, values?: unknown, ...rest: unknown[]) {
    statements.push({
      text: typeof text === "string" ? text : (text as { text: string }).text,
      values: (values as unknown[]) ?? [],
    });
    return (original as (...args: unknown[]) => Promise<{ rows: unknown[] }>).call(
      this,
      text,
      values,
      ...rest,
    );
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return statements;
}

/** Runs a caught statement again, as it was sent. */
export async function runStatement(connection: DatabaseConnection, statement: Statement) {
  const client = driverClient(connection);
  return (await client.query(statement.text, statement.values)).rows;
}

/** The plan of a statement, run (`explain (<options>) …`), as one text. */
export async function explain(
  connection: DatabaseConnection,
  statement: Statement,
  options: string,
) {
  const rows = await runStatement(connection, {
    text: `explain (${options}) ${statement.text}`,
    values: statement.values,
  });
  return (rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join("\n");
}

/** The scans of a plan, each once, as "Index Scan threads_pkey". */
export const scansOf = (plan: string) => [
  ...new Set(
    [
      ...plan.matchAll(
        /(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g,
      ),
    ].map((match) => `${match[1]} ${match[2]}`),
  ),
];

/** What a plan says of its time and sort: its execution time in ms, its sort method. */
export const timingOf = (plan: string) => ({
  time: /Execution Time: ([\d.]+) ms/.exec(plan)?.[1],
  sort: /Sort Method: ([^\n]+)/.exec(plan)?.[1],
});
