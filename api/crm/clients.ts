import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type CountedTotal, countMatches, rowsBefore } from "../db/paging";
import {
  checkReferences as checkOrganizationReferences,
  deleteToBin,
  inBin,
  liveOrRestorable,
  lockInOrganization,
  restoreFromBin,
} from "../db/records";
import {
  type Client,
  type clientKinds,
  type clientStatuses,
  clients,
  users,
  workspaces,
} from "../db/schema";
import { highlightMatches, type TextSegment } from "../db/search";
import { conflict, notFound, staleVersion } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { memberReference, workspaceReference } from "../organizations/references";
import { avatarUrlOf, deleteAvatarFiles, saveAvatar } from "../storage/avatars";
import type { Storage } from "../storage/storage";
import {
  changedFields,
  recordAndPublish,
  recordClientActivity,
  recordClientsImported,
} from "./client-activity";

/** How long a deleted client can be restored (days). */
export const clientRestoreDays = 30;

export type ClientKind = (typeof clientKinds)[number];
export type ClientStatus = (typeof clientStatuses)[number];

export type ClientInput = {
  name: string;
  kind: ClientKind;
  contactName: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string;
  tags: string[];
  notes: string;
  status: ClientStatus;
  ownerId: string | null;
  workspaceId: string | null;
};

export type ClientView = Omit<Client, "search" | "createdBy"> & {
  owner: { id: string; name: string } | null;
  workspace: { id: string; name: string } | null;
  /** Where the search matched, when there was one. */
  highlights?: { name: TextSegment[] | null; notes: TextSegment[] | null };
};

export const clientSorts = ["name", "-name", "updated", "-updated", "relevance"] as const;
export type ClientSort = (typeof clientSorts)[number];

export type ClientQuery = {
  page: number;
  pageSize: number;
  q?: string;
  sort?: ClientSort;
  status?: ClientStatus[];
  tag?: string;
  ownerId?: string;
  workspaceId?: string;
  /** The deleted clients that can still be restored, instead of the others. */
  deleted?: boolean;
};

const ownerName = sql<
  string | null
>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

function viewColumns() {
  const { search: _search, createdBy: _createdBy, ...columns } = clients;
  return {
    client: columns,
    ownerName,
    workspaceName: workspaces.name,
  } as const;
}

type Row = {
  client: Omit<Client, "search" | "createdBy">;
  ownerName: string | null;
  workspaceName: string | null;
};

function toView(row: Row, q?: string): ClientView {
  const { client } = row;
  return {
    ...client,
    owner: client.ownerId ? { id: client.ownerId, name: row.ownerName ?? "" } : null,
    workspace: client.workspaceId
      ? { id: client.workspaceId, name: row.workspaceName ?? "" }
      : null,
    ...(q
      ? {
          highlights: {
            name: highlightMatches(client.name, q),
            notes: highlightMatches(client.notes, q, 160),
          },
        }
      : {}),
  };
}

/** The organization's clients, paged; a search matches names, contacts, tags and notes. */
export async function listClients(
  db: Database,
  actor: Actor,
  query: ClientQuery,
): Promise<{ items: ClientView[] } & CountedTotal> {
  requirePermission(actor, "clients.read");
  const q = query.q?.trim() || undefined;
  const matches = q ? sql`${clients.search} @@ qalam_search_query(${q})` : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(clients.organizationId, actor.organizationId),
    query.deleted ? inBin(clients.deletedAt, clientRestoreDays) : isNull(clients.deletedAt),
    matches,
    query.status?.length ? inArray(clients.status, query.status) : undefined,
    query.tag ? sql`${clients.tags} @> array[${query.tag}]::text[]` : undefined,
    query.ownerId ? eq(clients.ownerId, query.ownerId) : undefined,
    query.workspaceId ? eq(clients.workspaceId, query.workspaceId) : undefined,
  ];
  const where = and(...conditions);
  const sort = query.sort ?? (q ? "relevance" : "name");
  const byName = [asc(sql`lower(${clients.name})`), asc(clients.id)];
  const order = {
    name: byName,
    "-name": [desc(sql`lower(${clients.name})`), desc(clients.id)],
    updated: [asc(clients.updatedAt), asc(clients.id)],
    "-updated": [desc(clients.updatedAt), desc(clients.id)],
    relevance: q
      ? [desc(sql`ts_rank(${clients.search}, qalam_search_query(${q}))`), ...byName]
      : byName,
  }[sort];
  const [rows, counted] = await Promise.all([
    db
      .select(viewColumns())
      .from(clients)
      .leftJoin(users, eq(users.id, clients.ownerId))
      .leftJoin(workspaces, eq(workspaces.id, clients.workspaceId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    countMatches(db, clients, where, { ...query, q }),
  ]);
  return { items: rows.map((row) => toView(row, q)), ...counted };
}

/** One client of the actor's organization, a deleted one while it can be restored; else 404. */
export async function getClient(db: Database, actor: Actor, id: string): Promise<ClientView> {
  requirePermission(actor, "clients.read");
  const [row] = await db
    .select(viewColumns())
    .from(clients)
    .leftJoin(users, eq(users.id, clients.ownerId))
    .leftJoin(workspaces, eq(workspaces.id, clients.workspaceId))
    .where(
      and(
        eq(clients.id, id),
        eq(clients.organizationId, actor.organizationId),
        liveOrRestorable(clients.deletedAt, clientRestoreDays),
      ),
    );
  if (!row) throw notFound("No such client.");
  return toView(row);
}

/** The owner must be a member and the workspace the organization's: 422 on the field otherwise. */
async function checkReferences(
  tx: Database,
  actor: OrganizationActor,
  input: Pick<Partial<ClientInput>, "ownerId" | "workspaceId">,
) {
  await checkOrganizationReferences(tx, actor.organizationId, [
    memberReference(
      input.ownerId,
      "ownerId",
      "The owner must be a member.",
      "Not a member of the organization",
    ),
    workspaceReference(input.workspaceId),
  ]);
}

/** A new client (clients.write). */
export async function createClient(
  db: Database,
  actor: Actor,
  input: ClientInput,
): Promise<string> {
  requirePermission(actor, "clients.write");
  return db.transaction(async (tx) => {
    await checkReferences(tx, actor, input);
    const [client] = await tx
      .insert(clients)
      .values({ ...input, organizationId: actor.organizationId, createdBy: actor.userId })
      .returning({ id: clients.id });
    if (!client) throw new Error("insert into clients returned no row");
    const subject = clientSubject({ id: client.id, name: input.name });
    await recordAndPublish(tx, actor, client.id, "created", subject);
    return client.id;
  });
}

/** Locks a client of the actor's organization for a change: 404 when there is none. */
function lockClient(tx: Database, actor: OrganizationActor, id: string) {
  const missing = () => notFound("No such client.");
  return lockInOrganization(tx, clients, actor.organizationId, id, missing);
}

/** A client as its activity names it. */
const clientSubject = (client: { id: string; name: string }) =>
  ({ type: "client", id: client.id, name: client.name }) as const;

const clientDeleted = () => conflict("CLIENT_DELETED", "This client was deleted.");

/**
 * Changes a client (clients.write). `version` is the one the change was made on: another
 * change since then makes it 409 STALE_VERSION, and nothing is written.
 */
export async function updateClient(
  db: Database,
  actor: Actor,
  id: string,
  version: number,
  changes: Partial<ClientInput>,
): Promise<void> {
  requirePermission(actor, "clients.write");
  await db.transaction(async (tx) => {
    const current = await lockClient(tx, actor, id);
    if (current.deletedAt) throw clientDeleted();
    if (current.version !== version)
      throw staleVersion(
        "Someone changed this client since you opened it. Reload it to see their changes.",
      );
    await checkReferences(tx, actor, changes);
    await tx
      .update(clients)
      .set({ ...changes, version: sql`${clients.version} + 1` })
      .where(eq(clients.id, id));
    const subject = { type: "client", id, name: changes.name ?? current.name } as const;
    await recordClientActivity(tx, actor, id, "updated", subject, changedFields(current, changes));
    await publishChange(tx, actor, "client.updated", id);
  });
}

/**
 * Sets a client's logo (clients.write), or takes it away with `null`. The image is read like an
 * avatar (errors on the `logo` field) and stored as a WebP of at most 512×512 before the change;
 * the file it replaces is deleted once the change is committed, the new one if it fails. Like
 * any change it moves the version on, without asking for it: a logo does not overwrite text.
 * Taking away a logo the client does not have changes nothing.
 */
export async function setClientLogo(
  db: Database,
  storage: Storage,
  actor: Actor,
  id: string,
  logo: Uint8Array | null,
): Promise<void> {
  requirePermission(actor, "clients.write");
  // Unknown and deleted clients are refused before an image is decoded and stored for them.
  const [found] = await db
    .select({ deletedAt: clients.deletedAt })
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.organizationId, actor.organizationId)));
  if (!found) throw notFound("No such client.");
  if (found.deletedAt) throw clientDeleted();

  const newKey = logo ? await saveAvatar(storage, logo, "logo") : null;
  const logoUrl = newKey ? avatarUrlOf(newKey) : null;
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const current = await lockClient(tx, actor, id);
      if (current.deletedAt) throw clientDeleted();
      if (current.logoUrl === logoUrl) return;
      await tx
        .update(clients)
        .set({ logoUrl, version: sql`${clients.version} + 1` })
        .where(eq(clients.id, id));
      replaced = current.logoUrl;
      const subject = { type: "client", id, name: current.name } as const;
      await recordClientActivity(tx, actor, id, "updated", subject, ["logo"]);
      await publishChange(tx, actor, "client.updated", id);
    });
  } catch (error) {
    if (newKey) await storage.delete(newKey).catch(() => {});
    throw error;
  }
  await deleteAvatarFiles(storage, [replaced]);
}

/** Deletes a client (clients.write); it can be restored for 30 days. */
export async function deleteClient(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "clients.write");
  await deleteToBin(db, {
    table: clients,
    lock: (tx) => lockClient(tx, actor, id),
    changed: (tx, client) => recordAndPublish(tx, actor, id, "deleted", clientSubject(client)),
  });
}

/** Brings a deleted client back (clients.write): 404 once its 30 days have passed. */
export async function restoreClient(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "clients.write");
  await restoreFromBin(db, {
    table: clients,
    restoreDays: clientRestoreDays,
    noun: "client",
    lock: (tx) => lockClient(tx, actor, id),
    changed: (tx, client) => recordAndPublish(tx, actor, id, "restored", clientSubject(client)),
  });
}

/** The columns of the CSV files clients go out in and come back from, in order. */
export const clientCsvColumns = [
  "name",
  "kind",
  "status",
  "contactName",
  "email",
  "phone",
  "website",
  "address",
  "tags",
  "notes",
] as const;

/** At most this many clients go into one CSV file. */
export const maxExportedClients = 100_000;

/** The organization's clients as CSV rows (clients.read), by name; tags joined with "; ". */
export async function exportClients(db: Database, actor: Actor): Promise<string[][]> {
  requirePermission(actor, "clients.read");
  const rows = await db
    .select()
    .from(clients)
    .where(and(eq(clients.organizationId, actor.organizationId), isNull(clients.deletedAt)))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
    .limit(maxExportedClients);
  return rows.map((client) => [
    client.name,
    client.kind,
    client.status,
    client.contactName,
    client.email ?? "",
    client.phone ?? "",
    client.website ?? "",
    client.address,
    client.tags.join("; "),
    client.notes,
  ]);
}

/** Adds many clients in one transaction (clients.write); one event says they came. */
export async function importClients(
  db: Database,
  actor: Actor,
  inputs: Omit<ClientInput, "ownerId" | "workspaceId">[],
): Promise<number> {
  requirePermission(actor, "clients.write");
  if (inputs.length === 0) return 0;
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(clients)
      .values(
        inputs.map((input) => ({
          ...input,
          organizationId: actor.organizationId,
          createdBy: actor.userId,
        })),
      )
      .returning({ id: clients.id, name: clients.name });
    await recordClientsImported(tx, actor, created);
    await publishChange(tx, actor, "client.imported", created[0]?.id ?? actor.organizationId);
    return created.length;
  });
}
