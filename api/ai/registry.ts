import type { Capability, ProviderKind } from "./capabilities";
import type { AiEnvironment, ModelConfig } from "./config";
import { offlineVoices } from "./embedded/espeak";
import { slideshowDurations, slideshowSizes } from "./embedded/slideshow";
import { AiError } from "./errors";
import {
  addressRule,
  createPublicOnlyFetch,
  type FetchFunction,
  fetchFor,
  type NetworkPolicy,
} from "./network";
import { createModel, type ModelOf } from "./providers";

/** Where a capability's model comes from, in the order they are tried. */
export type ModelSource = "organization" | "environment" | "embedded";

/** Models that run on this machine, offered when nothing else is set up (docs/ai.md). */
export type EmbeddedModels = {
  embedding?: ModelOf["embedding"];
  speech?: ModelOf["speech"];
  video?: ModelOf["video"];
};

export type ResolvedModel<C extends Capability> = {
  capability: C;
  source: ModelSource;
  /** Null for an embedded model. */
  provider: ProviderKind | null;
  modelId: string;
  model: ModelOf[C];
};

/** An organization's own model per capability, keys decrypted (see api/ai/secrets.ts). */
export type OrganizationAiSettings = Partial<Record<Capability, ModelConfig>>;

/** What a provider offers for the UI to choose from; an empty list means free text. */
export type Offers = { voices: string[]; sizes: string[]; durations: number[] };

/** The voices OpenAI documents for its speech models; its API does not list them. */
export const openAiVoices: readonly string[] = [
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
];

const openAiOffers: Record<Capability, Offers> = {
  chat: { voices: [], sizes: [], durations: [] },
  embedding: { voices: [], sizes: [], durations: [] },
  image: { voices: [], sizes: ["1024x1024", "1536x1024", "1024x1536"], durations: [] },
  speech: {
    voices: [...openAiVoices],
    sizes: [],
    durations: [],
  },
  transcription: { voices: [], sizes: [], durations: [] },
  rerank: { voices: [], sizes: [], durations: [] },
  video: { voices: [], sizes: ["1280x720", "720x1280"], durations: [4, 8, 12] },
};

const none: Offers = { voices: [], sizes: [], durations: [] };

/** The voices, sizes and durations a capability's provider takes (null: the embedded model). */
export function offersOf(capability: Capability, provider: ProviderKind | null): Offers {
  if (provider === null) {
    if (capability === "speech") return { voices: [...offlineVoices], sizes: [], durations: [] };
    if (capability === "video") {
      return { voices: [], sizes: [...slideshowSizes], durations: [...slideshowDurations] };
    }
    return none;
  }
  if (provider === "openai-compatible" && capability === "speech") {
    // Its own voices, which its server may list (model-lists.ts): any name is taken.
    return none;
  }
  return provider === "openai" || provider === "openai-compatible"
    ? openAiOffers[capability]
    : none;
}

/**
 * A model id that the deployment's provider may not be asked for: the operator lists the models
 * of their provider that organizations may use (`AI_<CAPABILITY>_MODELS`).
 */
export class ModelNotAllowedError extends Error {
  override readonly name = "ModelNotAllowedError";
  constructor(
    readonly capability: Capability,
    readonly modelId: string,
    readonly allowed: readonly string[],
  ) {
    super(`${modelId} is not among the ${capability} models of this deployment`);
  }
}

export type AiRegistry = {
  /**
   * The model for a capability in an organization: the organization's own settings, then the
   * environment's. Throws `AI_NOT_CONFIGURED` when neither has one. `modelId` names another
   * model of the same provider (a thread's own model); on the environment's provider, only one
   * of its list (ModelNotAllowedError otherwise); an embedded model has no other.
   */
  modelFor<C extends Capability>(
    capability: C,
    organization?: OrganizationAiSettings,
    options?: { modelId?: string },
  ): ResolvedModel<C>;
  /** Whether a capability has a model, and from where, without building it. */
  sourceOf(capability: Capability, organization?: OrganizationAiSettings): ModelSource | null;
  /** The configuration that `modelFor` would use, or null (none, or an embedded model). */
  configOf(capability: Capability, organization?: OrganizationAiSettings): ModelConfig | null;
  /** The embedded model's id for a capability, when this machine has one. */
  embeddedOf(capability: Capability): string | null;
  /**
   * The model ids that may be named for a capability: the environment's list, the embedded
   * model's id, none without a model; null on an organization's own provider (any of its models).
   */
  allowedModels(
    capability: Capability,
    organization?: OrganizationAiSettings,
  ): readonly string[] | null;
  /**
   * The fetch that reaches a capability's provider, as `modelFor` would call it: the
   * environment's address is trusted, an organization's goes through the checked fetch.
   */
  fetchOf(capability: Capability, organization?: OrganizationAiSettings): FetchFunction;
};

export function createAiRegistry(
  options: {
    environment: AiEnvironment;
    /** Replaces the public-only fetch (tests resolve names their own way). */
    publicOnlyFetch?: FetchFunction;
    embedded?: EmbeddedModels;
  } & NetworkPolicy, // The private networks organizations' base URLs may lead into.
): AiRegistry {
  const embedded: Partial<Record<Capability, ModelOf[Capability]>> = options.embedded ?? {};
  const publicOnlyFetch =
    options.publicOnlyFetch ?? createPublicOnlyFetch({ allowAddress: addressRule(options) });

  function pick(capability: Capability, organization?: OrganizationAiSettings) {
    const own = organization?.[capability];
    if (own) return { source: "organization" as const, config: own };
    const fromEnvironment = options.environment[capability];
    if (fromEnvironment) return { source: "environment" as const, config: fromEnvironment };
    return null;
  }

  /** The environment's list (its model alone when it has none); null: an organization's own. */
  function allowedOf(picked: NonNullable<ReturnType<typeof pick>>): readonly string[] | null {
    if (picked.source === "organization") return null;
    return picked.config.models ?? [picked.config.model];
  }

  return {
    modelFor(capability, organization, options) {
      const picked = pick(capability, organization);
      const builtIn = embedded[capability];
      if (!picked && builtIn) {
        return {
          capability,
          source: "embedded",
          provider: null,
          modelId: builtIn.modelId,
          model: builtIn as ModelOf[typeof capability],
        };
      }
      if (!picked) {
        throw new AiError({
          code: "AI_NOT_CONFIGURED",
          detail: `No ${capability} model is set up`,
        });
      }
      const modelId = options?.modelId;
      const allowed = allowedOf(picked);
      if (modelId && allowed && !allowed.includes(modelId)) {
        throw new ModelNotAllowedError(capability, modelId, allowed);
      }
      const fetch = fetchFor({ trusted: picked.source === "environment", publicOnlyFetch });
      const config = options?.modelId
        ? { ...picked.config, model: options.modelId }
        : picked.config;
      return {
        capability,
        source: picked.source,
        provider: config.provider,
        modelId: config.model,
        model: createModel(capability, config, fetch),
      };
    },
    sourceOf(capability, organization) {
      return pick(capability, organization)?.source ?? (embedded[capability] ? "embedded" : null);
    },
    embeddedOf(capability) {
      return embedded[capability]?.modelId ?? null;
    },
    configOf(capability, organization) {
      return pick(capability, organization)?.config ?? null;
    },
    allowedModels(capability, organization) {
      const picked = pick(capability, organization);
      if (picked) return allowedOf(picked);
      const builtIn = embedded[capability];
      return builtIn ? [builtIn.modelId] : [];
    },
    fetchOf(capability, organization) {
      const trusted = pick(capability, organization)?.source === "environment";
      return fetchFor({ trusted, publicOnlyFetch });
    },
  };
}

/**
 * The signal of one AI call: the caller's (the browser went away) or the deadline, whichever
 * ends first. `timedOut()` tells the two apart afterwards.
 */
export function callSignal(options: { signal?: AbortSignal; deadlineMs: number }) {
  const deadline = AbortSignal.timeout(options.deadlineMs);
  return {
    abortSignal: options.signal ? AbortSignal.any([options.signal, deadline]) : deadline,
    timedOut: () => deadline.aborted,
  };
}
