import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizationAiModels } from "../db/schema";
import { type AppError, errorOnFields } from "../errors";
import { type Actor, type Permission, requirePermission } from "../organizations/permissions";
import type { AiServices } from "./ai-models";
import type { Capability } from "./capabilities";
import { ModelNotAllowedError, type OrganizationAiSettings } from "./registry";

/**
 * 422 MODEL_NOT_ALLOWED on `field`: a model of the deployment's provider that its operator does
 * not list (`AI_<CAPABILITY>_MODELS`); the field's message names those it does.
 */
export function modelNotAllowed(field: string, allowed: readonly string[]): AppError {
  return errorOnFields(
    "invalid",
    "MODEL_NOT_ALLOWED",
    "This deployment does not offer that model.",
    { [field]: `One of ${allowed.join(", ")}` },
  );
}

/** A ModelNotAllowedError of the registry as the API's 422 on `field`; anything else as it is. */
export function asModelChoiceError(error: unknown, field = "model"): unknown {
  return error instanceof ModelNotAllowedError ? modelNotAllowed(field, error.allowed) : error;
}

/** Which provider the organization set up per capability; no keys opened. */
async function ownProviders(db: Database, organizationId: string) {
  const rows = await db
    .select({
      capability: organizationAiModels.capability,
      provider: organizationAiModels.provider,
      model: organizationAiModels.model,
    })
    .from(organizationAiModels)
    .where(eq(organizationAiModels.organizationId, organizationId));
  return Object.fromEntries(
    rows.map((row) => [row.capability, { provider: row.provider, model: row.model }]),
  ) as OrganizationAiSettings;
}

/**
 * Checks a model id that a thread, a character or a generation names, as it is saved: on the
 * deployment's provider it must be one of the operator's list, else 422 MODEL_NOT_ALLOWED on
 * `field`. An organization's own provider takes any of its models; a capability with no model
 * yet, or an embedded one, refuses nothing here (the call says so). `permission` is the save's
 * own, checked first, so that only those who may save learn the list.
 */
export async function checkModelChoice(
  db: Database,
  ai: AiServices,
  actor: Actor,
  permission: Permission,
  choice: { capability: Capability; modelId: string | null | undefined; field: string },
): Promise<void> {
  requirePermission(actor, permission);
  const { capability, modelId, field } = choice;
  if (!modelId) return;
  const settings = await ownProviders(db, actor.organizationId);
  if (ai.registry.sourceOf(capability, settings) !== "environment") return;
  const allowed = ai.registry.allowedModels(capability, settings) ?? [];
  if (!allowed.includes(modelId)) throw modelNotAllowed(field, allowed);
}

/**
 * A chat model a thread or a character names, checked by the service that saves it, as
 * `checkModelChoice` does: 422 MODEL_NOT_ALLOWED on `field`.
 */
export function checkChatModel(
  services: { db: Database; ai: AiServices },
  actor: Actor,
  permission: Permission,
  choice: { modelId: string | null | undefined; field: string },
): Promise<void> {
  return checkModelChoice(services.db, services.ai, actor, permission, {
    capability: "chat",
    ...choice,
  });
}
