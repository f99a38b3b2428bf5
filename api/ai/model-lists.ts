import { createHash } from "node:crypto";
import { type Actor, requireOrganization } from "../organizations/permissions";
import type { AiServices } from "./ai-models";
import type { Capability } from "./capabilities";
import type { ModelConfig } from "./config";
import type { FetchFunction } from "./network";
import { type ModelSource, type OrganizationAiSettings, offersOf, openAiVoices } from "./registry";
import { maxJsonBodyBytes, readBytes } from "./response-limits";

/**
 * The models and voices a capability's provider offers to choose from (docs/ai.md, "Lists of
 * models and voices"). They are suggestions: an empty list means free text, and a name the list
 * does not show may still be typed.
 */
export type ModelChoices = { models: string[]; voices: string[] };

/** How long a provider may take to list its models or voices before the list is left empty. */
export const defaultListingTimeoutMs = 3_000;

/** How long a list is reused for an organization's capability, and a failed one. */
const listingCacheMs = 60_000;
const failedListingCacheMs = 15_000;

/** The most names kept of one list, and the longest name (a model field takes 200 characters). */
const maxNames = 1_000;
const maxNameLength = 200;

/** The organizations' capabilities whose lists are kept at once; the oldest go first. */
const maxCachedLists = 2_000;

const noChoices = (): ModelChoices => ({ models: [], voices: [] });

/** One capability's lists, reused briefly, with what they were read for. */
type CachedLists = {
  /** The settings they were read with: another provider, address, model or key reads again. */
  fingerprint: string;
  expiresAt: number;
  choices: Promise<ModelChoices>;
};

/**
 * The lists read per organization and capability, kept briefly so that a page that shows them
 * does not ask the provider each time, and a slow provider slows one page, not every one.
 */
export type ModelListCache = { lists: Map<string, CachedLists>; timeoutMs: number };

/** An empty cache; `timeoutMs` bounds each call to a provider (tests use a short one). */
export function createModelListCache(timeoutMs = defaultListingTimeoutMs): ModelListCache {
  return { lists: new Map(), timeoutMs };
}

/** The names in a provider's list: a bare array, or one under `data`, `models` or `voices`. */
export function namesIn(body: unknown): string[] {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const list = Array.isArray(body)
    ? body
    : [record.data, record.models, record.voices].find(Array.isArray);
  if (!list) return [];
  const names = list.map(nameOf).filter((name): name is string => name !== null);
  return [...new Set(names)].slice(0, maxNames).sort((a, b) => a.localeCompare(b));
}

/** A list entry's name: the string itself, or its `id`, `voice_id` or `name`. */
function nameOf(entry: unknown): string | null {
  const fields = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
  const name = [entry, fields.id, fields.voice_id, fields.name].find(
    (value): value is string => typeof value === "string",
  );
  const trimmed = name?.trim() ?? "";
  return trimmed && trimmed.length <= maxNameLength ? trimmed : null;
}

/** GET `{baseUrl}{path}` with the provider's key, read up to 1 MB as JSON. */
async function getJson(
  config: ModelConfig,
  path: string,
  fetch: FetchFunction,
  signal: AbortSignal,
): Promise<unknown> {
  const baseUrl = config.baseUrl ?? "https://api.openai.com/v1";
  const response = await fetch(`${baseUrl}${path}`, {
    headers: {
      accept: "application/json",
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    signal,
  });
  if (!response.ok) {
    response.body?.cancel().catch(() => {});
    throw new Error(`${path} answered ${response.status}`);
  }
  const bytes = await readBytes(response, maxJsonBodyBytes);
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The models an OpenAI or OpenAI-compatible server lists (`GET /models`); none for others. */
export async function providerModels(
  config: ModelConfig,
  fetch: FetchFunction,
  signal: AbortSignal,
): Promise<string[]> {
  if (config.provider !== "openai" && config.provider !== "openai-compatible") return [];
  return namesIn(await getJson(config, "/models", fetch, signal));
}

/**
 * The voices of a speech provider: OpenAI's documented ones (its API does not list them), those
 * an OpenAI-compatible speech server lists at `GET /audio/voices`, none for others.
 */
export async function providerVoices(
  config: ModelConfig,
  fetch: FetchFunction,
  signal: AbortSignal,
): Promise<string[]> {
  if (config.provider === "openai") return [...openAiVoices];
  if (config.provider !== "openai-compatible") return [];
  return namesIn(await getJson(config, "/audio/voices", fetch, signal));
}

/** What a list is read for; a change of any of these reads it again. */
function fingerprintOf(source: ModelSource, config: ModelConfig) {
  const key = config.apiKey ? createHash("sha256").update(config.apiKey).digest("hex") : "";
  return JSON.stringify([
    source,
    config.provider,
    config.baseUrl ?? "",
    config.model,
    config.models ?? [],
    key,
  ]);
}

/**
 * Reads a capability's lists from its provider. The deployment's list (AI_<CAPABILITY>_MODELS)
 * is the models of the environment's provider, without asking it: no other may be named there.
 * A provider that fails, is too slow or answers too much gives an empty list.
 */
async function readLists(
  ai: AiServices,
  capability: Capability,
  source: "organization" | "environment",
  config: ModelConfig,
  fetch: FetchFunction,
): Promise<{ choices: ModelChoices; failed: boolean }> {
  const signal = AbortSignal.timeout(ai.modelLists.timeoutMs);
  let failed = false;
  const orEmpty = (list: Promise<string[]>) =>
    list.catch(() => {
      failed = true;
      return [];
    });
  const [models, voices] = await Promise.all([
    source === "environment"
      ? [...(config.models ?? [config.model])]
      : orEmpty(providerModels(config, fetch, signal)),
    capability === "speech" ? orEmpty(providerVoices(config, fetch, signal)) : [],
  ]);
  return { choices: { models, voices }, failed };
}

/**
 * The models and voices to offer for a capability of the actor's organization (any member):
 * the deployment's list on its provider, the provider's own lists on the organization's, the
 * offline voices on the embedded one, nothing without a model. Read through the AI layer's
 * fetch (an organization's address only where the network policy lets it), within a short
 * time, and kept briefly per organization and capability. `settings` are the organization's
 * own models with their keys (organizationAiSettings).
 */
export async function listModelChoices(
  ai: AiServices,
  actor: Actor,
  capability: Capability,
  settings: OrganizationAiSettings,
): Promise<ModelChoices> {
  requireOrganization(actor);
  const source = ai.registry.sourceOf(capability, settings);
  const config = ai.registry.configOf(capability, settings);
  if (source === "embedded") {
    return {
      models: [...(ai.registry.allowedModels(capability) ?? [])],
      voices: [...offersOf(capability, null).voices],
    };
  }
  if (source === null || config === null) return noChoices();

  const { lists } = ai.modelLists;
  const key = `${actor.organizationId}:${capability}`;
  const fingerprint = fingerprintOf(source, config);
  const cached = lists.get(key);
  if (cached && cached.fingerprint === fingerprint && cached.expiresAt > Date.now()) {
    return cached.choices;
  }
  const entry: CachedLists = {
    fingerprint,
    expiresAt: Date.now() + listingCacheMs,
    choices: readLists(ai, capability, source, config, ai.registry.fetchOf(capability, settings))
      .then(({ choices, failed }) => {
        if (failed) entry.expiresAt = Math.min(entry.expiresAt, Date.now() + failedListingCacheMs);
        return choices;
      })
      .catch(() => noChoices()),
  };
  lists.delete(key);
  lists.set(key, entry);
  while (lists.size > maxCachedLists) {
    const oldest = lists.keys().next().value;
    if (oldest === undefined) break;
    lists.delete(oldest);
  }
  return entry.choices;
}
