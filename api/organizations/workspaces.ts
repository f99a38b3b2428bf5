import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsBefore } from "../db/paging";
import {
  memberships,
  type Role,
  users,
  type Workspace,
  type workspaceColors,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import { containsPattern } from "../db/search";
import { errorOnFields, notFound } from "../errors";
import { publishChange } from "./changes";
import { type Actor, type OrganizationActor, requirePermission } from "./permissions";

export type WorkspaceColor = (typeof workspaceColors)[number];

export type WorkspaceSummary = {
  id: string;
  name: string;
  description: string;
  color: WorkspaceColor;
  memberCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type WorkspaceMember = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  avatarUrl: string | null;
  role: Role;
};

export type WorkspaceDetails = WorkspaceSummary & { members: WorkspaceMember[] };

export type WorkspaceInput = { name: string; description?: string; color: WorkspaceColor };

const memberCount = sql<number>`(select count(*)::int from ${workspaceMembers} wm where wm.workspace_id = ${workspaces.id})`;

function summaryColumns() {
  return {
    id: workspaces.id,
    name: workspaces.name,
    description: workspaces.description,
    color: workspaces.color,
    memberCount,
    createdAt: workspaces.createdAt,
    updatedAt: workspaces.updatedAt,
  };
}

/** The organization's workspaces by name; `search` matches the name and the description. */
export async function listWorkspaces(
  db: Database,
  actor: Actor,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ items: WorkspaceSummary[]; total: number }> {
  requirePermission(actor, "workspaces.read");
  const pattern = containsPattern(query.search);
  const where = and(
    eq(workspaces.organizationId, actor.organizationId),
    pattern
      ? sql`(${workspaces.name} ilike ${pattern} or ${workspaces.description} ilike ${pattern})`
      : undefined,
  );
  const [items, [totals]] = await Promise.all([
    db
      .select(summaryColumns())
      .from(workspaces)
      .where(where)
      .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id))
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    db.select({ total: count() }).from(workspaces).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/** One workspace of the actor's organization with its members; 404 for any other. */
export async function getWorkspace(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<WorkspaceDetails> {
  requirePermission(actor, "workspaces.read");
  const [workspace] = await db
    .select(summaryColumns())
    .from(workspaces)
    .where(
      and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, actor.organizationId)),
    );
  if (!workspace) throw notFound("No such workspace.");
  const members = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatarUrl: users.avatarUrl,
      role: memberships.role,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, actor.organizationId)),
    )
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
  return { ...workspace, members };
}

/** A new workspace (workspaces.write); whoever creates it is its first member. */
export async function createWorkspace(
  db: Database,
  actor: Actor,
  input: WorkspaceInput,
): Promise<Workspace> {
  requirePermission(actor, "workspaces.write");
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({
        organizationId: actor.organizationId,
        name: input.name,
        description: input.description ?? "",
        color: input.color,
        createdBy: actor.userId,
      })
      .returning();
    if (!workspace) throw new Error("insert into workspaces returned no row");
    await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: actor.userId });
    await publishChange(tx, actor, "workspace.created", workspace.id);
    return workspace;
  });
}

/** Locks the workspace of the actor's organization for a change, or 404. */
async function lockWorkspace(tx: Database, actor: OrganizationActor, workspaceId: string) {
  const [workspace] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, actor.organizationId)))
    .for("update");
  if (!workspace) throw notFound("No such workspace.");
}

export async function updateWorkspace(
  db: Database,
  actor: Actor,
  workspaceId: string,
  changes: Partial<WorkspaceInput>,
): Promise<void> {
  requirePermission(actor, "workspaces.write");
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, actor, workspaceId);
    if (Object.values(changes).every((value) => value === undefined)) return;
    await tx.update(workspaces).set(changes).where(eq(workspaces.id, workspaceId));
    await publishChange(tx, actor, "workspace.updated", workspaceId);
  });
}

export async function deleteWorkspace(db: Database, actor: Actor, workspaceId: string) {
  requirePermission(actor, "workspaces.write");
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, actor, workspaceId);
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    await publishChange(tx, actor, "workspace.deleted", workspaceId);
  });
}

/** Adds a member of the organization to the workspace; anyone else is refused (422). */
export async function addWorkspaceMember(
  db: Database,
  actor: Actor,
  workspaceId: string,
  userId: string,
): Promise<void> {
  requirePermission(actor, "workspaces.write");
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, actor, workspaceId);
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, userId)),
      );
    if (!member) {
      throw errorOnFields("invalid", "NOT_A_MEMBER", "Only members of the organization can join.", {
        userId: "Not a member of the organization",
      });
    }
    await tx.insert(workspaceMembers).values({ workspaceId, userId }).onConflictDoNothing();
    await publishChange(tx, actor, "workspace.updated", workspaceId);
  });
}

export async function removeWorkspaceMember(
  db: Database,
  actor: Actor,
  workspaceId: string,
  userId: string,
): Promise<void> {
  requirePermission(actor, "workspaces.write");
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, actor, workspaceId);
    const removed = await tx
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
      )
      .returning({ userId: workspaceMembers.userId });
    if (removed.length === 0) throw notFound("Not a member of this workspace.");
    await publishChange(tx, actor, "workspace.updated", workspaceId);
  });
}

/** Someone leaving an organization leaves its workspaces too. */
export async function leaveWorkspacesOf(tx: Database, organizationId: string, userId: string) {
  await tx
    .delete(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        sql`${workspaceMembers.workspaceId} in (select id from ${workspaces} where ${workspaces.organizationId} = ${organizationId})`,
      ),
    );
}
