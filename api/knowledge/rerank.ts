import { rerank } from "ai";
import { type AiServices, organizationModel } from "../ai/ai-models";
import { estimateTokens, runAiCall } from "../ai/ai-usage";
import type { Database } from "../db/client";

/** The organization's rerank model: scores passages against a question, best first. */
export type Reranker = {
  modelId: string;
  rerank: (
    question: string,
    passages: string[],
    signal?: AbortSignal,
  ) => Promise<{ index: number; score: number }[]>;
};

/**
 * The organization's rerank model (its own, else the deployment's), its calls counted and held to
 * the month's quota as the member's; null when none is set up: the fused order stands.
 */
export async function rerankerFor(
  db: Database,
  ai: AiServices,
  organizationId: string,
  userId: string | null,
  purpose: string,
): Promise<Reranker | null> {
  const model = await organizationModel(db, ai, organizationId, "rerank");
  if (!model) return null;
  return {
    modelId: model.modelId,
    rerank: (question, passages, signal) => {
      const tokens = estimateTokens(`${question}\n${passages.join("\n")}`);
      return runAiCall(
        { db, quotas: ai.quotas, organizationId, userId, purpose },
        model,
        async () => {
          const result = await rerank({
            model: model.model,
            query: question,
            documents: passages,
            abortSignal: signal,
            maxRetries: 1,
          });
          const ranking = result.ranking.map(({ originalIndex, score }) => ({
            index: originalIndex,
            score,
          }));
          return { value: ranking, usage: { units: tokens, inputTokens: tokens } };
        },
        { estimate: tokens },
      );
    },
  };
}
