/** SPEC.md §7: only these statuses are worth a second try. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);

const WRITE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const MAX_RETRIES = 1;

export function isWriteMethod(method: string) {
  return WRITE_METHODS.has(method.toUpperCase());
}

/** Reads are retried once on a retryable status; writes never, so nothing is done twice. */
export function shouldRetry(method: string, status: number, retriesSoFar: number) {
  return !isWriteMethod(method) && retriesSoFar < MAX_RETRIES && RETRYABLE_STATUSES.has(status);
}
