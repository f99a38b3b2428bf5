import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizationAiModels } from "../db/schema";
import { notFound, validationFailed } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  can,
  requireOrganization,
  requirePermission,
} from "../organizations/permissions";
import type { AiQuotaDefaults } from "./ai-usage";
import {
  type Capability,
  capabilities,
  type ProviderKind,
  providerCapabilities,
} from "./capabilities";
import type { EmbeddedTools } from "./embedded/tools";
import { AiError } from "./errors";
import { createModelListCache, type ModelListCache } from "./model-lists";
import type {
  AiRegistry,
  ModelSource,
  Offers,
  OrganizationAiSettings,
  ResolvedModel,
} from "./registry";
import { offersOf } from "./registry";
import { defaultMaxOutputTokens, type MaxOutputTokens } from "./response-limits";
import { createSecretBox, type SecretBox, type SecretsKeys, secretHint } from "./secrets";

/** How long a streamed chat answer may take, retries included, unless the API is told otherwise. */
export const defaultChatDeadlineMs = 5 * 60_000;

/**
 * What the API needs of the AI layer: the registry, the box that seals keys, the quotas, how
 * long a streamed chat answer may take and how many tokens it may have.
 */
export type AiServices = {
  registry: AiRegistry;
  secrets: SecretBox;
  quotas: AiQuotaDefaults;
  chatDeadlineMs: number;
  maxOutputTokens: MaxOutputTokens;
  /** The providers' lists of models and voices, kept briefly (model-lists.ts). */
  modelLists: ModelListCache;
  /** Which programs of the embedded models run here, for the creators to say what is missing. */
  tools: EmbeddedTools;
};

export function createAiServices(options: {
  registry: AiRegistry;
  secretsKey: SecretsKeys;
  quotas?: AiQuotaDefaults;
  chatDeadlineMs?: number;
  maxOutputTokens?: MaxOutputTokens;
  /** How long a provider may take to list its models or voices (ms). */
  listingTimeoutMs?: number;
  tools?: EmbeddedTools;
}): AiServices {
  return {
    registry: options.registry,
    secrets: createSecretBox(options.secretsKey),
    quotas: options.quotas ?? {},
    chatDeadlineMs: options.chatDeadlineMs ?? defaultChatDeadlineMs,
    maxOutputTokens: options.maxOutputTokens ?? defaultMaxOutputTokens,
    modelLists: createModelListCache(options.listingTimeoutMs),
    tools: options.tools ?? { espeakNg: false, ffmpeg: false },
  };
}

type KeyRow = Pick<
  typeof organizationAiModels.$inferSelect,
  "organizationId" | "capability" | "provider" | "baseUrl"
>;

/**
 * The context a key is sealed for: the organization, the capability, the provider and the origin
 * of its address. A sealed key copied to another row, or left in a row whose address was changed
 * in the database, does not open, so it cannot be sent to a server it was not entered for.
 */
export function aiKeySealContext(row: KeyRow): string {
  const origin = row.baseUrl ? new URL(row.baseUrl).origin : "default";
  return `organization-ai-model:${row.organizationId}:${row.capability}:${row.provider}:${origin}`;
}

/** The context of keys sealed before the origin joined it; such a key is sealed again when read. */
const legacySealContext = (row: KeyRow) =>
  `organization-ai-model:${row.organizationId}:${row.capability}`;

/**
 * Opens a row's key. A key sealed before the provider and origin joined the context opens once
 * with the old context and is sealed again with the new one (or again with the first key of
 * SECRETS_KEY, by `resealed`), unless the row changed in the meantime.
 */
export async function openAiKey(
  db: Database,
  secrets: SecretBox,
  row: KeyRow & { apiKeySealed: string },
  options: { reseal?: boolean } = {},
): Promise<string> {
  let key: string;
  let legacy = false;
  try {
    key = secrets.open(row.apiKeySealed, aiKeySealContext(row));
  } catch (error) {
    try {
      key = secrets.open(row.apiKeySealed, legacySealContext(row));
    } catch {
      throw error;
    }
    legacy = true;
  }
  if (legacy || options.reseal) {
    await db
      .update(organizationAiModels)
      .set({ apiKeySealed: secrets.seal(key, aiKeySealContext(row)) })
      .where(
        and(
          eq(organizationAiModels.organizationId, row.organizationId),
          eq(organizationAiModels.capability, row.capability),
          // Only the value that was read: a key entered meanwhile is not overwritten.
          eq(organizationAiModels.apiKeySealed, row.apiKeySealed),
        ),
      );
  }
  return key;
}

export type CapabilityView = {
  capability: Capability;
  /** Where the model comes from; null: not configured, the feature says so. */
  source: ModelSource | null;
  provider: ProviderKind | null;
  model: string | null;
  /**
   * The models a thread, a character or a generation may name: the deployment's list
   * (AI_<CAPABILITY>_MODELS); empty on the organization's own provider (any of its models).
   */
  models: string[];
  offers: Offers;
  /** The organization's own settings, for members who may change them (ai.manage). */
  own: {
    provider: ProviderKind;
    baseUrl: string | null;
    model: string;
    keyHint: string | null;
  } | null;
};

/**
 * The organization's own models with their keys opened, for the registry. A key that opens with
 * no key of SECRETS_KEY in its row's context (a key left out of the list, or a row changed in the
 * database) is left out, so the call goes without one and fails as AI_BAD_KEY: the organization
 * enters its key again.
 */
export async function organizationAiSettings(
  db: Database,
  secrets: SecretBox,
  organizationId: string,
): Promise<OrganizationAiSettings> {
  const rows = await db
    .select()
    .from(organizationAiModels)
    .where(eq(organizationAiModels.organizationId, organizationId));
  const settings: OrganizationAiSettings = {};
  for (const row of rows) {
    const { apiKeySealed } = row;
    settings[row.capability] = {
      provider: row.provider,
      model: row.model,
      ...(row.baseUrl ? { baseUrl: row.baseUrl } : {}),
      ...(apiKeySealed ? await openedKey(db, secrets, { ...row, apiKeySealed }) : {}),
    };
  }
  return settings;
}

/**
 * The model for a capability of these settings: the organization's own, else the deployment's,
 * else the embedded one; null when none is set up.
 */
export function modelOf<C extends Capability>(
  registry: AiRegistry,
  settings: OrganizationAiSettings,
  capability: C,
): ResolvedModel<C> | null {
  try {
    return registry.modelFor(capability, settings);
  } catch (error) {
    if (error instanceof AiError && error.failure.code === "AI_NOT_CONFIGURED") return null;
    throw error;
  }
}

/** An organization's model for a capability, as `modelOf` gives it from its settings. */
export async function organizationModel<C extends Capability>(
  db: Database,
  ai: Pick<AiServices, "secrets" | "registry">,
  organizationId: string,
  capability: C,
): Promise<ResolvedModel<C> | null> {
  return modelOf(
    ai.registry,
    await organizationAiSettings(db, ai.secrets, organizationId),
    capability,
  );
}

async function openedKey(db: Database, secrets: SecretBox, row: Parameters<typeof openAiKey>[2]) {
  try {
    return { apiKey: await openAiKey(db, secrets, row) };
  } catch {
    console.warn(
      `The ${row.capability} key of organization ${row.organizationId} does not open with ` +
        "SECRETS_KEY in its row's context; it is left out of the call.",
    );
    return {};
  }
}

/** Every capability, where its model comes from, and the organization's own settings. */
export async function listAiCapabilities(
  db: Database,
  ai: AiServices,
  actor: Actor,
): Promise<CapabilityView[]> {
  requireOrganization(actor);
  const rows = await db
    .select()
    .from(organizationAiModels)
    .where(eq(organizationAiModels.organizationId, actor.organizationId));
  const own = new Map(rows.map((row) => [row.capability, row]));
  const manager = can(actor, "ai.manage");
  const settings: OrganizationAiSettings = Object.fromEntries(
    rows.map((row) => [row.capability, { provider: row.provider, model: row.model }]),
  );
  return capabilities.map((capability) => {
    const config = ai.registry.configOf(capability, settings);
    const source = ai.registry.sourceOf(capability, settings);
    const embedded = source === "embedded" ? ai.registry.embeddedOf(capability) : null;
    const row = own.get(capability);
    return {
      capability,
      source,
      provider: config?.provider ?? null,
      model: config?.model ?? embedded,
      models: source === "environment" ? [...(ai.registry.allowedModels(capability) ?? [])] : [],
      offers:
        config || embedded
          ? offersOf(capability, config?.provider ?? null)
          : { voices: [], sizes: [], durations: [] },
      own:
        row && manager
          ? {
              provider: row.provider,
              baseUrl: row.baseUrl,
              model: row.model,
              keyHint: row.apiKeyHint,
            }
          : null,
    };
  });
}

export type AiModelInput = {
  provider: ProviderKind;
  baseUrl?: string | null;
  model: string;
  /**
   * A new key; null removes the stored one; undefined keeps it while the provider and the address
   * stay the same, and removes it when either changes, so that a key is never sent to a server
   * other than the one it was entered for.
   */
  apiKey?: string | null;
};

/** Sets the organization's own model for a capability (ai.manage). */
export async function setAiModel(
  db: Database,
  ai: AiServices,
  actor: Actor,
  capability: Capability,
  input: AiModelInput,
): Promise<void> {
  requirePermission(actor, "ai.manage");
  const { organizationId } = actor;
  if (!providerCapabilities[input.provider].includes(capability)) {
    throw validationFailed({
      provider: {
        code: "INVALID_VALUE",
        message: `${input.provider} does not offer ${capability} models`,
      },
    });
  }
  const baseUrl = input.baseUrl?.trim().replace(/\/+$/, "") || null;
  if (input.provider === "openai-compatible" && !baseUrl) {
    throw validationFailed({
      baseUrl: { code: "REQUIRED", message: "An OpenAI-compatible server needs its address" },
    });
  }
  const key =
    input.apiKey === undefined
      ? undefined
      : input.apiKey === null || input.apiKey.trim() === ""
        ? null
        : input.apiKey.trim();
  const sealed =
    key === undefined
      ? {}
      : key === null
        ? { apiKeySealed: null, apiKeyHint: null }
        : {
            apiKeySealed: ai.secrets.seal(
              key,
              aiKeySealContext({ organizationId, capability, provider: input.provider, baseUrl }),
            ),
            apiKeyHint: secretHint(key),
          };
  // Decided in the update itself, against the row as it is, not as it was read before.
  const sameServer = sql`${organizationAiModels.provider} = excluded.provider and ${organizationAiModels.baseUrl} is not distinct from excluded.base_url`;
  const keptIfSameServer =
    key === undefined
      ? {
          apiKeySealed: sql`case when ${sameServer} then ${organizationAiModels.apiKeySealed} end`,
          apiKeyHint: sql`case when ${sameServer} then ${organizationAiModels.apiKeyHint} end`,
        }
      : sealed;
  const values = {
    provider: input.provider,
    baseUrl,
    model: input.model.trim(),
    updatedBy: actor.userId,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(organizationAiModels)
      .values({ organizationId, capability, ...values, ...sealed })
      .onConflictDoUpdate({
        target: [organizationAiModels.organizationId, organizationAiModels.capability],
        set: { ...values, ...keptIfSameServer, updatedAt: new Date() },
      });
    await publishChange(tx, actor, "ai.model.changed", capability);
  });
}

/** Goes back to the environment's model for a capability (ai.manage). */
export async function clearAiModel(
  db: Database,
  actor: Actor,
  capability: Capability,
): Promise<void> {
  requirePermission(actor, "ai.manage");
  const { organizationId } = actor;
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(organizationAiModels)
      .where(
        and(
          eq(organizationAiModels.organizationId, organizationId),
          eq(organizationAiModels.capability, capability),
        ),
      )
      .returning({ capability: organizationAiModels.capability });
    if (removed.length === 0) throw notFound("This organization has no model of its own for that.");
    await publishChange(tx, actor, "ai.model.changed", capability);
  });
}
