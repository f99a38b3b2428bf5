import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { belongsTo, createdAt, oneOf, updatedAt, uuidPrimaryKey } from "../db/columns";
import { organizations, users } from "../identity/schema";

export const roles = ["owner", "admin", "member", "viewer"] as const;

export type Role = (typeof roles)[number];

export const memberships = pgTable(
  "memberships",
  {
    organizationId: belongsTo("organization_id", () => organizations.id),
    userId: belongsTo("user_id", () => users.id),
    role: text("role", { enum: roles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    // The primary key serves lookups by organization; this one serves "organizations of a user".
    index("memberships_user_id_idx").on(t.userId),
    check("memberships_role", sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

/** Workspace colours: names the web app turns into colours that suit light and dark pages. */
export const workspaceColors = [
  "indigo",
  "sky",
  "teal",
  "emerald",
  "amber",
  "orange",
  "rose",
  "violet",
] as const;

/** Groups of work inside an organization, with some of its members. */
export const workspaces = pgTable(
  "workspaces",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color", { enum: workspaceColors }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("workspaces_organization_id_idx").on(t.organizationId),
    oneOf("workspaces_color", "color", workspaceColors),
  ],
);

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: belongsTo("workspace_id", () => workspaces.id),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_members_user_id_idx").on(t.userId),
  ],
);

export const invitationRoles = ["admin", "member", "viewer"] as const;

/**
 * Invitations to join an organization, by email. The link's token is stored as a SHA-256 hash;
 * a resend replaces it. One pending invitation per organization and address.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    /** Lower-case, as users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: invitationRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("invitations_pending_idx")
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("invitations_role", sql`${t.role} in ('admin', 'member', 'viewer')`),
    check("invitations_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * What happened in an organization, newest first on the dashboard: one row per change told to the
 * organization (`publishChange`) or, for a private record, to its author alone (`userId`). Kept
 * for `activityRetentionDays`, then purged daily.
 */
export const activity = pgTable(
  "activity",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Who made the change; null once their account is gone. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The only member who may see it (a private thread, character or recipe); null for all. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The event's type, `client.created` and the like. */
    type: text("type").notNull(),
    /** The id of the record that changed. */
    subjectId: text("subject_id").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // In the order the dashboard reads it: desc() in a query puts nulls first, as here.
    index("activity_organization_at_idx").on(
      t.organizationId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type Membership = typeof memberships.$inferSelect;

export type Invitation = typeof invitations.$inferSelect;

export type Workspace = typeof workspaces.$inferSelect;
