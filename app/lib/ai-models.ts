import { z } from "zod";
import type { ApiSchema } from "./api/client";
import type { ApiError } from "./api/errors";
import { errorMessage, optionalText, requiredText } from "./validation";

/** What the API says of one AI capability of an organization. */
export type AiCapabilityStatus = ApiSchema<"AiCapabilityStatus">;
export type AiCapability = AiCapabilityStatus["capability"];
export type AiProvider = ApiSchema<"AiProvider">;

export const aiCapabilities = [
  "chat",
  "embedding",
  "image",
  "speech",
  "transcription",
  "video",
  "rerank",
] as const satisfies readonly AiCapability[];

/** What the providers do through the AI layer (api/ai/capabilities.ts says the same). */
const providerCapabilities: Record<AiProvider, readonly AiCapability[]> = {
  openai: aiCapabilities.filter((capability) => capability !== "rerank"),
  "openai-compatible": aiCapabilities,
  elevenlabs: ["speech", "transcription"],
  fal: ["image", "speech", "transcription", "video"],
  replicate: ["image", "video"],
};

/** A preset fills the provider and its usual address; the address stays editable. */
export const aiPresets = {
  openai: { provider: "openai", baseUrl: "https://api.openai.com/v1" },
  ollama: { provider: "openai-compatible", baseUrl: "http://localhost:11434/v1" },
  lmstudio: { provider: "openai-compatible", baseUrl: "http://localhost:1234/v1" },
  vllm: { provider: "openai-compatible", baseUrl: "http://localhost:8000/v1" },
  localai: { provider: "openai-compatible", baseUrl: "http://localhost:8080/v1" },
  openrouter: { provider: "openai-compatible", baseUrl: "https://openrouter.ai/api/v1" },
  // Cohere's API (v2) answers rerank alone of what the product asks of a compatible server.
  cohere: {
    provider: "openai-compatible",
    baseUrl: "https://api.cohere.com/v2",
    only: ["rerank"],
  },
  elevenlabs: { provider: "elevenlabs", baseUrl: "https://api.elevenlabs.io/v1" },
  fal: { provider: "fal", baseUrl: "https://fal.run" },
  replicate: { provider: "replicate", baseUrl: "https://api.replicate.com/v1" },
  custom: { provider: "openai-compatible", baseUrl: "" },
} as const satisfies Record<
  string,
  { provider: AiProvider; baseUrl: string; only?: readonly AiCapability[] }
>;

export type AiPreset = keyof typeof aiPresets;
const presetNames = Object.keys(aiPresets) as AiPreset[];

/** The presets whose provider offers a capability. */
export function presetsFor(capability: AiCapability): AiPreset[] {
  return presetNames.filter((name) => {
    const preset: { provider: AiProvider; only?: readonly AiCapability[] } = aiPresets[name];
    return (
      providerCapabilities[preset.provider].includes(capability) &&
      (!preset.only || preset.only.includes(capability))
    );
  });
}

/** The preset that saved settings match: by provider and address, else a custom server. */
export function presetOf(provider: AiProvider, baseUrl: string | null): AiPreset {
  const match = presetNames.find(
    (name) =>
      aiPresets[name].provider === provider &&
      (aiPresets[name].baseUrl === (baseUrl ?? "") ||
        (provider !== "openai-compatible" && !baseUrl)),
  );
  if (match) return match;
  return provider === "openai-compatible" ? "custom" : (provider as AiPreset);
}

/** The form of one capability's own model; messages are keys of `validation`. */
export const AiModelForm = z.object({
  capability: z.enum(aiCapabilities),
  preset: z.enum(presetNames as [AiPreset, ...AiPreset[]], "choosePreset"),
  baseUrl: optionalText(500).refine(
    (value) => value === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
    errorMessage("invalidUrl"),
  ),
  model: requiredText(200),
  apiKey: optionalText(500),
  removeKey: z.literal("true").optional(),
});

/** The capability a test or removal acts on: a hidden field, never typed. */
export const AiCapabilityForm = z.object({ capability: z.enum(aiCapabilities) });

/** A month's AI usage of an organization, as the API says it. */
export type AiUsage = ApiSchema<"AiUsage">;

/** The owner's monthly limit of a capability: a count, or empty for no limit at all. */
export const AiQuotaForm = z.object({
  capability: z.enum(aiCapabilities),
  monthlyLimit: optionalText(16).refine(
    (value) => value === "" || (/^\d+$/.test(value) && Number(value) <= 1_000_000_000_000),
    errorMessage("wholeNumber"),
  ),
});

/**
 * How the quota form explains the API's refusals: a limit above the deployment's, or none, on the
 * deployment's models (ABOVE_DEPLOYMENT_LIMIT) says the most it may be.
 */
export function quotaErrorCodes(error: ApiError): Record<string, string> {
  const limit = error.details.deploymentLimit;
  if (typeof limit !== "number") return { ABOVE_DEPLOYMENT_LIMIT: "aboveDeploymentLimitUnknown" };
  const formatted = new Intl.NumberFormat("en-u-nu-latn").format(limit);
  return { ABOVE_DEPLOYMENT_LIMIT: errorMessage("aboveDeploymentLimit", { limit: formatted }) };
}
