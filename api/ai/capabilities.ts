/** What the product asks of AI models. */
export const capabilities = [
  "chat",
  "embedding",
  "image",
  "speech",
  "transcription",
  "video",
  "rerank",
] as const;
export type Capability = (typeof capabilities)[number];

/** The providers a capability can be configured with (`AI_<CAPABILITY>_PROVIDER`). */
export const providerKinds = [
  "openai",
  "openai-compatible",
  "elevenlabs",
  "fal",
  "replicate",
] as const;
export type ProviderKind = (typeof providerKinds)[number];

/** What each provider does through the AI SDK. */
export const providerCapabilities: Record<ProviderKind, readonly Capability[]> = {
  // OpenAI has no reranking models.
  openai: capabilities.filter((capability) => capability !== "rerank"),
  // Rerank on `{base URL}/rerank` as Cohere's API (v2) asks, which vLLM, LocalAI, Jina and
  // Cohere's own (https://api.cohere.com/v2) answer.
  "openai-compatible": capabilities,
  elevenlabs: ["speech", "transcription"],
  fal: ["image", "speech", "transcription", "video"],
  replicate: ["image", "video"],
};

/** The providers whose protocol is OpenAI's, which AI_BASE_URL and AI_API_KEY configure. */
export function speaksOpenAi(provider: ProviderKind) {
  return provider === "openai" || provider === "openai-compatible";
}

export function isCapability(value: string): value is Capability {
  return (capabilities as readonly string[]).includes(value);
}

export function isProviderKind(value: string): value is ProviderKind {
  return (providerKinds as readonly string[]).includes(value);
}
