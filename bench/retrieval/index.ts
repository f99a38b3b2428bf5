// `npm run eval:retrieval`: how well a bot's knowledge finds the passage that answers a question.
//
// The corpus (bench/retrieval/corpus/) is the English and Arabic website of an invented company,
// written for the project, with near-duplicate and distracting sections; the questions
// (bench/retrieval/questions/*.json) name the sections that answer them,
// as "Page title › Section heading", the heading the chunker gives a section's chunk. Some are
// misspelt, some use Arabic's spelling variants, some are asked in the other language than the
// passage (questions/cross.json).
//
// For each embedding model, the embedded Universal Sentence Encoder (the default of a deployment
// without one) and the tests' fake OpenAI-compatible provider (vectors from a hash of the text:
// no meaning), a bot learns every page through the API (a text source each, ingested by the
// knowledge jobs as in production, on PGlite in memory with pgvector), then each question is
// searched three ways: full-text search alone, vectors alone and both fused (what answers use).
// Reported per language of the question: recall@5 (a right passage among the first five) and the
// mean reciprocal rank of the first right passage in the first ten (MRR@10); and the ingestion's
// pages per second. Targets (issue 35), with the embedded model, hybrid: recall@5 >= 0.9 for
// English questions and >= 0.8 for Arabic ones.
//
//   BENCH_MODELS   embedded,fake (default both)
//   BENCH_MISSES   text, vector or hybrid: list the questions that search missed
//   BENCH_JSON     a file to write the figures to, as JSON
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { embedMany } from "ai";
import { sql } from "drizzle-orm";
import { aiEnvironment } from "../../api/ai/config";
import {
  sentenceEncoderModel,
  sentenceEncoderModelId,
} from "../../api/ai/embedded/sentence-encoder";
import { createModel } from "../../api/ai/providers";
import { queryRows } from "../../api/db/client";
import { type FoundBy, searchKnowledge } from "../../api/knowledge/retrieval";
import { type Embedder, readsOf } from "../../api/knowledge/vectors";
import { create, startBenchApi } from "../support/api";
import { startFakeProvider } from "../support/fake-provider";
import { addOrganization } from "../support/members";
import { startRun, temporaryDir } from "../support/run";

type Question = { question: string; answers: string[] };
type Language = "en" | "ar";
type Mode = "text" | "vector" | "hybrid";
type ModelName = "embedded" | "fake";

const here = import.meta.dirname;
const arabic = /\p{Script=Arabic}/u;
const languageOf = (text: string): Language => (arabic.test(text) ? "ar" : "en");

const pages = (["en", "ar"] as const).flatMap((language) =>
  readdirSync(join(here, "corpus", language))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => ({
      file: `${language}/${name}`,
      text: readFileSync(join(here, "corpus", language, name), "utf8"),
    })),
);
const questionSets = readdirSync(join(here, "questions"))
  .filter((name) => name.endsWith(".json"))
  .sort();
const questions = questionSets.flatMap((file) =>
  (JSON.parse(readFileSync(join(here, "questions", file), "utf8")) as Question[]).map(
    (question) => ({
      ...question,
      language: languageOf(question.question),
      /** Asked in the other language than every passage that answers it. */
      cross: question.answers.every(
        (answer) => languageOf(answer) !== languageOf(question.question),
      ),
    }),
  ),
);

const models = (process.env.BENCH_MODELS ?? "embedded,fake").split(",") as ModelName[];
const modes: { mode: Mode; searches: FoundBy[] }[] = [
  { mode: "text", searches: ["text"] },
  { mode: "vector", searches: ["vector"] },
  { mode: "hybrid", searches: ["text", "vector"] },
];
const targets: Record<Language, number> = { en: 0.9, ar: 0.8 };

startRun();
console.log(
  `\nRetrieval on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}: ` +
    `${pages.length} pages, ${questions.length} questions ` +
    `(${questions.filter((q) => q.language === "en").length} in English, ` +
    `${questions.filter((q) => q.language === "ar").length} in Arabic, ` +
    `${questions.filter((q) => q.cross).length} of them across languages)`,
);

const fake = models.includes("fake")
  ? await startFakeProvider({ tokens: 1, tokenDelayMs: 0 })
  : undefined;

/** The bot's chunks made by the API's knowledge jobs, every page a text source. */
async function learn(model: ModelName) {
  const environment = aiEnvironment(
    model === "fake" && fake
      ? { AI_BASE_URL: fake.baseUrl, AI_API_KEY: fake.apiKey, AI_EMBEDDING_MODEL: "eval-embedding" }
      : {},
  );
  const { api, db } = await startBenchApi(undefined, temporaryDir("qalam-eval-retrieval-"), {
    ai: {
      environment,
      offlineVoice: false,
      slideshow: false,
      sentenceEncoder: model === "embedded",
    },
  });
  const { owner } = await addOrganization(db, {
    bench: "retrieval",
    label: model,
    password: "an evaluation passphrase",
  });
  const post = (path: string, body: unknown) => create(api.fetch, owner.token, path, body);
  const bot = await post("/bots", { name: "Falak Solar", status: "live" });
  const started = performance.now();
  for (const page of pages) {
    await post(`/bots/${bot.id}/knowledge/sources`, {
      kind: "text",
      title: page.file,
      text: page.text,
    });
  }
  for (;;) {
    const [state] = await queryRows<{ pending: number; failed: number }>(
      db,
      sql`select count(*) filter (where status in ('queued', 'processing'))::int as pending,
          count(*) filter (where status = 'failed')::int as failed
        from knowledge_sources where bot_id = ${bot.id}`,
    );
    if (state?.failed) throw new Error(`${state.failed} pages failed to be learnt`);
    if (state?.pending === 0) break;
    await sleep(50);
  }
  const seconds = (performance.now() - started) / 1000;
  const chunks = await queryRows<{ heading: string; model: string | null }>(
    db,
    sql`select heading, embedding_model as model from knowledge_chunks where bot_id = ${bot.id}`,
  );
  return { db, bot, seconds, chunks };
}

function embedderOf(model: ModelName, modelId: string): Embedder {
  const embeddingModel =
    model === "embedded"
      ? sentenceEncoderModel()
      : createModel("embedding", {
          provider: "openai-compatible",
          model: modelId,
          baseUrl: fake?.baseUrl ?? "",
          apiKey: fake?.apiKey ?? "",
        });
  return {
    modelId,
    reads: readsOf(modelId, model === "embedded"),
    embed: async (values) => (await embedMany({ model: embeddingModel, values })).embeddings,
  };
}

type Score = { recall5: number; mrr10: number; questions: number };
const scoreOf = (ranks: (number | null)[]): Score => ({
  recall5: ranks.filter((rank) => rank !== null && rank <= 5).length / ranks.length,
  mrr10: ranks.reduce<number>((sum, rank) => sum + (rank ? 1 / rank : 0), 0) / ranks.length,
  questions: ranks.length,
});

async function evaluate(model: ModelName) {
  const { db, bot, seconds, chunks } = await learn(model);
  const headings = new Set(chunks.map((chunk) => chunk.heading));
  const unknown = questions.flatMap((q) => q.answers.filter((answer) => !headings.has(answer)));
  if (unknown.length > 0) {
    throw new Error(`Answers that name no chunk's heading:\n  ${unknown.join("\n  ")}`);
  }
  const modelId = model === "embedded" ? sentenceEncoderModelId : "eval-embedding";
  if (chunks.some((chunk) => chunk.model !== modelId)) {
    throw new Error(`Chunks without a vector of ${modelId}`);
  }
  const embedder = embedderOf(model, modelId);
  const results: Record<
    Mode,
    { question: (typeof questions)[number]; rank: number | null; found: string[] }[]
  > = {
    text: [],
    vector: [],
    hybrid: [],
  };
  for (const question of questions) {
    for (const { mode, searches } of modes) {
      const found = (
        await searchKnowledge(db, bot, question.question, {
          limit: 10,
          embedder,
          searches,
        })
      ).chunks.map((chunk) => chunk.heading);
      const index = found.findIndex((heading) => question.answers.includes(heading));
      results[mode].push({ question, rank: index === -1 ? null : index + 1, found });
    }
  }
  const groups = {
    en: (q: (typeof questions)[number]) => q.language === "en" && !q.cross,
    ar: (q: (typeof questions)[number]) => q.language === "ar" && !q.cross,
    "across languages": (q: (typeof questions)[number]) => q.cross,
  };
  const scores = Object.fromEntries(
    modes.map(({ mode }) => [
      mode,
      Object.fromEntries(
        Object.entries(groups).map(([group, belongs]) => [
          group,
          scoreOf(results[mode].filter((result) => belongs(result.question)).map((r) => r.rank)),
        ]),
      ),
    ]),
  ) as Record<Mode, Record<keyof typeof groups, Score>>;

  console.log(
    `\n${model === "embedded" ? `The embedded model (${sentenceEncoderModelId})` : "The fake provider's vectors (a hash of the text)"}: ` +
      `${chunks.length} chunks from ${pages.length} pages learnt in ${seconds.toFixed(1)} s, ` +
      `${(pages.length / seconds).toFixed(1)} pages a second`,
  );
  console.table(
    modes.flatMap(({ mode }) =>
      Object.entries(scores[mode]).map(([group, score]) => ({
        search: mode,
        questions: `${group} (${score.questions})`,
        "recall@5": score.recall5.toFixed(2),
        "MRR@10": score.mrr10.toFixed(2),
      })),
    ),
  );
  if (model === "embedded") {
    for (const language of ["en", "ar"] as const) {
      const recall = scores.hybrid[language].recall5;
      console.log(
        `hybrid recall@5, ${language === "en" ? "English" : "Arabic"}: ${recall.toFixed(2)}, ` +
          `target >= ${targets[language]}: ${recall >= targets[language] ? "met" : "missed"}`,
      );
    }
  }
  const missesOf = process.env.BENCH_MISSES as Mode | undefined;
  if (missesOf && missesOf in results) {
    for (const miss of results[missesOf].filter(
      (result) => result.rank === null || result.rank > 5,
    )) {
      console.log(
        `\nmissed: ${miss.question.question}\n  wanted: ${miss.question.answers.join(" | ")}\n  found:  ${miss.found.slice(0, 3).join(" | ")}`,
      );
    }
  }
  return { chunks: chunks.length, pagesPerSecond: pages.length / seconds, scores };
}

const figures: Record<string, unknown> = {};
for (const model of models) figures[model] = await evaluate(model);
fake?.close();
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures, null, 2));
process.exit(0);
