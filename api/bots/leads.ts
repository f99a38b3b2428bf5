/**
 * The leads visitors leave through a bot's lead form (docs/x-bot.md, "Leads"): listed, read,
 * changed, deleted to the bin, converted into a client and exported by the organization's members;
 * sent by a visitor, once a conversation, through the public chat.
 */
import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { AiServices } from "../ai/ai-models";
import { createClient } from "../crm/clients";
import { organizationCountry } from "../crm/phones";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
import { type CountedTotal, countMatches, rowsBefore } from "../db/paging";
import {
  checkReferences,
  deleteToBin,
  inBin,
  liveOrRestorable,
  lockInOrganization,
  restoreFromBin,
} from "../db/records";
import {
  type Bot,
  type BotConversation,
  bots,
  clients,
  type Lead,
  type LeadStatus,
  leads,
  users,
} from "../db/schema";
import { containsPattern } from "../db/search";
import { AppError, conflict, notFound, RateLimitedError, staleVersion } from "../errors";
import { consumeRateLimit, type RateLimits } from "../identity/rate-limits";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { memberReference } from "../organizations/references";
import { publishEvent } from "../realtime/events";
import { checkSubmission, type LeadSubmission, leadFormOf } from "./lead-form";
import { ChatRateLimitedError } from "./public-chat";

/** How long a deleted lead can be restored (days). */
export const leadRestoreDays = 30;

export type LeadView = Omit<Lead, "conversationId"> & {
  conversationId: string | null;
  bot: { id: string; name: string };
  owner: { id: string; name: string } | null;
  client: { id: string; name: string } | null;
};

export type LeadQuery = {
  page: number;
  pageSize: number;
  q?: string;
  status?: LeadStatus[];
  botId?: string;
  clientId?: string;
  from?: Date;
  to?: Date;
  deleted?: boolean;
};

function selectViews(db: Database) {
  return db
    .select({
      lead: leads,
      botName: bots.name,
      ownerName: fullName(users),
      clientName: clients.name,
    })
    .from(leads)
    .innerJoin(bots, eq(bots.id, leads.botId))
    .leftJoin(users, eq(users.id, leads.ownerId))
    .leftJoin(clients, eq(clients.id, leads.clientId));
}

type Row = { lead: Lead; botName: string; ownerName: string | null; clientName: string | null };

function toView(row: Row): LeadView {
  const { lead } = row;
  return {
    ...lead,
    conversationId: lead.conversationId === null ? null : String(lead.conversationId),
    bot: { id: lead.botId, name: row.botName },
    owner: lead.ownerId ? { id: lead.ownerId, name: row.ownerName ?? "" } : null,
    client: lead.clientId ? { id: lead.clientId, name: row.clientName ?? "" } : null,
  };
}

/** The conditions of a list and an export: the organization, the bin or not, the filters. */
function leadConditions(actor: OrganizationActor, query: Omit<LeadQuery, "page" | "pageSize">) {
  const pattern = containsPattern(query.q);
  return [
    eq(leads.organizationId, actor.organizationId),
    query.deleted ? inBin(leads.deletedAt, leadRestoreDays) : isNull(leads.deletedAt),
    pattern
      ? or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.phone, pattern))
      : undefined,
    query.status?.length ? inArray(leads.status, query.status) : undefined,
    query.botId ? eq(leads.botId, query.botId) : undefined,
    query.clientId ? eq(leads.clientId, query.clientId) : undefined,
    query.from ? gte(leads.createdAt, query.from) : undefined,
    query.to ? lt(leads.createdAt, query.to) : undefined,
  ] satisfies (SQL | undefined)[];
}

/** The organization's leads, newest first, paged and filtered (leads.read). */
export async function listLeads(
  db: Database,
  actor: Actor,
  query: LeadQuery,
): Promise<{ items: LeadView[] } & CountedTotal> {
  requirePermission(actor, "leads.read");
  const member = actor;
  const where = and(...leadConditions(member, query));
  const [rows, counted] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    countMatches(db, leads, where, { ...query, q: query.q?.trim() || undefined }),
  ]);
  return { items: rows.map(toView), ...counted };
}

/** One lead of the organization, a deleted one too while restorable; else 404 (leads.read). */
export async function getLead(db: Database, actor: Actor, id: string): Promise<LeadView> {
  requirePermission(actor, "leads.read");
  const member = actor;
  const [row] = await selectViews(db).where(
    and(
      eq(leads.id, id),
      eq(leads.organizationId, member.organizationId),
      liveOrRestorable(leads.deletedAt, leadRestoreDays),
    ),
  );
  if (!row) throw notFound("No such lead.");
  return toView(row);
}

/** What a `lead.created` webhook carries: the lead as the visitor left it. */
export async function leadEventData(db: Database, id: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({
      id: leads.id,
      botId: leads.botId,
      conversationId: leads.conversationId,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      custom: leads.custom,
      language: leads.language,
      consentAt: leads.consentAt,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(eq(leads.id, id));
  if (!row) return { id };
  return {
    ...row,
    conversationId: row.conversationId === null ? null : String(row.conversationId),
    consentAt: row.consentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const lockLead = (tx: Database, actor: OrganizationActor, id: string) =>
  lockInOrganization(tx, leads, actor.organizationId, id, () => notFound("No such lead."));

const leadDeleted = () => conflict("LEAD_DELETED", "This lead was deleted.");

/** Tells the organization's open pages that a lead changed. */
function publishLead(
  tx: Database,
  organizationId: string,
  type: string,
  id: string,
  actor: string,
) {
  return publishEvent(tx, { organizationId }, { type, id, organizationId, actor });
}

export type LeadChanges = {
  /** The version the change was made on: another is 409 STALE_VERSION. */
  version?: number;
  status?: LeadStatus;
  notes?: string;
  ownerId?: string | null;
};

/**
 * Changes a lead's status, notes or owner (leads.manage): the owner must be a member (422
 * NOT_A_MEMBER on `ownerId`); 409 LEAD_DELETED in the bin, STALE_VERSION when `version` is not
 * the lead's.
 */
export async function updateLead(
  db: Database,
  actor: Actor,
  id: string,
  changes: LeadChanges,
): Promise<void> {
  requirePermission(actor, "leads.manage");
  const member = actor;
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, member, id);
    if (lead.deletedAt) throw leadDeleted();
    const { version, ...fields } = changes;
    if (version !== undefined && version !== lead.version) {
      throw staleVersion("The lead was changed since it was read.", { version: lead.version });
    }
    await checkReferences(tx, member.organizationId, [
      memberReference(
        changes.ownerId,
        "ownerId",
        "The owner must be a member.",
        "Not a member of the organization",
      ),
    ]);
    await tx
      .update(leads)
      .set({ ...fields, version: sql`${leads.version} + 1` })
      .where(eq(leads.id, id));
    await publishLead(tx, member.organizationId, "lead.updated", id, member.userId);
  });
}

/** Deletes a lead to the bin (leads.manage). */
export async function deleteLead(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "leads.manage");
  const member = actor;
  await deleteToBin(db, {
    table: leads,
    lock: (tx) => lockLead(tx, member, id),
    changed: (tx, lead) =>
      publishLead(tx, member.organizationId, "lead.deleted", lead.id, member.userId),
  });
}

/** Brings a deleted lead back (leads.manage): 404 once its 30 days have passed. */
export async function restoreLead(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "leads.manage");
  const member = actor;
  await restoreFromBin(db, {
    table: leads,
    restoreDays: leadRestoreDays,
    noun: "lead",
    lock: (tx) => lockLead(tx, member, id),
    changed: (tx, lead) =>
      publishLead(tx, member.organizationId, "lead.restored", lead.id, member.userId),
  });
}

/**
 * Makes a client of a lead (leads.manage and clients.write): a person named as the lead (else
 * by its email or phone), with its email and phone, linked both ways (the lead's `clientId`, and
 * the client found by `GET /leads?clientId=`). Once: a lead converted already is 409
 * LEAD_CONVERTED with the client in `details.client`; 409 LEAD_DELETED in the bin.
 */
export async function convertLead(db: Database, actor: Actor, id: string): Promise<string> {
  requirePermission(actor, "leads.manage");
  const member = actor;
  requirePermission(actor, "clients.write");
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, member, id);
    if (lead.deletedAt) throw leadDeleted();
    if (lead.clientId) {
      const [client] = await tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(eq(clients.id, lead.clientId));
      const error = conflict("LEAD_CONVERTED", "This lead is a client already.");
      error.details = { client: client ?? { id: lead.clientId, name: "" } };
      throw error;
    }
    const name = lead.name || lead.email || lead.phone || "Lead";
    const clientId = await createClient(tx, member, {
      name: name.slice(0, 200),
      kind: "person",
      contactName: lead.name ?? "",
      email: lead.email,
      phone: lead.phone,
      website: null,
      address: "",
      tags: [],
      notes: lead.notes,
      status: "lead",
      ownerId: lead.ownerId,
      workspaceId: null,
    });
    await tx
      .update(leads)
      .set({ clientId, version: sql`${leads.version} + 1` })
      .where(eq(leads.id, id));
    await publishLead(tx, member.organizationId, "lead.updated", id, member.userId);
    return clientId;
  });
}

// --- Export ----------------------------------------------------------------------------------

/** How many leads an export reads at a time: what it holds in memory at most. */
export const leadExportBatch = 500;

export type LeadExportRow = {
  id: string;
  createdAt: Date;
  bot: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: LeadStatus;
  owner: string | null;
  notes: string;
  consentAt: Date | null;
  conversationId: string | null;
  clientId: string | null;
  custom: Lead["custom"];
};

/**
 * The leads of a list's filters, newest first, a batch at a time (leads.read): each batch is read
 * after the one before was taken, from where it ended (the creation time and id of its last), so
 * that no more than `batchSize` leads are in memory, however many the organization has.
 */
export function exportLeads(
  db: Database,
  actor: Actor,
  query: Omit<LeadQuery, "page" | "pageSize">,
  batchSize: number = leadExportBatch,
): AsyncGenerator<LeadExportRow[]> {
  requirePermission(actor, "leads.read");
  const member = actor;
  return leadBatches(db, leadConditions(member, query), batchSize);
}

async function* leadBatches(
  db: Database,
  conditions: (SQL | undefined)[],
  batchSize: number,
): AsyncGenerator<LeadExportRow[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Row[] = await selectViews(db)
      .where(
        and(
          ...conditions,
          after
            ? sql`(${leads.createdAt}, ${leads.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(({ lead, botName, ownerName }) => ({
      id: lead.id,
      createdAt: lead.createdAt,
      bot: botName,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      status: lead.status,
      owner: lead.ownerId ? (ownerName ?? "") : null,
      notes: lead.notes,
      consentAt: lead.consentAt,
      conversationId: lead.conversationId === null ? null : String(lead.conversationId),
      clientId: lead.clientId,
      custom: lead.custom,
    }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as Row;
    after = { createdAt: last.lead.createdAt, id: last.lead.id };
  }
}

// --- A visitor's lead ------------------------------------------------------------------------

/** 409 LEAD_FORM_DISABLED: the bot takes no leads. */
const formDisabled = () => conflict("LEAD_FORM_DISABLED", "This bot takes no leads.");

/**
 * A visitor's lead, checked against the bot's form (`checkSubmission`), one a conversation: the
 * first submit makes it (`lead.created`), another changes its values (`lead.updated`). Counted
 * against the per-visitor and per-address limits first (429 RATE_LIMITED), so that a refused
 * submit counts too. Answers whether it was made and its id.
 */
export async function submitLead(
  services: { db: Database; ai: AiServices; rateLimits: RateLimits },
  bot: Bot,
  conversation: BotConversation,
  input: LeadSubmission,
): Promise<{ id: string; created: boolean }> {
  const { db, rateLimits } = services;
  const form = leadFormOf(bot);
  if (!form.enabled) throw formDisabled();
  try {
    await consumeRateLimit(db, rateLimits, "leadPerVisitor", `${bot.id}:${conversation.visitorId}`);
    if (conversation.addressHash) {
      await consumeRateLimit(db, rateLimits, "leadPerAddress", conversation.addressHash);
    }
  } catch (error) {
    // The public chat's own code, which the widget already tells its visitor.
    if (!(error instanceof RateLimitedError)) throw error;
    throw new ChatRateLimitedError(
      error.retryAfterSeconds,
      "Too many forms sent. Try again later.",
    );
  }
  const country = await organizationCountry(db, {
    userId: "",
    organizationId: bot.organizationId,
    permissions: [],
  });
  const lead = checkSubmission(form, input, country);
  const values = {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    custom: lead.custom,
    consentAt: lead.consent ? new Date() : null,
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.conversationId, conversation.id))
      .for("update");
    if (existing) {
      await tx
        .update(leads)
        .set({ ...values, version: sql`${leads.version} + 1` })
        .where(eq(leads.id, existing.id));
      await publishLead(tx, bot.organizationId, "lead.updated", existing.id, "visitor");
      return { id: existing.id, created: false };
    }
    const [made] = await tx
      .insert(leads)
      .values({
        ...values,
        organizationId: bot.organizationId,
        botId: bot.id,
        conversationId: conversation.id,
        language: conversation.language,
      })
      .onConflictDoNothing({ target: leads.conversationId })
      .returning({ id: leads.id });
    if (!made) throw new AppError("conflict", "LEAD_IN_PROGRESS", "Try again in a moment.");
    await publishLead(tx, bot.organizationId, "lead.created", made.id, "visitor");
    return { id: made.id, created: true };
  });
}

/** Whether the conversation has sent its lead: what the widget asks on opening it again. */
export async function conversationHasLead(db: Database, conversationId: number): Promise<boolean> {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.conversationId, conversationId));
  return lead !== undefined;
}
