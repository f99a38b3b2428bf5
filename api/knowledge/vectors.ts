import { embedMany } from "ai";
import { sql } from "drizzle-orm";
import type { AiServices } from "../ai/ai-models";
import { organizationModel } from "../ai/ai-models";
import { estimateTokens, runAiCall } from "../ai/ai-usage";
import { sentenceEncoderModelId } from "../ai/embedded/sentence-encoder";
import type { ResolvedModel } from "../ai/registry";
import { type Database, queryRows } from "../db/client";

/**
 * Knowledge's vectors live in an `embedding` column of pgvector's type, which exists only where
 * the extension is installed: PGlite loads it; a PostgreSQL server has it once its package is
 * installed (docs/deploy.md). Without it, knowledge is found by full-text search alone.
 */
const enabled = new WeakMap<Database, Promise<boolean>>();

/** Whether this database keeps vectors (asked once a database). */
export function vectorsEnabled(db: Database): Promise<boolean> {
  let known = enabled.get(db);
  if (!known) {
    known = queryRows(
      db,
      sql`select 1 from information_schema.columns where table_name = 'knowledge_chunks' and column_name = 'embedding'`,
    ).then((rows) => rows.length > 0);
    enabled.set(db, known);
  }
  return known;
}

/**
 * Adds the vector columns where pgvector was installed after the migrations ran (the migration
 * adds them when it is there already); nothing changes where it is not installed.
 */
export async function enableVectors(db: Database): Promise<boolean> {
  await db.execute(sql`
    do $$ begin
      create extension if not exists vector;
      alter table knowledge_chunks add column if not exists embedding vector;
      alter table knowledge_qa add column if not exists embedding vector;
    exception when others then
      null;
    end $$`);
  enabled.delete(db);
  return vectorsEnabled(db);
}

/** pgvector's text form of a vector. */
export function vectorLiteral(values: readonly number[]): string {
  return `[${values.map((value) => (Number.isFinite(value) ? value : 0)).join(",")}]`;
}

/** Texts embedded in one call at most: the provider's own limit may split them further. */
export const embeddingBatch = 32;

export type Embedder = {
  /** The model's id, recorded beside each vector: vectors of other models are not compared. */
  modelId: string;
  embed: (texts: string[], signal?: AbortSignal) => Promise<number[][]>;
  /**
   * Whether the model understands a text. One that does not is given no vector (its vector
   * would place it at random) and a question it does not read is found by its words alone.
   */
  reads: (text: string) => boolean;
};

const arabicLetters = /\p{Script=Arabic}/gu;
const latinLetters = /\p{Script=Latin}/gu;

/** Whether a text is written more in Arabic letters than in Latin ones. */
export function mostlyArabic(text: string): boolean {
  return (text.match(arabicLetters)?.length ?? 0) > (text.match(latinLetters)?.length ?? 0);
}

/**
 * What a model reads: the embedded sentence encoder knows English only (docs/ai.md); other
 * models are taken to read every language, as the multilingual ones of providers do.
 */
export function readsOf(modelId: string, embedded: boolean): (text: string) => boolean {
  return embedded && modelId === sentenceEncoderModelId
    ? (text) => !mostlyArabic(text)
    : () => true;
}

/** Who an AI call of knowledge is made for: counted in the organization's usage as theirs. */
export type KnowledgeCall = { organizationId: string; userId: string | null; purpose: string };

/**
 * The organization's embedding model (its own, the deployment's, or the embedded one), counted
 * in its usage and quota like every AI call; null when no model is set up anywhere.
 */
export async function embedderFor(
  db: Database,
  ai: AiServices,
  organizationId: string,
  userId: string | null,
  purpose: string,
): Promise<Embedder | null> {
  const model = await organizationModel(db, ai, organizationId, "embedding");
  return model && embedderOf(db, ai, model, { organizationId, userId, purpose });
}

/** An embedding model already resolved, as knowledge calls it. */
export function embedderOf(
  db: Database,
  ai: AiServices,
  model: ResolvedModel<"embedding">,
  call: KnowledgeCall,
): Embedder {
  return {
    modelId: model.modelId,
    reads: readsOf(model.modelId, model.source === "embedded"),
    embed: (texts, signal) =>
      runAiCall(
        { db, quotas: ai.quotas, ...call },
        model,
        async () => {
          const result = await embedMany({
            model: model.model,
            values: texts,
            abortSignal: signal,
            maxRetries: 1,
          });
          const tokens = result.usage?.tokens ?? 0;
          return { value: result.embeddings, usage: { units: tokens, inputTokens: tokens } };
        },
        { estimate: estimateTokens(texts.join("\n")) },
      ),
  };
}
