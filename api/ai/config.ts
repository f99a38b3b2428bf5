import {
  type Capability,
  capabilities,
  isProviderKind,
  type ProviderKind,
  providerCapabilities,
  providerKinds,
  speaksOpenAi,
} from "./capabilities";

/** One capability's model: who serves it, where, with which key. */
export type ModelConfig = {
  provider: ProviderKind;
  /** The provider's API root (for OpenAI's protocol, the URL that `/chat/completions` follows). */
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /**
   * The models that may be named in place of `model` (a thread's, a character's, a generation's):
   * `AI_<CAPABILITY>_MODELS` for the environment's, `model` always among them. Unset (an
   * organization's own provider): any model of the provider.
   */
  models?: readonly string[];
};

/** The capabilities the environment configures; a capability left out is not configured there. */
export type AiEnvironment = Partial<Record<Capability, ModelConfig>>;

type Env = Record<string, string | undefined>;

const variable = (capability: Capability, name: string) => `AI_${capability.toUpperCase()}_${name}`;

function read(env: Env, name: string) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function httpUrl(name: string, value: string | undefined) {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http or https URL, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${name} must be an http or https URL, got "${value}"`);
  }
  return value.replace(/\/+$/, "");
}

/** The configured model, then the others of the comma list, each once. */
function modelList(model: string, listed: string | undefined): string[] {
  const others = (listed ?? "").split(",").map((name) => name.trim());
  return [...new Set([model, ...others.filter(Boolean)])];
}

/**
 * The AI configuration of the environment (docs/ai.md): `AI_BASE_URL` and `AI_API_KEY` name an
 * OpenAI-compatible server for every capability; `AI_<CAPABILITY>_MODEL` configures a capability,
 * `AI_<CAPABILITY>_MODELS` lists the others that may be named in its place (a comma list);
 * `AI_<CAPABILITY>_PROVIDER`, `_BASE_URL` and `_API_KEY` override per capability. A setting that
 * cannot work (an unknown provider, a provider without the capability, a URL that is not one, an
 * OpenAI-compatible server without its URL) stops the start with the variable's name.
 */
export function aiEnvironment(env: Env): AiEnvironment {
  const sharedBaseUrl = httpUrl("AI_BASE_URL", read(env, "AI_BASE_URL"));
  const sharedApiKey = read(env, "AI_API_KEY");
  const configured: AiEnvironment = {};
  for (const capability of capabilities) {
    const model = read(env, variable(capability, "MODEL"));
    const providerName = read(env, variable(capability, "PROVIDER"));
    const listed = read(env, variable(capability, "MODELS"));
    if (!model) {
      const orphan = providerName ? "PROVIDER" : listed ? "MODELS" : null;
      if (orphan) {
        throw new Error(
          `${variable(capability, orphan)} is set without ${variable(capability, "MODEL")}`,
        );
      }
      continue;
    }
    if (providerName !== undefined && !isProviderKind(providerName)) {
      throw new Error(
        `${variable(capability, "PROVIDER")} must be one of ${providerKinds.join(", ")}, got "${providerName}"`,
      );
    }
    const provider: ProviderKind = providerName ?? (sharedBaseUrl ? "openai-compatible" : "openai");
    if (!providerCapabilities[provider].includes(capability)) {
      throw new Error(
        `${variable(capability, "PROVIDER")}: ${provider} does not offer ${capability} models`,
      );
    }
    const shared = speaksOpenAi(provider);
    const baseUrl =
      httpUrl(variable(capability, "BASE_URL"), read(env, variable(capability, "BASE_URL"))) ??
      (shared ? sharedBaseUrl : undefined);
    if (provider === "openai-compatible" && !baseUrl) {
      throw new Error(
        `${variable(capability, "MODEL")} needs AI_BASE_URL or ${variable(capability, "BASE_URL")} for an OpenAI-compatible server`,
      );
    }
    const apiKey =
      read(env, variable(capability, "API_KEY")) ?? (shared ? sharedApiKey : undefined);
    configured[capability] = {
      provider,
      model,
      models: modelList(model, listed),
      ...(baseUrl ? { baseUrl } : {}),
      ...(apiKey ? { apiKey } : {}),
    };
  }
  return configured;
}
