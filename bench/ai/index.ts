// `npm run bench:ai`: a streamed chat answer through the product's AI stack (the registry's
// model, the quota check and the usage record of runAiCall, the AI SDK's streamText) against the
// same fake OpenAI-compatible server called directly with fetch, in one run, round-robin.
// Between the two, the stack's layers alone: the provider's model (its doStream: the SDK's
// OpenAI-compatible provider) and streamText on it (without runAiCall).
// Reported: time to first token and tokens a second, p50 and p99, at 1 and 100 streams at once,
// and what each path adds to the direct one.
//
//   BENCH_ROUNDS          rounds per concurrency, each side once a round (default 3)
//   BENCH_TOKENS          tokens per answer (default 200)
//   BENCH_TOKEN_DELAY_MS  the fake model's pause between tokens (default 2)
//   BENCH_DATABASE_URL    PostgreSQL for the usage records (default: PGlite in memory)
//   BENCH_JSON            a file to write the figures to, as JSON
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { type LanguageModel, streamText } from "ai";
import { runAiCall } from "../../api/ai/ai-usage";
import { aiEnvironment } from "../../api/ai/config";
import { callSignal, createAiRegistry } from "../../api/ai/registry";
import { defaultMaxOutputTokens } from "../../api/ai/response-limits";
import { openDatabase } from "../../api/db/client";
import { migrateDatabase } from "../../api/db/migrate";
import { createUser } from "../../api/identity/users";
import { createOrganization } from "../../api/organizations/organizations";
import { percentile } from "../support/figures";

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const levels = [1, 100];
const prompt = "Write two hundred words.";

type Sample = { firstTokenMs: number; tokensPerSecond: number; tokens: number };

const fakeProcess = spawn(process.execPath, ["--import", "tsx", "bench/ai/fake-server.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const fake = await new Promise<{ baseUrl: string; apiKey: string }>((resolve) => {
  createInterface({ input: fakeProcess.stdout }).once("line", (line) => resolve(JSON.parse(line)));
});

const connection = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
await migrateDatabase(connection);
const { db } = connection;
const user = await createUser(db, {
  firstName: "Bench",
  lastName: "Mark",
  email: `bench-${Date.now()}@example.test`,
  phone: null,
  password: "a long enough password",
  verified: true,
});
const organization = await createOrganization(db, { name: "Bench", ownerId: user.id });
const registry = createAiRegistry({
  environment: aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "bench-model",
  }),
});

/** The fake server called directly: fetch, and the SSE lines read by hand. */
async function direct(): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${fake.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: "bench-model",
      stream: true,
      messages: [{ role: "user", content: prompt }],
    }),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let first = 0;
  let tokens = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const data = event.replace(/^data: /, "");
      if (data === "[DONE]") continue;
      const content = JSON.parse(data).choices?.[0]?.delta?.content;
      if (content) {
        tokens++;
        if (!first) first = performance.now();
      }
    }
  }
  return sample(started, first, performance.now(), tokens);
}

/** The provider's model alone: the AI SDK's provider layer, its stream parts read to the end. */
async function provider(): Promise<Sample> {
  const started = performance.now();
  let first = 0;
  let tokens = 0;
  const { model } = registry.modelFor("chat", {});
  if (typeof model === "string") throw new Error("The registry gave a model id, not a model");
  const { stream } = await model.doStream({
    prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }],
    abortSignal: callSignal({ deadlineMs: 60_000 }).abortSignal,
  });
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (value.type !== "text-delta" || !value.delta) continue;
    tokens++;
    if (!first) first = performance.now();
  }
  return sample(started, first, performance.now(), tokens);
}

/** streamText on a model, its text read to the end: the tokens, when the first came, the usage. */
async function streamTokens(model: LanguageModel) {
  const { abortSignal } = callSignal({ deadlineMs: 60_000 });
  const result = streamText({ model, prompt, abortSignal });
  let first = 0;
  let tokens = 0;
  for await (const text of result.textStream) {
    if (!text) continue;
    tokens++;
    if (!first) first = performance.now();
  }
  return { first, tokens, usage: await result.usage };
}

/** The AI SDK's streamText on the registry's model, without the product's quota and record. */
async function sdk(): Promise<Sample> {
  const started = performance.now();
  const { first, tokens } = await streamTokens(registry.modelFor("chat", {}).model);
  return sample(started, first, performance.now(), tokens);
}

/** Through the product: the registry's model, runAiCall's quota and record, streamText. */
async function product(): Promise<Sample> {
  const started = performance.now();
  const resolved = registry.modelFor("chat", {});
  const { first, tokens } = await runAiCall(
    {
      db,
      quotas: { chat: 1_000_000_000 },
      organizationId: organization.id,
      userId: user.id,
      purpose: "bench",
    },
    resolved,
    async () => {
      const streamed = await streamTokens(resolved.model);
      return { value: streamed, usage: { units: streamed.usage.totalTokens ?? 0 } };
    },
    { estimate: defaultMaxOutputTokens.chat },
  );
  return sample(started, first, performance.now(), tokens);
}

function sample(started: number, first: number, ended: number, tokens: number): Sample {
  return {
    firstTokenMs: first - started,
    tokensPerSecond: tokens / ((ended - first) / 1000),
    tokens,
  };
}

async function batch(run: () => Promise<Sample>, concurrency: number) {
  return Promise.all(Array.from({ length: concurrency }, run));
}

const paths = { direct, provider, sdk, product };
type Figures = {
  firstTokenP50Ms: number;
  firstTokenP99Ms: number;
  tokensPerSecondP50: number;
  addedFirstTokenP50Ms: number;
  addedFirstTokenP99Ms: number;
};
type Path = keyof typeof paths;
const names = Object.keys(paths) as Path[];

// Warm every path (JIT, connections, the first query plans).
for (const name of names) await batch(paths[name], 10);

const results: Record<string, unknown>[] = [];
for (const concurrency of levels) {
  const samples = Object.fromEntries(names.map((name) => [name, [] as Sample[]])) as Record<
    Path,
    Sample[]
  >;
  for (let round = 0; round < rounds; round++) {
    for (const name of names) samples[name].push(...(await batch(paths[name], concurrency)));
  }
  const figures = (list: Sample[]) => ({
    firstTokenP50Ms: percentile(
      list.map((s) => s.firstTokenMs),
      50,
    ),
    firstTokenP99Ms: percentile(
      list.map((s) => s.firstTokenMs),
      99,
    ),
    tokensPerSecondP50: percentile(
      list.map((s) => s.tokensPerSecond),
      50,
    ),
  });
  const tokens = new Set(names.flatMap((name) => samples[name].map((s) => s.tokens)));
  if (tokens.size !== 1) throw new Error(`Streams lost tokens: ${[...tokens].join(", ")}`);
  const d = figures(samples.direct);
  const byPath = {} as Record<Path, Figures>;
  for (const name of names) {
    const f = figures(samples[name]);
    byPath[name] = {
      ...f,
      addedFirstTokenP50Ms: f.firstTokenP50Ms - d.firstTokenP50Ms,
      addedFirstTokenP99Ms: f.firstTokenP99Ms - d.firstTokenP99Ms,
    };
  }
  results.push({
    concurrency,
    streams: samples.direct.length,
    ...byPath,
    addedFirstTokenP50Ms: byPath.product.addedFirstTokenP50Ms,
    addedFirstTokenP99Ms: byPath.product.addedFirstTokenP99Ms,
    tokensPerSecondRatio: byPath.product.tokensPerSecondP50 / d.tokensPerSecondP50,
  });
}

const round1 = (value: unknown) =>
  typeof value === "number" ? Math.round(value * 10) / 10 : value;
console.log(
  `\nAI streaming on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `${rounds} rounds, answers of ${process.env.BENCH_TOKENS ?? 200} tokens, ` +
    `${process.env.BENCH_TOKEN_DELAY_MS ?? 2} ms apart\n`,
);
console.log(
  "streams | path     | first token p50 | p99      | tokens/s p50 | added p50 | added p99",
);
for (const result of results) {
  const r = result as { concurrency: number } & Record<Path, Figures>;
  for (const name of names) {
    const f = r[name];
    const added = name !== "direct";
    console.log(
      `${String(r.concurrency).padStart(7)} | ${name.padEnd(8)} | ${String(round1(f.firstTokenP50Ms)).padStart(12)} ms | ${String(round1(f.firstTokenP99Ms)).padStart(5)} ms | ${String(round1(f.tokensPerSecondP50)).padStart(12)} | ${added ? `${round1(f.addedFirstTokenP50Ms)} ms`.padStart(9) : "".padStart(9)} | ${added ? `${round1(f.addedFirstTokenP99Ms)} ms` : ""}`,
    );
  }
}
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));

fakeProcess.kill("SIGTERM");
await connection.close();
