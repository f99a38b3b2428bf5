import { DrizzleQueryError } from "drizzle-orm";

/** What PostgreSQL's errors carry besides their message (node-postgres and PGlite alike). */
type DatabaseError = Error & {
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
};

function isDatabaseError(error: unknown): error is DatabaseError {
  const candidate = error as Partial<DatabaseError> | null;
  return (
    error instanceof Error &&
    typeof candidate?.code === "string" &&
    /^[0-9A-Z]{5}$/.test(candidate.code)
  );
}

/**
 * A line about an error, and every cause under it, that never holds the values a query was
 * given: a password hash, a token's hash, an address. Drizzle's errors quote their parameters in
 * their message and keep them in `params`, so only their SQL is told; PostgreSQL quotes the value
 * it could not take in its data exceptions (SQLSTATE class 22), so those are told by code alone.
 * The stack is told by its frames alone, since the lines above them repeat the message.
 */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    lines.push(describeOne(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  // Only the frames: the lines before them repeat the message, over several lines for Drizzle's.
  const stack = error instanceof Error ? (error.stack?.split("\n") ?? []) : [];
  const frames = stack.filter((line) => /^\s+at /.test(line));
  return [...lines, ...frames].join("\n");
}

function describeOne(error: unknown): string {
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}`;
  if (isDatabaseError(error)) {
    const where = [error.table, error.column, error.constraint, error.routine]
      .filter(Boolean)
      .join(", ");
    const message = error.code.startsWith("22") ? "(a value was refused)" : error.message;
    return `PostgreSQL error ${error.code}${where ? ` (${where})` : ""}: ${message}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `Thrown: ${typeof error}`;
}

/** Logs an unexpected error with what it was doing, never with a query's parameters. */
export function logError(doing: string, error: unknown) {
  console.error(`${doing}\n${describeError(error)}`);
}
