import type { Database } from "../db/client";
import { publishEvent } from "../realtime/events";
import { recordActivity } from "./activity";
import type { OrganizationActor } from "./permissions";

/**
 * Tells the organization's open pages that one of its records changed (`client.updated`,
 * `document.deleted`…), inside the transaction of the change: sent when it commits, never for a
 * change rolled back. The change goes into the organization's activity too (`recordActivity`).
 */
export async function publishChange(
  tx: Database,
  actor: OrganizationActor,
  type: string,
  id: string,
): Promise<void> {
  const { organizationId } = actor;
  await publishEvent(tx, { organizationId }, { type, id, organizationId, actor: actor.userId });
  await recordActivity(tx, actor, { type, subjectId: id });
}
