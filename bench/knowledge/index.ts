// `npm run bench:knowledge`: how long a bot takes to find its knowledge when it has a lot of it.
//
// A bot with 100,000 chunks, two other bots of the same organization with 25,000 each beside it,
// and a small bot with 1,000 (the reference, in the same database and the same rounds). Each
// chunk is about 80 words drawn from the retrieval evaluation's corpus (English and Arabic, so
// that its questions match many chunks, as on a large site) with a vector of 512 dimensions, the
// embedded model's size. The questions are the evaluation's (bench/retrieval), each searched in
// turn on the large bot and on the small one, three ways: full-text search alone, vectors alone and
// both fused (`searchKnowledge`, what answers use), its vector given (a model's time is not
// the database's; the embedded model's time for a question is reported beside).
// Reported: p50 and p95 of each, and the large bot's over the small one's.
//
//   BENCH_CHUNKS    chunks of the large bot (default 100000)
//   BENCH_OTHERS    chunks of each of the two other bots (default 25000)
//   BENCH_ROUNDS    rounds over the questions (default 3)
//   BENCH_QUESTIONS questions of the evaluation's, half in English, half in Arabic (default 30)
//   BENCH_DATABASE  `postgres` for a database of its own on BENCH_SERVER_URL (dropped at the end;
//                   vectors only where the server has pgvector); default PGlite in memory
//   BENCH_JSON      a file to write the figures to, as JSON
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { embedMany } from "ai";
import { sql } from "drizzle-orm";
import { sentenceEncoderModel } from "../../api/ai/embedded/sentence-encoder";
import { queryRows } from "../../api/db/client";
import { type FoundBy, searchKnowledge } from "../../api/knowledge/retrieval";
import { type Embedder, vectorsEnabled } from "../../api/knowledge/vectors";
import { create, startBenchApi } from "../support/api";
import { createDatabase, dropCreatedDatabase, serverVersion, stepTimer } from "../support/database";
import { count, env, type Figures, figuresOf, ms, ratio } from "../support/figures";
import { addOrganization } from "../support/members";
import { runMs, startRun, temporaryDir } from "../support/run";

const largeChunks = env("BENCH_CHUNKS", 100_000);
const otherChunks = env("BENCH_OTHERS", 25_000);
const smallChunks = 1_000;
const rounds = env("BENCH_ROUNDS", 3);
const onPostgres = process.env.BENCH_DATABASE === "postgres";
const dimensions = 512;

const corpus = join(import.meta.dirname, "..", "retrieval");
const corpusText = (["en", "ar"] as const)
  .flatMap((language) =>
    readdirSync(join(corpus, "corpus", language)).map((name) =>
      readFileSync(join(corpus, "corpus", language, name), "utf8"),
    ),
  )
  .join("\n");
const words = [...new Set(corpusText.match(/[\p{L}\p{N}]+/gu) ?? [])];
const questionCount = env("BENCH_QUESTIONS", 30);
// As many in English as in Arabic.
const questions = ["en.json", "ar.json"].flatMap((file) =>
  (JSON.parse(readFileSync(join(corpus, "questions", file), "utf8")) as { question: string }[])
    .slice(0, questionCount / 2)
    .map((q) => q.question),
);
if (words.length < 100 || questions.length === 0) {
  throw new Error("The retrieval evaluation's corpus and questions are missing (bench/retrieval)");
}

startRun();
const database = onPostgres
  ? await createDatabase("knowledge", "with BENCH_DATABASE=postgres")
  : undefined;
const { api, db } = await startBenchApi(database?.url, temporaryDir("qalam-bench-knowledge-"), {
  ai: { offlineVoice: false, slideshow: false },
});
const vectors = await vectorsEnabled(db);
const timer = stepTimer();
const { steps } = timer;
/** A step of the seeding, told as it ends: at full size they take minutes. */
const step = async <T>(name: string, run: () => Promise<T>) => {
  const value = await timer.step(name, run);
  console.log(`  ${steps.at(-1)}`);
  return value;
};
const { owner, id: organizationId } = await addOrganization(db, {
  bench: "knowledge",
  label: "large",
  password: "a bench knowledge passphrase",
});

const post = (path: string, body: unknown) => create(api.fetch, owner.token, path, body);

/** A bot with one text source, learnt by the knowledge jobs, then `chunks` chunks more beside it. */
async function botWith(name: string, chunks: number) {
  const bot = await post("/bots", { name, status: "live" });
  const source = await post(`/bots/${bot.id}/knowledge/sources`, {
    kind: "text",
    title: `${name}'s site`,
    text: `# ${name}\n\n${words.slice(0, 60).join(" ")}`,
  });
  for (;;) {
    const [row] = await queryRows<{ status: string }>(
      db,
      sql`select status from knowledge_sources where id = ${source.id}`,
    );
    if (row?.status === "ready") break;
    if (row?.status === "failed") throw new Error(`${name}'s source failed`);
    await sleep(20);
  }
  // In slices, so that one statement's memory stays small.
  for (let start = 0; start < chunks; start += 10_000) {
    const end = Math.min(chunks, start + 10_000);
    await db.execute(sql`
      insert into knowledge_chunks (organization_id, bot_id, source_id, position, heading, text
        ${vectors ? sql`, embedding_model, embedding_dimensions, embedding` : sql``})
      with corpus as (select string_to_array(${words.join(" ")}, ' ') as words)
      select ${organizationId}, ${bot.id}, ${source.id}, n, 'Section ' || n,
        (select string_agg(t.words[1 + floor(random() * ${words.length}::int)::int], ' ')
          from (select corpus.words, g from generate_series(1, 80 + n % 2 * 0) as g) as t)
        ${
          vectors
            ? sql`, 'bench-vectors', ${dimensions},
              (select array_agg(random() - 0.5)::real[] from generate_series(1, ${dimensions}::int + n % 2 * 0))::vector`
            : sql``
        }
      from generate_series(${start + 1}::int, ${end}::int) as n, corpus`);
  }
  return bot;
}

const large = await step(`a bot of ${count(largeChunks)} chunks`, () =>
  botWith("Large", largeChunks),
);
for (const name of ["Beside one", "Beside two"]) {
  await step(`one of ${count(otherChunks)}`, () => botWith(name, otherChunks));
}
const small = await step(`one of ${count(smallChunks)}`, () => botWith("Small", smallChunks));
await step("analyze", () => db.execute(sql`analyze`));

/** A question's vector: random, as the chunks' are; made before the clock starts. */
const randomVector = () => Array.from({ length: dimensions }, () => Math.random() - 0.5);
const embedderFor = (vector: number[]): Embedder => ({
  modelId: "bench-vectors",
  reads: () => true,
  embed: async () => [vector],
});

const modes: { mode: string; searches: FoundBy[] }[] = [
  { mode: "full text", searches: ["text"] },
  ...(vectors
    ? [
        { mode: "vectors", searches: ["vector"] as FoundBy[] },
        { mode: "hybrid", searches: ["text", "vector"] as FoundBy[] },
      ]
    : []),
];
const times: Record<string, number[]> = {};
for (let round = 0; round < rounds + 1; round++) {
  for (const question of questions) {
    const embedder = embedderFor(randomVector());
    for (const { mode, searches } of modes) {
      for (const [which, bot] of [
        ["large", large],
        ["small", small],
      ] as const) {
        const started = performance.now();
        await searchKnowledge(db, bot, question, { embedder, searches });
        const taken = performance.now() - started;
        // The first round warms the caches and plans, and is not counted.
        if (round > 0) times[`${which} ${mode}`] = [...(times[`${which} ${mode}`] ?? []), taken];
      }
    }
  }
}

// The embedded model's own time for a question, for the whole answer's account.
const encoder = sentenceEncoderModel();
await embedMany({ model: encoder, values: ["warm up"] });
const encoding: number[] = [];
for (const question of questions.slice(0, 40)) {
  const started = performance.now();
  await embedMany({ model: encoder, values: [question] });
  encoding.push(performance.now() - started);
}

const figures: Record<string, Figures> = {};
for (const [name, values] of Object.entries(times)) figures[name] = figuresOf(values);
const databaseName = database ? `PostgreSQL ${await serverVersion(db)}` : "PGlite";
console.log(
  `\nKnowledge at scale on ${databaseName}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(`Seeding: ${steps.join(", ")}`);
console.log(
  `${count(questions.length)} questions, ${rounds} rounds after one of warm-up; vectors: ${vectors ? `${dimensions} dimensions` : "none (no pgvector)"}\n`,
);
console.log("search      small bot p50/p95     large bot p50/p95     large/small p50");
for (const { mode } of modes) {
  const smallFigures = figures[`small ${mode}`];
  const largeFigures = figures[`large ${mode}`];
  if (!smallFigures || !largeFigures) continue;
  console.log(
    `${mode.padEnd(11)} ${`${ms(smallFigures.p50)}/${ms(smallFigures.p95)} ms`.padEnd(21)} ` +
      `${`${ms(largeFigures.p50)}/${ms(largeFigures.p95)} ms`.padEnd(21)} ${ratio(largeFigures.p50, smallFigures.p50)}`,
  );
}
const encoded = figuresOf(encoding);
console.log(
  `\nThe embedded model's vector for a question: ${ms(encoded.p50)}/${ms(encoded.p95)} ms (p50/p95)`,
);
console.log(`Run: ${(runMs() / 1000).toFixed(0)} s`);
if (process.env.BENCH_JSON) {
  writeFileSync(process.env.BENCH_JSON, JSON.stringify({ figures, encoding: encoded }, null, 2));
}
await dropCreatedDatabase({ wait: false });
process.exit(0);
