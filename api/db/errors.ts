/**
 * Drizzle wraps driver errors (node-postgres and PGlite alike) in `cause`; both carry
 * PostgreSQL's SQLSTATE in `code` and the violated constraint in `constraint`.
 */
type PostgresError = { code?: unknown; constraint?: unknown };

function postgresError(error: unknown): PostgresError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as PostgresError & { cause?: unknown };
    if (typeof candidate.code === "string") return candidate;
    current = candidate.cause;
  }
  return null;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = postgresError(error);
  if (pgError?.code !== "23505") return false;
  return constraint === undefined || pgError.constraint === constraint;
}
