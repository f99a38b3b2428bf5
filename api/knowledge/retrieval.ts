import { type SQL, sql } from "drizzle-orm";
import { type AiServices, modelOf, organizationAiSettings } from "../ai/ai-models";
import { type Database, queryRows } from "../db/client";
import type { BotAnswerSource, KnowledgeSourceKind } from "../db/schema";
import { type Reranker, rerankerOf } from "./rerank";
import { type Embedder, embedderOf, vectorLiteral, vectorsEnabled } from "./vectors";

/** Which search found a passage: full text, the vectors, or both. */
export type FoundBy = "text" | "vector";

export type RetrievedChunk = {
  id: string;
  sourceId: string;
  /** The source's title, a file's name or a page's address: what an answer cites. */
  sourceTitle: string;
  sourceKind: KnowledgeSourceKind;
  url: string | null;
  fileName: string | null;
  heading: string;
  text: string;
  /** The fused score (reciprocal rank), higher first. */
  score: number;
  /** The vector's cosine similarity to the question, where a vector found it. */
  similarity: number | null;
  /** The rerank model's score, where one reordered the passages. */
  relevance: number | null;
  foundBy: FoundBy[];
};

export type RetrievedQa = {
  id: string;
  question: string;
  answer: string;
  score: number;
  similarity: number | null;
  foundBy: FoundBy[];
  /** Close enough to the question that its answer comes first. */
  close: boolean;
};

export type Retrieval = {
  chunks: RetrievedChunk[];
  qa: RetrievedQa[];
  /** Whether vectors took part: false without pgvector or without an embedding model. */
  vectors: boolean;
  /** The rerank model that reordered the passages; null without one, or when it failed. */
  rerankModel: string | null;
};

export const retrievalDefaults = {
  /** Passages an answer is given. */
  limit: 5,
  /** Candidates each search gives the fusion. */
  candidates: 20,
  /** The fused passages a rerank model reorders, best first, before the first `limit` are kept. */
  rerankCandidates: 20,
  /**
   * Reciprocal rank fusion's constant. Cormack et al. give 60 for lists of a thousand; for lists
   * of twenty, a smaller one lets the first places count (measured: docs/performance.md,
   * "Retrieval").
   */
  rrfK: 10,
  /**
   * What a place in the vectors' list is worth beside the same place in the words' list: the
   * embedded model finds less than the words do, and an equal say made answers worse.
   */
  vectorWeight: 0.5,
  /** A vector this similar to the question is relevant on its own. */
  relevantSimilarity: 0.3,
  /** A question-and-answer pair this similar to the question answers first. */
  closeQaSimilarity: 0.8,
} as const;

type Ranked<T> = { row: T; textRank: number | null; vectorRank: number | null };

/** Reciprocal rank fusion: each list gives its weight / (k + rank); the sum orders the passages. */
function fuse<T extends { id: string }>(
  textRows: T[],
  vectorRows: T[],
  k: number,
): (Ranked<T> & { score: number })[] {
  const byId = new Map<string, Ranked<T>>();
  textRows.forEach((row, index) => {
    byId.set(row.id, { row, textRank: index + 1, vectorRank: null });
  });
  vectorRows.forEach((row, index) => {
    const known = byId.get(row.id);
    if (known) known.vectorRank = index + 1;
    else byId.set(row.id, { row, textRank: null, vectorRank: index + 1 });
  });
  return [...byId.values()]
    .map((ranked) => ({
      ...ranked,
      score:
        (ranked.textRank ? 1 / (k + ranked.textRank) : 0) +
        (ranked.vectorRank ? retrievalDefaults.vectorWeight / (k + ranked.vectorRank) : 0),
    }))
    .sort((a, b) => b.score - a.score);
}

const foundBy = (ranked: { textRank: number | null; vectorRank: number | null }): FoundBy[] => [
  ...(ranked.textRank ? (["text"] as const) : []),
  ...(ranked.vectorRank ? (["vector"] as const) : []),
];

type ChunkRow = Omit<RetrievedChunk, "score" | "similarity" | "foundBy"> & {
  similarity?: number | null;
};
type QaRow = { id: string; question: string; answer: string; similarity?: number | null };

/** Arabic as the search normalises it (docs/search.md), less the article: one spelling per word. */
const arabicForm = (word: string) =>
  word
    .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ؤ/g, "و")
    .replace(/ئ/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي");

/**
 * Arabic words that ask rather than say (question words, prepositions, pronouns, the colloquial
 * "what" and "how much"), in the form above. PostgreSQL's Arabic configuration keeps them, and in a
 * search for any of a question's words they would match nearly every passage.
 */
const arabicStopWords = new Set(
  (
    "هل في من الي علي عن كم ما ماذا متي اين وين كيف ليش لماذا اذا ان او و ف ب ل ك انا انت انتم " +
    "نحن هو هي هم هذا هذه ذلك تلك التي الذي الذين اللي مع عند عندي عندك عندكم لي لك لكم لنا " +
    "بدي بدنا شو قديش ايش اي كل بين ثم قد لم لن لا نعم كان يكون هناك هنا يا ام بس حتي منذ " +
    "يعني ممكن يمكن اقدر بقدر نقدر تقدر اريد بدك"
  ).split(" "),
);

/** A visitor's question for the search of its words: without the Arabic words that only ask. */
export function searchWords(question: string): string {
  return question
    .split(/\s+/)
    .filter((word) => !arabicStopWords.has(arabicForm(word.replace(/[\p{P}\p{S}]/gu, ""))))
    .join(" ");
}

const chunkColumns = sql`c.id, c.source_id as "sourceId", s.title as "sourceTitle", s.kind as "sourceKind",
  coalesce(c.url, s.url) as url, s.file_name as "fileName", c.heading, c.text`;
/** `chunkColumns` as their names, from a query that selected them. */
const chunkNames = sql`id, "sourceId", "sourceTitle", "sourceKind", url, "fileName", heading, text`;

/** Chunks a word may be in and still narrow the search; past it, a word only ranks (BM25's "common"). */
const commonWordChunks = 100;

/** Passages weighed word by word for each one the search gives. */
const rerankedPerCandidate = 5;

/** A lexeme as a tsquery's text: quoted, its quotes doubled. */
const lexemeQuery = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;

/**
 * The bot's passages that hold the question's words (English stems, Arabic stems of the
 * normalised words, without the words that only ask), ranked as BM25 weighs words: each word by
 * how rare it is among the bot's passages (its inverse document frequency) times `ts_rank` for
 * it, so that "apartment" counts for more than "solar" on a solar company's site. A word found
 * in more than `commonWordChunks` passages ranks the others but does not find passages on its
 * own (unless the question has no rarer word), so that a large bot's search reads the passages
 * its rare words are in rather than nearly all of them. Two statements: the words' counts, then
 * the passages.
 */
async function searchByWords(
  db: Database,
  botId: string,
  query: SQL,
  candidates: number,
): Promise<ChunkRow[]> {
  const [asked] = await queryRows<{ query: string }>(db, sql`select ${query}::text as query`);
  const lexemes = [
    ...new Set(
      [...(asked?.query ?? "").matchAll(/'((?:[^']|'')+)'/g)].map((match) =>
        (match[1] ?? "").replaceAll("''", "'"),
      ),
    ),
  ];
  if (lexemes.length === 0) return [];
  // Each word's passages, counted up to `commonWordChunks` (the GIN index finds them).
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select coalesce(sum(chunk_count), 0) from knowledge_sources
          where bot_id = ${botId} and status <> 'failed')::int as total,
        ${sql.join(
          lexemes.map(
            (lexeme, index) => sql`(select count(*) from (select 1 from knowledge_chunks k
              where k.bot_id = ${botId} and k.search @@ ${lexemeQuery(lexeme)}::tsquery
              limit ${commonWordChunks}) as x)::int as ${sql.identifier(`w${index}`)}`,
          ),
          sql`, `,
        )}`,
  );
  const present = lexemes
    .map((lexeme, index) => ({ lexeme, found: Number(counts?.[`w${index}`] ?? 0) }))
    .filter((word) => word.found > 0);
  if (present.length === 0) return [];
  const total = Math.max(Number(counts?.total ?? 0), ...present.map((word) => word.found));
  const weighed = present
    .map((word) => ({
      ...word,
      idf: Math.log(1 + (total - word.found + 0.5) / (word.found + 0.5)),
    }))
    .sort((a, b) => a.found - b.found);
  const rare = weighed.filter((word) => word.found < commonWordChunks);
  const finding = rare.length > 0 ? rare : weighed.slice(0, 1);
  const score = sql.join(
    weighed.map(
      (word) =>
        sql`${word.idf}::float8 * ts_rank(c.search, ${lexemeQuery(word.lexeme)}::tsquery, 1)`,
    ),
    sql` + `,
  );
  const finds = finding.map((word) => lexemeQuery(word.lexeme)).join(" | ");
  // The passages its rarer words find, first by ts_rank (one call a passage), then the best of
  // them by each word's weight.
  return queryRows<ChunkRow>(
    db,
    sql`select ${chunkNames} from (
        select ${chunkColumns}, c.search
        from knowledge_chunks c join knowledge_sources s on s.id = c.source_id
        where c.bot_id = ${botId} and s.status <> 'failed' and c.search @@ ${finds}::tsquery
        order by ts_rank(c.search, ${finds}::tsquery, 1) desc, c.id
        limit ${candidates * rerankedPerCandidate}
      ) as c
      order by ${score} desc, c.id
      limit ${candidates}`,
  );
}

/**
 * A bot's passages for a question: full-text search (any of its words, English and Arabic,
 * docs/search.md) and, where the database keeps vectors and the organization has an embedding
 * model, the nearest vectors of that model; fused by reciprocal rank. The bot's
 * question-and-answer pairs are searched the same way beside them; one close to the question is
 * marked to answer first. Where the organization has a rerank model, it reorders the fused
 * passages. A source that failed (its document deleted) gives nothing; one being read again gives
 * its chunks until the new ones replace them.
 */
export async function retrieveKnowledge(
  db: Database,
  ai: AiServices,
  bot: { id: string; organizationId: string },
  question: string,
  options: {
    limit?: number;
    userId?: string | null;
    embedder?: Embedder | null;
    reranker?: Reranker | null;
  } = {},
): Promise<Retrieval> {
  // The organization's models, read once for both.
  const settings =
    options.embedder === undefined || options.reranker === undefined
      ? await organizationAiSettings(db, ai.secrets, bot.organizationId)
      : {};
  const call = {
    organizationId: bot.organizationId,
    userId: options.userId ?? null,
    purpose: "knowledge",
  };
  const embedding =
    options.embedder === undefined && (await vectorsEnabled(db))
      ? modelOf(ai.registry, settings, "embedding")
      : null;
  const rerankModel =
    options.reranker === undefined ? modelOf(ai.registry, settings, "rerank") : null;
  const embedder =
    options.embedder !== undefined
      ? options.embedder
      : embedding && embedderOf(db, ai, embedding, call);
  const reranker =
    options.reranker !== undefined
      ? options.reranker
      : rerankModel && rerankerOf(db, ai, rerankModel, call);
  return searchKnowledge(db, bot, question, { limit: options.limit, embedder, reranker });
}

/**
 * `retrieveKnowledge` with its embedding model given (null: full-text search alone), and
 * `searches` to leave one search out (the retrieval evaluation measures each alone).
 */
export async function searchKnowledge(
  db: Database,
  bot: { id: string },
  question: string,
  options: {
    limit?: number | undefined;
    embedder: Embedder | null;
    reranker?: Reranker | null;
    searches?: readonly FoundBy[];
  },
): Promise<Retrieval> {
  const limit = options.limit ?? retrievalDefaults.limit;
  const candidates = Math.max(limit, retrievalDefaults.candidates);
  const searches = options.searches ?? ["text", "vector"];
  const embedder =
    searches.includes("vector") && options.embedder?.reads(question) && (await vectorsEnabled(db))
      ? options.embedder
      : null;
  const byText = searches.includes("text");
  const query = sql`qalam_any_words_query(${searchWords(question)})`;
  const [vector] = embedder ? await embedder.embed([question]) : [];
  const literal = vector ? vectorLiteral(vector) : null;
  const dimensions = vector?.length ?? 0;

  const [textChunks, vectorChunks, textQa, vectorQa] = await Promise.all([
    byText ? searchByWords(db, bot.id, query, candidates) : Promise.resolve([] as ChunkRow[]),
    literal && embedder
      ? queryRows<ChunkRow>(
          db,
          sql`select ${chunkColumns}, 1 - (c.embedding <=> ${literal}::vector) as similarity
            from knowledge_chunks c join knowledge_sources s on s.id = c.source_id
            where c.bot_id = ${bot.id} and s.status <> 'failed'
              and c.embedding_model = ${embedder.modelId} and c.embedding_dimensions = ${dimensions}
              and c.embedding is not null
            order by c.embedding <=> ${literal}::vector, c.id
            limit ${candidates}`,
        )
      : Promise.resolve([] as ChunkRow[]),
    byText
      ? queryRows<QaRow>(
          db,
          sql`select q.id, q.question, q.answer from knowledge_qa q
            where q.bot_id = ${bot.id} and numnode(${query}) > 0 and q.search @@ ${query}
            order by ts_rank(q.search, ${query}, 1) desc, q.id
            limit ${candidates}`,
        )
      : Promise.resolve([] as QaRow[]),
    literal && embedder
      ? queryRows<QaRow>(
          db,
          sql`select q.id, q.question, q.answer, 1 - (q.embedding <=> ${literal}::vector) as similarity
            from knowledge_qa q
            where q.bot_id = ${bot.id} and q.embedding_model = ${embedder.modelId}
              and q.embedding_dimensions = ${dimensions} and q.embedding is not null
            order by q.embedding <=> ${literal}::vector, q.id
            limit ${candidates}`,
        )
      : Promise.resolve([] as QaRow[]),
  ]);

  const similarityOf = (rows: { id: string; similarity?: number | null }[]) =>
    new Map(rows.map((row) => [row.id, row.similarity == null ? null : Number(row.similarity)]));
  const chunkSimilarity = similarityOf(vectorChunks);
  const qaSimilarity = similarityOf(vectorQa);
  const normalised = (text: string) =>
    text
      .toLocaleLowerCase()
      .replace(/[\p{P}\p{S}\s]+/gu, " ")
      .trim();

  const fused = fuse(textChunks, vectorChunks, retrievalDefaults.rrfK).map(
    ({ row, score, ...ranked }) => {
      const { similarity: _similarity, ...chunk } = row;
      return {
        ...chunk,
        score,
        similarity: chunkSimilarity.get(row.id) ?? null,
        relevance: null as number | null,
        foundBy: foundBy(ranked),
      };
    },
  );
  const reranked = options.reranker
    ? await rerankPassages(options.reranker, question, fused)
    : null;
  const chunks = (reranked ?? fused).slice(0, limit);
  const qa = fuse(textQa, vectorQa, retrievalDefaults.rrfK)
    .slice(0, limit)
    .map(({ row, score, ...ranked }) => {
      const similarity = qaSimilarity.get(row.id) ?? null;
      return {
        id: row.id,
        question: row.question,
        answer: row.answer,
        score,
        similarity,
        foundBy: foundBy(ranked),
        close:
          (similarity !== null && similarity >= retrievalDefaults.closeQaSimilarity) ||
          normalised(row.question) === normalised(question),
      };
    });
  return {
    chunks,
    qa,
    vectors: literal !== null,
    rerankModel: reranked ? (options.reranker?.modelId ?? null) : null,
  };
}

/**
 * The first fused passages in the rerank model's order, each with its score, and the others
 * after them as they were; null when the model failed (over quota, unreachable): the fused order
 * stands, as it does without a model.
 */
async function rerankPassages(
  reranker: Reranker,
  question: string,
  fused: RetrievedChunk[],
): Promise<RetrievedChunk[] | null> {
  const head = fused.slice(0, retrievalDefaults.rerankCandidates);
  if (head.length === 0) return null;
  const ranking = await reranker
    .rerank(
      question,
      head.map((chunk) => (chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text)),
    )
    .catch(() => null);
  if (!ranking) return null;
  const seen = new Set<number>();
  const ordered: RetrievedChunk[] = [];
  for (const { index, score } of [...ranking].sort((a, b) => b.score - a.score)) {
    const chunk = head[index];
    if (!chunk || seen.has(index)) continue;
    seen.add(index);
    ordered.push({ ...chunk, relevance: score });
  }
  // Passages the model left out keep their fused order after the ones it scored.
  for (const [index, chunk] of head.entries()) if (!seen.has(index)) ordered.push(chunk);
  return [...ordered, ...fused.slice(head.length)];
}

/**
 * Whether a bot has knowledge to answer from: the chunks of a source that did not fail (what
 * retrieval reads), or a question-and-answer pair.
 */
export async function hasKnowledge(db: Database, botId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
        select 1 from knowledge_chunks c join knowledge_sources s on s.id = c.source_id
        where c.bot_id = ${botId} and s.status <> 'failed'
      ) or exists (select 1 from knowledge_qa where bot_id = ${botId}) as found`,
  );
  return row?.found ?? false;
}

/** What an answer is given of the knowledge: numbered passages, and the pairs that match. */
export type AnswerKnowledge = {
  /** The system message that carries the knowledge to the model. */
  instruction: string;
  /** The passages by their numbers (1 first): what an answer's `[n]` cites. */
  sources: BotAnswerSource[];
};

/**
 * The knowledge as the model reads it: a pair close to the question first, then the relevant
 * passages, numbered so that the answer can cite them as [1], [2]; in knowledge-only mode, with
 * the fallback message to give when none covers the question.
 */
export function answerKnowledge(
  retrieval: Retrieval,
  options: { knowledgeOnly: boolean; fallbackMessage: string },
): AnswerKnowledge | null {
  const relevant = <T extends { foundBy: FoundBy[]; similarity: number | null }>(items: T[]) =>
    items.filter(
      (item) =>
        item.foundBy.includes("text") ||
        (item.similarity !== null && item.similarity >= retrievalDefaults.relevantSimilarity),
    );
  const pairs = relevant(retrieval.qa).sort((a, b) => Number(b.close) - Number(a.close));
  const passages = relevant(retrieval.chunks);
  if (pairs.length === 0 && passages.length === 0) return null;
  const lines: string[] = [
    options.knowledgeOnly
      ? "Answer only from the knowledge below. When it does not answer the question, reply with exactly this and nothing else:"
      : "Use the knowledge below when it covers the question; it is more reliable than what you remember.",
  ];
  if (options.knowledgeOnly) lines.push(options.fallbackMessage || "I don't know.");
  if (pairs.length > 0) {
    lines.push("", "Questions the bot's owners answered (the closest first):");
    for (const pair of pairs) lines.push(`Q: ${pair.question}`, `A: ${pair.answer}`);
  }
  const sources: BotAnswerSource[] = [];
  if (passages.length > 0) {
    lines.push(
      "",
      "Passages, each with its number. After a sentence that uses one, cite it by its number in square brackets, like [1].",
    );
    for (const passage of passages) {
      sources.push({ title: passage.sourceTitle, url: passage.url });
      const where = passage.heading
        ? `${passage.sourceTitle} › ${passage.heading}`
        : passage.sourceTitle;
      lines.push("", `[${sources.length}] ${where}`, passage.text);
    }
  }
  return { instruction: lines.join("\n"), sources };
}

/** The sources an answer cited by number (`[2]`), each once, in the order of their numbers. */
export function citedSources(text: string, sources: BotAnswerSource[]): BotAnswerSource[] {
  const numbers = new Set([...text.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1])));
  const cited: BotAnswerSource[] = [];
  const seen = new Set<string>();
  for (const number of [...numbers].sort((a, b) => a - b)) {
    const source = sources[number - 1];
    const key = source ? `${source.title}\n${source.url ?? ""}` : "";
    if (source && !seen.has(key)) {
      seen.add(key);
      cited.push(source);
    }
  }
  return cited;
}
