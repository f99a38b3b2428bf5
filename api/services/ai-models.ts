import { and, eq } from "drizzle-orm";
import {
  type Capability,
  capabilities,
  type ProviderKind,
  providerCapabilities,
} from "../ai/capabilities";
import type { AiRegistry, ModelSource, Offers, OrganizationAiSettings } from "../ai/registry";
import { offersOf } from "../ai/registry";
import { createSecretBox, type SecretBox, secretHint } from "../ai/secrets";
import type { Database } from "../db/client";
import { organizationAiModels } from "../db/schema";
import { notFound, validationFailed } from "../errors";
import { publishEvent } from "../realtime/events";
import type { AiQuotaDefaults } from "./ai-usage";
import {
  type Actor,
  can,
  type OrganizationActor,
  requireOrganization,
  requirePermission,
} from "./permissions";

/** How long a streamed chat answer may take, retries included, unless the API is told otherwise. */
export const defaultChatDeadlineMs = 5 * 60_000;

/**
 * What the API needs of the AI layer: the registry, the box that seals keys, the quotas, and how
 * long a streamed chat answer may take.
 */
export type AiServices = {
  registry: AiRegistry;
  secrets: SecretBox;
  quotas: AiQuotaDefaults;
  chatDeadlineMs: number;
};

export function createAiServices(options: {
  registry: AiRegistry;
  secretsKey: Buffer;
  quotas?: AiQuotaDefaults;
  chatDeadlineMs?: number;
}): AiServices {
  return {
    registry: options.registry,
    secrets: createSecretBox(options.secretsKey),
    quotas: options.quotas ?? {},
    chatDeadlineMs: options.chatDeadlineMs ?? defaultChatDeadlineMs,
  };
}

/** The context a key is sealed for: a sealed key copied to another row does not open. */
const sealContext = (organizationId: string, capability: Capability) =>
  `organization-ai-model:${organizationId}:${capability}`;

export type CapabilityView = {
  capability: Capability;
  /** Where the model comes from; null: not configured, the feature says so. */
  source: ModelSource | null;
  provider: ProviderKind | null;
  model: string | null;
  offers: Offers;
  /** The organization's own settings, for members who may change them (ai.manage). */
  own: {
    provider: ProviderKind;
    baseUrl: string | null;
    model: string;
    keyHint: string | null;
  } | null;
};

/** The organization's own models with their keys opened, for the registry. */
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
    settings[row.capability] = {
      provider: row.provider,
      model: row.model,
      ...(row.baseUrl ? { baseUrl: row.baseUrl } : {}),
      ...(row.apiKeySealed
        ? { apiKey: secrets.open(row.apiKeySealed, sealContext(organizationId, row.capability)) }
        : {}),
    };
  }
  return settings;
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
  /** A new key; undefined keeps the stored one, null removes it. */
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
            apiKeySealed: ai.secrets.seal(key, sealContext(organizationId, capability)),
            apiKeyHint: secretHint(key),
          };
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
        set: { ...values, ...sealed, updatedAt: new Date() },
      });
    await publish(tx, actor, capability);
  });
}

async function publish(tx: Database, actor: OrganizationActor, capability: Capability) {
  const { organizationId } = actor;
  await publishEvent(
    tx,
    { organizationId },
    { type: "ai.model.changed", id: capability, organizationId, actor: actor.userId },
  );
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
    await publish(tx, actor, capability);
  });
}
