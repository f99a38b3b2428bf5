import { createCohere } from "@ai-sdk/cohere";
import { createElevenLabs } from "@ai-sdk/elevenlabs";
import { createFal } from "@ai-sdk/fal";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type {
  EmbeddingModelV4,
  ImageModelV4,
  LanguageModelV4,
  RerankingModelV4,
  SpeechModelV4,
  TranscriptionModelV4,
  Experimental_VideoModelV4 as VideoModelV4,
} from "@ai-sdk/provider";
import { createReplicate } from "@ai-sdk/replicate";
import type { Capability } from "./capabilities";
import type { ModelConfig } from "./config";
import type { FetchFunction } from "./network";
import { openAiVideoModel } from "./openai-video";
import { limitResponses, maxResponseBytes } from "./response-limits";

/** The AI SDK's model object for each capability. */
export type ModelOf = {
  chat: LanguageModelV4;
  embedding: EmbeddingModelV4;
  image: ImageModelV4;
  speech: SpeechModelV4;
  transcription: TranscriptionModelV4;
  video: VideoModelV4;
  rerank: RerankingModelV4;
};

const openAiUrl = "https://api.openai.com/v1";

/**
 * The model object for a capability's configuration. Always an object built by a provider with
 * its own base URL and key: a bare model id would go to the AI SDK's hosted gateway.
 */
export function createModel<C extends Capability>(
  capability: C,
  config: ModelConfig,
  fetchArgument?: FetchFunction,
): ModelOf[C] {
  const { model, apiKey } = config;
  // Every answer of the provider is read up to the capability's cap (response-limits.ts).
  const fetch = limitResponses(fetchArgument ?? globalThis.fetch, maxResponseBytes[capability]);
  // A key the provider needs but the settings lack fails at the call, as a bad key does, and
  // never falls back to the provider's own environment variable (OPENAI_API_KEY and the like).
  const key = apiKey ?? "";
  const settings = { apiKey: key, ...(config.baseUrl ? { baseURL: config.baseUrl } : {}), fetch };
  const made = (() => {
    switch (config.provider) {
      case "openai":
      case "openai-compatible": {
        const baseUrl = config.baseUrl ?? openAiUrl;
        const name = config.provider;
        const openai = createOpenAI({ ...settings, baseURL: baseUrl, name });
        const compatible = createOpenAICompatible({
          name,
          baseURL: baseUrl,
          ...(apiKey ? { apiKey } : {}),
          fetch,
          includeUsage: true,
        });
        if (capability === "chat") return compatible.chatModel(model);
        if (capability === "embedding") return compatible.embeddingModel(model);
        if (capability === "image") return compatible.imageModel(model);
        if (capability === "speech") return openai.speech(model);
        if (capability === "transcription") return openai.transcription(model);
        if (capability === "rerank") {
          // `{base URL}/rerank` in the shape of Cohere's API (v2), which compatible servers share.
          if (config.provider === "openai") break;
          return createCohere({ apiKey: key, baseURL: baseUrl, fetch }).reranking(model);
        }
        return openAiVideoModel({
          modelId: model,
          baseUrl,
          apiKey,
          fetch,
          provider: `${name}.video`,
        });
      }
      case "elevenlabs": {
        const elevenlabs = createElevenLabs(settings);
        if (capability === "speech") return elevenlabs.speech(model);
        if (capability === "transcription") return elevenlabs.transcription(model);
        break;
      }
      case "fal": {
        const fal = createFal(settings);
        if (capability === "image") return fal.image(model);
        if (capability === "speech") return fal.speech(model);
        if (capability === "transcription") return fal.transcription(model);
        if (capability === "video") return fal.video(model);
        break;
      }
      case "replicate": {
        const replicate = createReplicate({
          apiToken: key,
          fetch,
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        });
        if (capability === "image") return replicate.image(model);
        if (capability === "video") return replicate.video(model);
        break;
      }
    }
    throw new Error(`${config.provider} does not offer ${capability} models`);
  })();
  return made as ModelOf[C];
}
