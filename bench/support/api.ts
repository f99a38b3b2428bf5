// Calls to the API in the benchmark's own process (its Hono app's fetch, as the web server calls
// it, the body read to its end), and their timing round-robin.
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type ApiOptions, startApi } from "../../api/start";
import { type Figures, figuresOf } from "./figures";

export type ApiCall = { name: string; path: string; token: string };
export type ApiFetch = (request: Request) => Promise<Response>;

/**
 * The API on the benchmark's database (PGlite in memory without one), as in production, its files
 * and outbox under `dir`; `options` as a benchmark needs them (its AI environment).
 */
export function startBenchApi(
  databaseUrl: string | undefined,
  dir: string,
  options: Partial<ApiOptions> = {},
) {
  return startApi({
    databaseUrl,
    filesDir: join(dir, "files"),
    outboxDir: join(dir, "outbox"),
    production: true,
    ...options,
  });
}

/** A call to the API in this process, as the web server makes it; its body read to the end. */
export async function send(apiFetch: ApiFetch, call: ApiCall) {
  const response = await apiFetch(
    new Request(`http://localhost/api/v1${call.path}`, {
      headers: { authorization: `Bearer ${call.token}` },
    }),
  );
  const body = await response.arrayBuffer();
  if (!response.ok) {
    throw new Error(`${call.name}: ${response.status} ${Buffer.from(body).toString()}`);
  }
  return body;
}

/** Every call once a round, the order turned every round; the first `warmup` not counted. */
export async function measureApi(
  apiFetch: ApiFetch,
  calls: ApiCall[],
  { rounds, warmup }: { rounds: number; warmup: number },
): Promise<Figures[]> {
  const samples = calls.map(() => [] as number[]);
  for (let round = 0; round < warmup + rounds; round++) {
    for (let k = 0; k < calls.length; k++) {
      const index = (k + round) % calls.length;
      const started = performance.now();
      await send(apiFetch, calls[index] as ApiCall);
      const elapsed = performance.now() - started;
      if (round >= warmup) samples[index]?.push(elapsed);
    }
  }
  return samples.map(figuresOf);
}

/** A POST of JSON to the API in this process as the bearer of `token`; what it made (201). */
export async function create(apiFetch: ApiFetch, token: string, path: string, body: unknown) {
  const response = await apiFetch(
    new Request(`http://localhost/api/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  if (response.status !== 201) {
    throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as { id: string };
}
