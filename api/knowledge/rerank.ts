import { rerank } from "ai";
import type { AiServices } from "../ai/ai-models";
import { estimateTokens, runAiCall } from "../ai/ai-usage";
import type { ResolvedModel } from "../ai/registry";
import type { Database } from "../db/client";
import type { KnowledgeCall } from "./vectors";

/** The organization's rerank model: scores passages against a question, best first. */
export type Reranker = {
  modelId: string;
  rerank: (
    question: string,
    passages: string[],
    signal?: AbortSignal,
  ) => Promise<{ index: number; score: number }[]>;
};

/** An organization's rerank model already resolved, its calls counted as `call` says. */
export function rerankerOf(
  db: Database,
  ai: AiServices,
  model: ResolvedModel<"rerank">,
  call: KnowledgeCall,
): Reranker {
  return {
    modelId: model.modelId,
    rerank: (question, passages, signal) => {
      const tokens = estimateTokens(`${question}\n${passages.join("\n")}`);
      return runAiCall(
        { db, quotas: ai.quotas, ...call },
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
