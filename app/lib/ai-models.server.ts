import type { AiCapability } from "./ai-models";
import type { ApiClient, ApiSchema } from "./api/client";

/** The models and voices to suggest for a capability; empty lists mean free text. */
export type ModelChoices = ApiSchema<"AiModelChoices">;

const noChoices: ModelChoices = { models: [], voices: [] };

/**
 * What the organization's provider lists for a capability (GET
 * /organizations/{id}/ai/{capability}/models), for the datalists of the fields that name a
 * model or a voice. Suggestions only: when the API cannot say, the fields stay free text.
 */
export async function modelChoices(
  api: ApiClient,
  organizationId: string | null | undefined,
  capability: AiCapability,
): Promise<ModelChoices> {
  if (!organizationId) return noChoices;
  return api
    .get("/organizations/{id}/ai/{capability}/models", {
      path: { id: organizationId, capability },
    })
    .catch(() => noChoices);
}
