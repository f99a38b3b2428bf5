import type { Database } from "../db/client";
import { type AuthoredRecord, publishToAudience } from "../db/records";
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

/**
 * Tells those who may see an authored record (a thread, a character, a recipe) that it changed:
 * its author alone while it is private, else the organization (`publishToAudience`). Its line in
 * the organization's activity is its author's alone while the record is private.
 */
export async function publishAuthoredChange(
  tx: Database,
  actor: OrganizationActor,
  type: string,
  record: AuthoredRecord,
  before?: Pick<AuthoredRecord, "visibility">,
): Promise<void> {
  await publishToAudience(tx, actor, type, record, before);
  await recordActivity(tx, actor, {
    type,
    subjectId: String(record.id),
    userId: record.visibility === "organization" ? undefined : record.authorId,
  });
}
