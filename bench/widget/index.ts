// `npm run bench:widget`: x-bot's widget and its public chat.
//
// 1. The widget's bundle as `npm run build` writes /widget.js (scripts/vite/widget-build.ts), its
//    gzip size against the 25 kB budget that tests/unit/widget/budget.test.ts holds.
// 2. Visitors at once (100 and 500), each starting a conversation and streaming one answer
//    through the public chat API in this process (its fetch, as the web server calls it: POST
//    /public/bots/{publicId}/conversations, then …/messages, the server-sent events read as they
//    come), from the tests' fake OpenAI-compatible provider in a process of its own on loopback.
//    The reference, in the same rounds: as many calls of the AI SDK's own streamText on the same
//    provider. Reported: the time to the first token (from the message's request, or the call),
//    p50 and p99, and what the product adds to streamText's; the conversations' start; errors
//    (a status other than 200, an error event, an answer not complete, a token lost); and the
//    memory per open answer: with the provider holding every stream after its first token, this
//    process's heap and resident memory with all of them open, less before, divided by them.
//
// Every visitor has an address of its own (X-Forwarded-For, which the API reads); the bot allows
// each visitor 1,000 messages a second and 1,000,000 a day, and the organization has no monthly
// quota, so that no limit refuses the benchmark's messages.
//
//   BENCH_VISITORS        visitors at once, comma-separated (default 100,500)
//   BENCH_ROUNDS          rounds at each, the product and the reference once a round (default 3)
//   BENCH_TOKENS          tokens per answer (default 100)
//   BENCH_TOKEN_DELAY_MS  the fake provider's pause between tokens (default 2)
//   BENCH_DATABASE        `postgres` for a database of its own on BENCH_SERVER_URL (dropped at the
//                         end); default PGlite in memory
//   BENCH_JSON            a file to write the figures to, as JSON
import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { aiEnvironment } from "../../api/ai/config";
import { createAiRegistry } from "../../api/ai/registry";
import { bundleWidget, gzipBytes, widgetBudgetBytes } from "../../scripts/vite/widget-build";
import { type ApiFetch, startBenchApi } from "../support/api";
import { createDatabase, dropCreatedDatabase, serverVersion } from "../support/database";
import { startFakeProvider } from "../support/fake-provider";
import { count, env, ms, percentile } from "../support/figures";
import { addOrganization } from "../support/members";
import { runMs, startRun, temporaryDir } from "../support/run";
import {
  type Answer,
  type Conversation,
  referenceAnswer,
  startConversation,
  visitorAddress,
  visitorAnswer,
} from "./visitors";

const levels = (process.env.BENCH_VISITORS ?? "100,500").split(",").map(Number);
const rounds = env("BENCH_ROUNDS", 3);
const tokens = env("BENCH_TOKENS", 100);
const tokenDelayMs = env("BENCH_TOKEN_DELAY_MS", 2);
const onPostgres = process.env.BENCH_DATABASE === "postgres";
/** At 100 visitors the product adds under this to streamText's first token, at p50 (issue 34). */
const targetAddedP50Ms = 25;

// A collection between the memory's readings, so that they count what is live.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

startRun();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
console.log(
  `\nThe widget on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}; load average ${load()} (1, 5, 15 min)`,
);

// --- 1. The bundle ---
const code = await bundleWidget();
const gzipped = gzipBytes(code);
const bundle = { bytes: Buffer.byteLength(code), gzipped, budget: widgetBudgetBytes };
console.log(
  `\nwidget.js: ${count(bundle.bytes)} bytes, ${count(gzipped)} gzipped (level 9); ` +
    `target under ${count(widgetBudgetBytes)} (25 kB): ${gzipped <= widgetBudgetBytes ? "met" : "missed"}`,
);

// --- 2. Visitors ---
const fake = await startFakeProvider({ tokens, tokenDelayMs });
const environment = aiEnvironment({
  AI_BASE_URL: fake.baseUrl,
  AI_API_KEY: fake.apiKey,
  AI_CHAT_MODEL: "bench-model",
});
const database = onPostgres
  ? await createDatabase("widget", "with BENCH_DATABASE=postgres")
  : undefined;
const { api, db } = await startBenchApi(database?.url, temporaryDir("qalam-bench-widget-"), {
  ai: { environment, offlineVoice: false, slideshow: false },
});
const apiFetch: ApiFetch = api.fetch;
const databaseName = database ? `PostgreSQL ${await serverVersion(db)}` : "PGlite";

const { owner } = await addOrganization(db, {
  bench: "widget",
  label: "shop",
  password: "a bench widget passphrase",
});
const created = await apiFetch(
  new Request("http://localhost/api/v1/bots", {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Shop helper",
      status: "live",
      instructions: "Answer about the shop: its products, opening hours and deliveries.",
      fallbackMessage: "We will write back soon.",
      rateLimit: { messages: 1_000, seconds: 1 },
      dailyMessageCap: 1_000_000,
    }),
  }),
);
if (created.status !== 201)
  throw new Error(`POST /bots: ${created.status} ${await created.text()}`);
const { publicId } = (await created.json()) as { publicId: string };

/** The reference's model: the registry's, for the same environment as the API's. */
const referenceModel = createAiRegistry({ environment }).modelFor("chat", {}).model;

let visitors = 0;
/** `n` new visitors' conversations, started at once; how long each start took. */
async function startConversations(n: number) {
  const starts: number[] = [];
  const conversations = await Promise.all(
    Array.from({ length: n }, async () => {
      const started = performance.now();
      const conversation = await startConversation(apiFetch, publicId, visitorAddress(++visitors));
      starts.push(performance.now() - started);
      return conversation;
    }),
  );
  return { conversations, starts };
}

type Side = "product" | "reference";
/**
 * `n` answers at once: the product's by new visitors (their conversations started first, at once),
 * or as many streamText calls; with the conversations' start times.
 */
async function prepare(side: Side, n: number) {
  if (side === "product") return startConversations(n);
  return { conversations: Array.from({ length: n }, () => null), starts: [] as number[] };
}
function answers(conversations: (Conversation | null)[], onFirstToken?: () => void) {
  return Promise.all(
    conversations.map((conversation) =>
      conversation
        ? visitorAnswer(apiFetch, publicId, conversation, onFirstToken)
        : referenceAnswer(referenceModel, onFirstToken),
    ),
  );
}

/** What went wrong with an answer: its own error, or tokens lost. */
const errorOf = (answer: Answer) =>
  answer.error ?? (answer.tokens !== tokens ? `${answer.tokens} of ${tokens} tokens` : null);

/**
 * The memory an open answer holds: the fake provider holds every stream after its first token;
 * with all `n` open, this process's heap and resident memory, less before, divided by `n`.
 */
async function memoryPerAnswer(side: Side, n: number) {
  const { conversations } = await prepare(side, n);
  await fake.hold();
  gc();
  const before = process.memoryUsage();
  let opened = 0;
  let allOpen = () => {};
  const open = new Promise<void>((resolve) => {
    allOpen = resolve;
  });
  const streaming = answers(conversations, () => {
    if (++opened === n) allOpen();
  });
  await open;
  gc();
  const during = process.memoryUsage();
  await fake.release();
  const done = await streaming;
  return {
    heapKiB: (during.heapUsed - before.heapUsed) / n / 1024,
    rssKiB: (during.rss - before.rss) / n / 1024,
    errors: done.map(errorOf).filter((error) => error !== null),
  };
}

// Warm both sides (JIT, the pool's connections, the first plans).
for (const side of ["product", "reference"] as const) {
  await answers((await prepare(side, 20)).conversations);
}

type Level = {
  visitors: number;
  answers: number;
  conversationStart: { p50: number; p99: number };
  product: { p50: number; p99: number };
  reference: { p50: number; p99: number };
  addedP50: number;
  addedP99: number;
  cpuMsPerAnswer: Record<Side, number>;
  errors: number;
  memory: Record<Side, { heapKiB: number; rssKiB: number }>;
};
const results: Level[] = [];
const errors: string[] = [];
for (const n of levels) {
  const errorsBefore = errors.length;
  const firstTokens: Record<Side, number[]> = { product: [], reference: [] };
  // This process's CPU time while the answers stream (the provider's is another process's; on
  // PGlite the database's is this one's): what the machine's other work does not change much.
  const cpuMs: Record<Side, number> = { product: 0, reference: 0 };
  const starts: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // The order turned every round.
    const sides: Side[] = round % 2 === 0 ? ["product", "reference"] : ["reference", "product"];
    for (const side of sides) {
      const prepared = await prepare(side, n);
      starts.push(...prepared.starts);
      const cpuBefore = process.cpuUsage();
      const done = await answers(prepared.conversations);
      const cpu = process.cpuUsage(cpuBefore);
      cpuMs[side] += (cpu.user + cpu.system) / 1000;
      for (const answer of done) {
        const error = errorOf(answer);
        if (error) errors.push(`${side}, ${n} at once: ${error}`);
        else firstTokens[side].push(answer.firstTokenMs);
      }
    }
    console.log(
      `${n} visitors, round ${round + 1} of ${rounds} (${(runMs() / 1000).toFixed(0)} s)`,
    );
  }
  const memory = {} as Level["memory"];
  for (const side of ["product", "reference"] as const) {
    const measured = await memoryPerAnswer(side, n);
    errors.push(...measured.errors.map((error) => `${side}, ${n} held open: ${error}`));
    memory[side] = { heapKiB: measured.heapKiB, rssKiB: measured.rssKiB };
  }
  const figures = (values: number[]) => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
  });
  const product = figures(firstTokens.product);
  const reference = figures(firstTokens.reference);
  results.push({
    visitors: n,
    answers: n * rounds,
    conversationStart: figures(starts),
    product,
    reference,
    addedP50: product.p50 - reference.p50,
    addedP99: product.p99 - reference.p99,
    cpuMsPerAnswer: {
      product: cpuMs.product / (n * rounds),
      reference: cpuMs.reference / (n * rounds),
    },
    errors: errors.length - errorsBefore,
    memory,
  });
}

console.log(
  `\nVisitors at once, one answer each (${tokens} tokens ${tokenDelayMs} ms apart) through the ` +
    `public chat on ${databaseName}, against streamText on the same provider; ${rounds} rounds; ` +
    `first token in ms; CPU time of this process per answer in ms; memory per open answer ` +
    `in KiB (heap / RSS)\n`,
);
console.log(
  "| visitors | conversation start p50 / p99 | streamText first token p50 / p99 | product p50 / p99 | added p50 / p99 | CPU: streamText / product | errors | memory: product | memory: streamText |",
);
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of results) {
  const kib = (m: { heapKiB: number; rssKiB: number }) =>
    `${m.heapKiB.toFixed(1)} / ${m.rssKiB.toFixed(1)}`;
  console.log(
    `| ${r.visitors} | ${ms(r.conversationStart.p50)} / ${ms(r.conversationStart.p99)} | ` +
      `${ms(r.reference.p50)} / ${ms(r.reference.p99)} | ${ms(r.product.p50)} / ${ms(r.product.p99)} | ` +
      `${ms(r.addedP50)} / ${ms(r.addedP99)} | ` +
      `${ms(r.cpuMsPerAnswer.reference)} / ${ms(r.cpuMsPerAnswer.product)} | ${r.errors} | ${kib(r.memory.product)} | ` +
      `${kib(r.memory.reference)} |`,
  );
}

console.log("\nTargets (issue 34):");
console.log(
  `  widget.js under ${count(widgetBudgetBytes)} bytes gzipped: ${count(gzipped)}, ` +
    `${gzipped <= widgetBudgetBytes ? "met" : "missed"}`,
);
const at100 = results.find((r) => r.visitors === 100);
if (at100) {
  console.log(
    `  at 100 visitors the product adds under ${targetAddedP50Ms} ms at p50 over streamText: ` +
      `${ms(at100.addedP50)} ms, ${at100.addedP50 < targetAddedP50Ms ? "met" : "missed"}`,
  );
}
console.log(`  no errors: ${errors.length}, ${errors.length === 0 ? "met" : "missed"}`);
for (const error of [...new Set(errors)].slice(0, 10)) console.log(`    ${error}`);
console.log(`\nload average ${load()}; in all ${(runMs() / 1000).toFixed(0)} s`);

if (process.env.BENCH_JSON) {
  writeFileSync(
    process.env.BENCH_JSON,
    `${JSON.stringify({ bundle, database: databaseName, rounds, tokens, tokenDelayMs, results, errors }, null, 2)}\n`,
  );
}
fake.close();
await api.close();
await dropCreatedDatabase({ wait: true });
process.exit(errors.length > 0 ? 1 : 0);
