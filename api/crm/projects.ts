import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
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
  clients,
  type Project,
  projectMembers,
  type projectStatuses,
  projects,
  users,
  workspaces,
} from "../db/schema";
import { highlightMatches, type TextSegment } from "../db/search";
import { conflict, errorOnFields, notFound, staleVersion } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { memberReference, workspaceReference } from "../organizations/references";
import { changedFields, recordAndPublish, recordMove } from "./client-activity";
import { clientReference } from "./references";

/** How long a deleted project can be restored (days). */
export const projectRestoreDays = 30;

export type ProjectStatus = (typeof projectStatuses)[number];

/** The currencies a budget can be in: ISO 4217, as the runtime knows them. */
export const currencies: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));

/** The digits after the point of a currency's amounts (2 for SAR, 3 for KWD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

export type ProjectInput = {
  name: string;
  description: string;
  status: ProjectStatus;
  clientId: string | null;
  workspaceId: string | null;
  startDate: string | null;
  dueDate: string | null;
  /** In major units (riyals, dollars), with `currency`; both or neither. */
  budget: { amount: number; currency: string } | null;
  tags: string[];
  memberIds: string[];
};

export type ProjectView = Omit<Project, "search" | "createdBy" | "budgetMinor" | "currency"> & {
  budget: { amount: number; currency: string } | null;
  client: { id: string; name: string } | null;
  workspace: { id: string; name: string } | null;
  members: { id: string; name: string }[];
  highlights?: { name: TextSegment[] | null; description: TextSegment[] | null };
};

export const projectSorts = ["name", "-name", "updated", "-updated", "due", "relevance"] as const;
export type ProjectSort = (typeof projectSorts)[number];

export type ProjectQuery = {
  page: number;
  pageSize: number;
  q?: string;
  sort?: ProjectSort;
  status?: ProjectStatus[];
  clientId?: string;
  /** With `clientId`: the projects without a client as well, those a record of the client may take. */
  orWithoutClient?: boolean;
  workspaceId?: string;
  tag?: string;
  deleted?: boolean;
};

function viewColumns() {
  const { search: _search, createdBy: _createdBy, ...columns } = projects;
  return { project: columns, clientName: clients.name, workspaceName: workspaces.name } as const;
}

type Row = {
  project: Omit<Project, "search" | "createdBy">;
  clientName: string | null;
  workspaceName: string | null;
};

async function membersOf(db: Database, ids: string[]) {
  const map = new Map<string, { id: string; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      projectId: projectMembers.projectId,
      id: users.id,
      name: fullName(users),
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(inArray(projectMembers.projectId, ids))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
  for (const row of rows) {
    map.set(row.projectId, [...(map.get(row.projectId) ?? []), { id: row.id, name: row.name }]);
  }
  return map;
}

function toView(row: Row, members: { id: string; name: string }[], q?: string): ProjectView {
  const { budgetMinor, currency, ...project } = row.project;
  return {
    ...project,
    budget:
      budgetMinor !== null && currency
        ? { amount: budgetMinor / 10 ** currencyDigits(currency), currency }
        : null,
    client: project.clientId ? { id: project.clientId, name: row.clientName ?? "" } : null,
    workspace: project.workspaceId
      ? { id: project.workspaceId, name: row.workspaceName ?? "" }
      : null,
    members,
    ...(q
      ? {
          highlights: {
            name: highlightMatches(project.name, q),
            description: highlightMatches(project.description, q, 160),
          },
        }
      : {}),
  };
}

/** The organization's projects, paged; a search matches names, descriptions and tags. */
export async function listProjects(
  db: Database,
  actor: Actor,
  query: ProjectQuery,
): Promise<{ items: ProjectView[] } & CountedTotal> {
  requirePermission(actor, "projects.read");
  const q = query.q?.trim() || undefined;
  const conditions: (SQL | undefined)[] = [
    eq(projects.organizationId, actor.organizationId),
    query.deleted ? inBin(projects.deletedAt, projectRestoreDays) : isNull(projects.deletedAt),
    q ? sql`${projects.search} @@ qalam_search_query(${q})` : undefined,
    query.status?.length ? inArray(projects.status, query.status) : undefined,
    query.clientId
      ? query.orWithoutClient
        ? or(eq(projects.clientId, query.clientId), isNull(projects.clientId))
        : eq(projects.clientId, query.clientId)
      : undefined,
    query.workspaceId ? eq(projects.workspaceId, query.workspaceId) : undefined,
    query.tag ? sql`${projects.tags} @> array[${query.tag}]::text[]` : undefined,
  ];
  const where = and(...conditions);
  const sort = query.sort ?? (q ? "relevance" : "name");
  const byName = [asc(sql`lower(${projects.name})`), asc(projects.id)];
  const order = {
    name: byName,
    "-name": [desc(sql`lower(${projects.name})`), desc(projects.id)],
    updated: [asc(projects.updatedAt), asc(projects.id)],
    "-updated": [desc(projects.updatedAt), desc(projects.id)],
    due: [sql`${projects.dueDate} asc nulls last`, ...byName],
    relevance: q
      ? [desc(sql`ts_rank(${projects.search}, qalam_search_query(${q}))`), ...byName]
      : byName,
  }[sort];
  const [rows, counted] = await Promise.all([
    db
      .select(viewColumns())
      .from(projects)
      .leftJoin(clients, eq(clients.id, projects.clientId))
      .leftJoin(workspaces, eq(workspaces.id, projects.workspaceId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    countMatches(db, projects, where, { ...query, q }),
  ]);
  const members = await membersOf(
    db,
    rows.map((row) => row.project.id),
  );
  return {
    items: rows.map((row) => toView(row, members.get(row.project.id) ?? [], q)),
    ...counted,
  };
}

/** One project of the actor's organization, a deleted one too while restorable; else 404. */
export async function getProject(db: Database, actor: Actor, id: string): Promise<ProjectView> {
  requirePermission(actor, "projects.read");
  const [row] = await db
    .select(viewColumns())
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(
      and(
        eq(projects.id, id),
        eq(projects.organizationId, actor.organizationId),
        liveOrRestorable(projects.deletedAt, projectRestoreDays),
      ),
    );
  if (!row) throw notFound("No such project.");
  const members = await membersOf(db, [id]);
  return toView(row, members.get(id) ?? []);
}

/** The client, workspace and members must be the organization's: 422 on the field otherwise. */
async function checkReferences(
  tx: Database,
  actor: OrganizationActor,
  input: Partial<Pick<ProjectInput, "clientId" | "workspaceId" | "memberIds">>,
) {
  await checkOrganizationReferences(tx, actor.organizationId, [
    clientReference(input.clientId),
    workspaceReference(input.workspaceId),
    memberReference(
      input.memberIds,
      "memberIds",
      "Every member must be in the organization.",
      "Not members of the organization",
    ),
  ]);
}

function budgetColumns(budget: ProjectInput["budget"] | undefined) {
  if (budget === undefined) return {};
  if (budget === null) return { budgetMinor: null, currency: null };
  return {
    budgetMinor: Math.round(budget.amount * 10 ** currencyDigits(budget.currency)),
    currency: budget.currency,
  };
}

/** Sets a project's members; true when they are not the ones it had. */
async function setMembers(tx: Database, projectId: string, memberIds: string[]) {
  const removed = await tx
    .delete(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .returning({ userId: projectMembers.userId });
  const unique = [...new Set(memberIds)];
  if (unique.length) {
    await tx.insert(projectMembers).values(unique.map((userId) => ({ projectId, userId })));
  }
  const before = new Set(removed.map((member) => member.userId));
  return before.size !== unique.length || unique.some((userId) => !before.has(userId));
}

function checkDates(input: { startDate?: string | null; dueDate?: string | null }) {
  if (input.startDate && input.dueDate && input.dueDate < input.startDate) {
    throw errorOnFields("invalid", "DUE_BEFORE_START", "The due date is before the start.", {
      dueDate: "Before the start date",
    });
  }
}

/** A new project (projects.write). */
export async function createProject(
  db: Database,
  actor: Actor,
  input: ProjectInput,
): Promise<string> {
  requirePermission(actor, "projects.write");
  checkDates(input);
  return db.transaction(async (tx) => {
    await checkReferences(tx, actor, input);
    const { budget, memberIds, ...rest } = input;
    const [project] = await tx
      .insert(projects)
      .values({
        ...rest,
        ...budgetColumns(budget),
        organizationId: actor.organizationId,
        createdBy: actor.userId,
      })
      .returning({ id: projects.id });
    if (!project) throw new Error("insert into projects returned no row");
    await setMembers(tx, project.id, memberIds);
    const subject = projectSubject({ id: project.id, name: input.name });
    await recordAndPublish(tx, actor, input.clientId, "created", subject);
    return project.id;
  });
}

/** A project as its client's activity names it. */
const projectSubject = (project: { id: string; name: string }) =>
  ({ type: "project", id: project.id, name: project.name }) as const;

/** Locks a project of the actor's organization for a change: 404 when there is none. */
function lockProject(tx: Database, actor: OrganizationActor, id: string) {
  const missing = () => notFound("No such project.");
  return lockInOrganization(tx, projects, actor.organizationId, id, missing);
}

/**
 * Changes a project (projects.write) made on `version`: another change since is 409
 * STALE_VERSION, and nothing is written.
 */
export async function updateProject(
  db: Database,
  actor: Actor,
  id: string,
  version: number,
  changes: Partial<ProjectInput>,
): Promise<void> {
  requirePermission(actor, "projects.write");
  await db.transaction(async (tx) => {
    const current = await lockProject(tx, actor, id);
    if (current.deletedAt) throw conflict("PROJECT_DELETED", "This project was deleted.");
    if (current.version !== version) {
      throw staleVersion(
        "Someone changed this project since you opened it. Reload it to see their changes.",
      );
    }
    checkDates({
      startDate: changes.startDate === undefined ? current.startDate : changes.startDate,
      dueDate: changes.dueDate === undefined ? current.dueDate : changes.dueDate,
    });
    await checkReferences(tx, actor, changes);
    const { budget, memberIds, ...rest } = changes;
    const budgetChanged = changedFields(current, budgetColumns(budget)).length > 0;
    await tx
      .update(projects)
      .set({ ...rest, ...budgetColumns(budget), version: sql`${projects.version} + 1` })
      .where(eq(projects.id, id));
    const membersChanged = memberIds ? await setMembers(tx, id, memberIds) : false;
    const fields = [
      ...changedFields(current, rest).filter((field) => field !== "clientId"),
      ...(budgetChanged ? ["budget"] : []),
      ...(membersChanged ? ["members"] : []),
    ];
    const subject = { type: "project", id, name: rest.name ?? current.name } as const;
    const clientId = rest.clientId === undefined ? current.clientId : rest.clientId;
    await recordMove(tx, actor, current.clientId, clientId, subject, fields);
    await publishChange(tx, actor, "project.updated", id);
  });
}

/** Deletes a project (projects.write); restorable for 30 days. */
export async function deleteProject(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "projects.write");
  await deleteToBin(db, {
    table: projects,
    lock: (tx) => lockProject(tx, actor, id),
    changed: (tx, project) =>
      recordAndPublish(tx, actor, project.clientId, "deleted", projectSubject(project)),
  });
}

/** Brings a deleted project back (projects.write): 404 once its 30 days have passed. */
export async function restoreProject(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "projects.write");
  await restoreFromBin(db, {
    table: projects,
    restoreDays: projectRestoreDays,
    noun: "project",
    lock: (tx) => lockProject(tx, actor, id),
    changed: (tx, project) =>
      recordAndPublish(tx, actor, project.clientId, "restored", projectSubject(project)),
  });
}
