import { and, eq, sql } from "drizzle-orm";
import type { AiServices } from "../ai/ai-models";
import { AiError, classifyAiError } from "../ai/errors";
import type { FetchFunction } from "../ai/network";
import { documentToMarkdown } from "../crm/document-content";
import type { Database } from "../db/client";
import { documents, knowledgeChunks, knowledgeQa, knowledgeSources } from "../db/schema";
import { AppError } from "../errors";
import { defineJobKind, type JobKind, PermanentJobError } from "../jobs/kinds";
import { publishEvent } from "../realtime/events";
import { chunkText } from "./chunking";
import {
  type Embedder,
  embedderFor,
  embeddingBatch,
  vectorLiteral,
  vectorsEnabled,
} from "./vectors";
import { readWebsite } from "./websites";

export type IngestInput = { sourceId: string };
export type IndexQaInput = { botId: string };

/** The job's kind that gives a bot's question-and-answer pairs their vectors. */
export const indexQaKindName = "knowledge.index-qa";

/** The job's kind that gives an organization's knowledge the vectors of its new embedding model. */
export const reindexKindName = "knowledge.reindex";

/** The job's kind: it reads a source's text, cuts it into chunks and gives each its vector. */
export const ingestKindName = "knowledge.ingest";

/** Tells the organization's open pages that a source moved on (status, progress, figures). */
async function sourceChanged(db: Database, organizationId: string, id: string, actor: string) {
  await publishEvent(
    db,
    { organizationId },
    { type: "knowledge.source.updated", id, organizationId, actor },
  );
}

/** What ingestion reads websites with (docs/knowledge.md, "Websites"). */
export type WebReading = {
  /** The guarded fetch: public addresses only, unless KNOWLEDGE_ALLOW_PRIVATE_NETWORK=1. */
  fetch: FetchFunction;
  /** The pause between two requests to a site, ms. */
  delayMs: number;
};

export type IngestionServices = { ai: AiServices; web: WebReading };

type SourceRow = typeof knowledgeSources.$inferSelect;

/**
 * What a source teaches, as Markdown pages: a website's as its pages are now (each with its
 * address, which its chunks keep for citations), a document's as it is now, the others' as given.
 */
async function sourcePages(
  db: Database,
  web: WebReading,
  source: SourceRow,
  signal: AbortSignal,
  report: (fraction: number) => Promise<void>,
): Promise<{ title: string; pages: { url: string | null; title: string; text: string }[] }> {
  if (source.kind === "url" || source.kind === "sitemap" || source.kind === "crawl") {
    const pages = await readWebsite(
      {
        fetch: web.fetch,
        delayMs: web.delayMs,
        signal,
        progress: (done, known) => report((0.5 * done) / Math.max(known, 1)),
      },
      { kind: source.kind, url: source.url ?? "", options: source.options },
    );
    return { title: source.title, pages };
  }
  const { title, text } = await sourceText(db, source);
  return { title, pages: [{ url: null, title: "", text }] };
}

/** The text a source teaches, as Markdown: a document's as it is now, the others' as given. */
async function sourceText(
  db: Database,
  source: SourceRow,
): Promise<{ title: string; text: string }> {
  if (source.kind !== "document") return { title: source.title, text: source.content };
  const [document] = source.documentId
    ? await db
        .select({ title: documents.title, content: documents.content })
        .from(documents)
        .where(
          and(
            eq(documents.id, source.documentId),
            eq(documents.organizationId, source.organizationId),
            sql`${documents.deletedAt} is null`,
          ),
        )
    : [];
  if (!document) {
    throw new PermanentJobError("DOCUMENT_GONE", "The document was deleted.");
  }
  return { title: document.title, text: documentToMarkdown(document.title, document.content) };
}

/** Why a source failed, in words for its owners: the AI provider's failure, or ours in general. */
function failureOf(error: unknown, signal: AbortSignal) {
  if (error instanceof PermanentJobError) {
    return { errorCode: error.code, errorMessage: error.message };
  }
  if (signal.aborted) return { errorCode: "CANCELLED", errorMessage: "The work was stopped." };
  if (error instanceof AppError) return { errorCode: error.code, errorMessage: error.message };
  if (error instanceof AiError) {
    const { code, detail } = error.failure;
    return { errorCode: code, errorMessage: `The embedding model failed: ${detail ?? code}` };
  }
  return {
    errorCode: "INGESTION_FAILED",
    errorMessage: "The source could not be read; it will be tried again.",
  };
}

/**
 * Ingests one source: its chunks replaced in one transaction (answers see the old ones until
 * the new are all there), with vectors where the database keeps them and the organization has
 * an embedding model. Progress goes to the source's row and the page, live.
 */
async function ingestSource(
  db: Database,
  { ai, web }: IngestionServices,
  {
    sourceId,
    organizationId,
    userId,
  }: { sourceId: string; organizationId: string; userId: string | null },
  signal: AbortSignal,
  progress: (fraction: number) => Promise<void>,
): Promise<{ chunks: number }> {
  const [source] = await db
    .select()
    .from(knowledgeSources)
    .where(
      and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.organizationId, organizationId)),
    );
  if (!source) return { chunks: 0 };
  const report = async (fraction: number) => {
    await db
      .update(knowledgeSources)
      .set({ progress: fraction })
      .where(eq(knowledgeSources.id, source.id));
    await progress(fraction);
    await sourceChanged(db, source.organizationId, source.id, userId ?? "");
  };
  await db
    .update(knowledgeSources)
    .set({ status: "processing", progress: 0, errorCode: null, errorMessage: null })
    .where(eq(knowledgeSources.id, source.id));
  await sourceChanged(db, source.organizationId, source.id, userId ?? "");
  try {
    const { title, pages } = await sourcePages(db, web, source, signal, report);
    const chunks = pages.flatMap((page) =>
      chunkText(page.text, { size: source.chunkSize, overlap: source.chunkOverlap }).map(
        (chunk) => ({ ...chunk, heading: chunk.heading || page.title, url: page.url }),
      ),
    );
    const characters = pages.reduce((sum, page) => sum + page.text.length, 0);
    if (chunks.length === 0) {
      throw new PermanentJobError("EMPTY_SOURCE", "The source has no text to learn from.");
    }
    const embedder = (await vectorsEnabled(db))
      ? await embedderFor(db, ai, source.organizationId, userId, "knowledge")
      : null;
    // By position; a chunk the model does not read has none.
    const vectors: (number[] | undefined)[] = [];
    if (embedder) {
      const read = [...chunks.keys()].filter((position) =>
        embedder.reads(chunks[position]?.text ?? ""),
      );
      for (let start = 0; start < read.length; start += embeddingBatch) {
        const batch = read.slice(start, start + embeddingBatch);
        const texts = batch.map((position) => chunks[position]?.text ?? "");
        const embedded = await embedder.embed(texts, signal).catch((error: unknown) => {
          if (error instanceof AppError || error instanceof AiError) throw error;
          throw new AiError(classifyAiError(error), { cause: error });
        });
        batch.forEach((position, index) => {
          vectors[position] = embedded[index];
        });
        await report(Math.min(0.95, (start + batch.length) / read.length));
      }
    }
    signal.throwIfAborted();
    await db.transaction(async (tx) => {
      await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.sourceId, source.id));
      const rows = await tx
        .insert(knowledgeChunks)
        .values(
          chunks.map((chunk, position) => ({
            organizationId: source.organizationId,
            botId: source.botId,
            sourceId: source.id,
            position,
            heading: chunk.heading,
            text: chunk.text,
            url: chunk.url,
            embeddingModel: embedder?.modelId ?? null,
            embeddingDimensions: embedder ? (vectors[position]?.length ?? null) : null,
          })),
        )
        .returning({ id: knowledgeChunks.id, position: knowledgeChunks.position });
      if (embedder) {
        const given = rows.flatMap((row) => {
          const vector = vectors[row.position];
          return vector ? [{ id: row.id, embedding: vectorLiteral(vector) }] : [];
        });
        await tx.execute(sql`
          update knowledge_chunks set embedding = given.embedding::vector
          from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as given(id uuid, embedding text)
          where knowledge_chunks.id = given.id`);
      }
      await tx
        .update(knowledgeSources)
        .set({
          title: source.kind === "document" ? title : source.title,
          status: "ready",
          progress: 1,
          characters,
          chunkCount: chunks.length,
          syncedAt: new Date(),
          errorCode: null,
          errorMessage: null,
        })
        .where(eq(knowledgeSources.id, source.id));
    });
    await sourceChanged(db, source.organizationId, source.id, userId ?? "");
    return { chunks: chunks.length };
  } catch (error) {
    // Marked failed with the reason at once; a try after this one sets it processing again.
    await db
      .update(knowledgeSources)
      .set({ status: "failed", ...failureOf(error, signal) })
      .where(eq(knowledgeSources.id, source.id));
    await sourceChanged(db, source.organizationId, source.id, userId ?? "");
    throw error;
  }
}

/** Gives a bot's pairs whose vector is missing or of another model one of `embedder`'s. */
async function indexBotPairs(
  db: Database,
  embedder: Embedder,
  { organizationId, botId }: { organizationId: string; botId: string },
  signal: AbortSignal,
): Promise<{ indexed: number }> {
  let indexed = 0;
  for (;;) {
    const pending = await db
      .select({ id: knowledgeQa.id, question: knowledgeQa.question })
      .from(knowledgeQa)
      .where(
        and(
          eq(knowledgeQa.botId, botId),
          eq(knowledgeQa.organizationId, organizationId),
          sql`${knowledgeQa.embeddingModel} is distinct from ${embedder.modelId}`,
        ),
      )
      .limit(embeddingBatch);
    if (pending.length === 0) return { indexed };
    // A question the model does not read is recorded as seen by it, without a vector.
    const read = pending.filter((pair) => embedder.reads(pair.question));
    const vectors =
      read.length > 0
        ? await embedder.embed(
            read.map((pair) => pair.question),
            signal,
          )
        : [];
    const vectorOf = new Map(read.map((pair, index) => [pair.id, vectors[index]]));
    const given = pending.map((pair) => {
      const vector = vectorOf.get(pair.id);
      return {
        id: pair.id,
        question: pair.question,
        embedding: vector ? vectorLiteral(vector) : null,
        dimensions: vector?.length ?? null,
      };
    });
    // A pair whose question changed meanwhile keeps waiting for the next round.
    await db.execute(sql`
      update knowledge_qa set embedding = given.embedding::vector, embedding_model = ${embedder.modelId},
        embedding_dimensions = given.dimensions
      from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as given(id uuid, question text, embedding text, dimensions int)
      where knowledge_qa.id = given.id and knowledge_qa.question = given.question`);
    indexed += pending.length;
  }
}

export function knowledgeJobKinds(services: IngestionServices): JobKind[] {
  const { ai } = services;
  const ingest = defineJobKind<IngestInput, { chunks: number }>({
    kind: ingestKindName,
    capability: "embedding",
    run: ({ job, db, signal, progress }) =>
      ingestSource(
        db,
        services,
        { sourceId: job.input.sourceId, organizationId: job.organizationId, userId: job.userId },
        signal,
        progress,
      ),
  });
  const indexQa = defineJobKind<IndexQaInput, { indexed: number }>({
    kind: indexQaKindName,
    capability: "embedding",
    async run({ job, db, signal }) {
      const embedder = (await vectorsEnabled(db))
        ? await embedderFor(db, ai, job.organizationId, job.userId, "knowledge")
        : null;
      if (!embedder) return { indexed: 0 };
      const { organizationId } = job;
      return indexBotPairs(db, embedder, { organizationId, botId: job.input.botId }, signal);
    },
  });
  const reindex = defineJobKind<Record<string, never>, { sources: number; pairs: number }>({
    kind: reindexKindName,
    capability: "embedding",
    async run({ job, db, signal, progress }) {
      const { organizationId, userId } = job;
      const embedder = (await vectorsEnabled(db))
        ? await embedderFor(db, ai, organizationId, userId, "knowledge")
        : null;
      if (!embedder) return { sources: 0, pairs: 0 };
      // The sources whose chunks carry another model's vectors, or none.
      const stale = await db
        .select({ id: knowledgeSources.id })
        .from(knowledgeSources)
        .where(
          and(
            eq(knowledgeSources.organizationId, organizationId),
            eq(knowledgeSources.status, "ready"),
            sql`exists (select 1 from knowledge_chunks c where c.source_id = ${knowledgeSources.id}
              and c.embedding_model is distinct from ${embedder.modelId})`,
          ),
        );
      for (const [index, source] of stale.entries()) {
        signal.throwIfAborted();
        // One source that fails says why on its own row; the others go on.
        await ingestSource(
          db,
          services,
          { sourceId: source.id, organizationId, userId },
          signal,
          (fraction) => progress((index + fraction) / (stale.length + 1)),
        ).catch(() => undefined);
      }
      const bots = await db
        .selectDistinct({ botId: knowledgeQa.botId })
        .from(knowledgeQa)
        .where(
          and(
            eq(knowledgeQa.organizationId, organizationId),
            sql`${knowledgeQa.embeddingModel} is distinct from ${embedder.modelId}`,
          ),
        );
      let pairs = 0;
      for (const { botId } of bots) {
        pairs += (await indexBotPairs(db, embedder, { organizationId, botId }, signal)).indexed;
      }
      return { sources: stale.length, pairs };
    },
  });
  return [ingest, indexQa, reindex] as JobKind[];
}
