import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import {
  belongsTo,
  createdAt,
  deletedAt,
  oneOf,
  tsvector,
  updatedAt,
  uuidPrimaryKey,
  version,
} from "../db/columns";
import { organizations, users } from "../identity/schema";
import { workspaces } from "../organizations/schema";

export const clientKinds = ["company", "person"] as const;

export const clientStatuses = ["lead", "active", "inactive"] as const;

/**
 * The organization's clients. `version` counts changes (a stale write gets 409); a deleted client
 * keeps its row for 30 days (`deletedAt`), and can be restored until then. `search` is the text a
 * search looks in, English and normalised Arabic (migration 0012, docs/search.md).
 */
export const clients = pgTable(
  "clients",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: clientKinds }).notNull().default("company"),
    contactName: text("contact_name").notNull().default(""),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    address: text("address").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    notes: text("notes").notNull().default(""),
    status: text("status", { enum: clientStatuses }).notNull().default("lead"),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Where GET /files serves the logo (an avatar URL: avatarKeyOf finds its stored file). */
    logoUrl: text("logo_url"),
    version: version(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`qalam_search_vector(name || ' ' || contact_name || ' ' || coalesce(email, '') || ' ' || qalam_join(tags) || ' ' || notes)`,
      ),
  },
  (t) => [
    index("clients_organization_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    index("clients_organization_updated_idx").on(t.organizationId, t.updatedAt),
    index("clients_search_idx").using("gin", t.search),
    index("clients_tags_idx").using("gin", t.tags),
    oneOf("clients_kind", "kind", clientKinds),
    oneOf("clients_status", "status", clientStatuses),
  ],
);

export const projectStatuses = ["planned", "active", "on_hold", "done", "cancelled"] as const;

/**
 * The organization's projects, each optionally for a client and in a workspace; versioned,
 * restorable for 30 days and searchable like clients.
 */
export const projects = pgTable(
  "projects",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: projectStatuses }).notNull().default("planned"),
    startDate: date("start_date", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }),
    /** In the currency's minor units (cents, halalas) to keep money exact. */
    budgetMinor: bigint("budget_minor", { mode: "number" }),
    currency: text("currency"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    version: version(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`qalam_search_vector(name || ' ' || description || ' ' || qalam_join(tags))`,
      ),
  },
  (t) => [
    index("projects_organization_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    index("projects_organization_status_idx").on(t.organizationId, t.status),
    index("projects_client_idx").on(t.clientId),
    index("projects_search_idx").using("gin", t.search),
    oneOf("projects_status", "status", projectStatuses),
    check(
      "projects_dates",
      sql`${t.dueDate} is null or ${t.startDate} is null or ${t.dueDate} >= ${t.startDate}`,
    ),
    check(
      "projects_budget",
      sql`(${t.budgetMinor} is null) = (${t.currency} is null) and (${t.budgetMinor} is null or ${t.budgetMinor} >= 0)`,
    ),
  ],
);

/** Who works on a project: members of its organization. */
export const projectMembers = pgTable(
  "project_members",
  {
    projectId: belongsTo("project_id", () => projects.id),
    userId: belongsTo("user_id", () => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index("project_members_user_idx").on(t.userId),
  ],
);

/**
 * The organization's documents: rich text kept as sanitised HTML (`content`), its plain text
 * (`text`) for search and previews; optionally for a client and a project. Versioned like clients.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    text: text("text").notNull().default(""),
    version: version(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Who saved it last. */
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`qalam_search_vector(title || ' ' || text)`),
  },
  (t) => [
    index("documents_organization_updated_idx").on(t.organizationId, t.updatedAt),
    index("documents_organization_title_idx").on(t.organizationId, sql`lower(${t.title})`),
    index("documents_client_idx").on(t.clientId),
    index("documents_project_idx").on(t.projectId),
    index("documents_search_idx").using("gin", t.search),
  ],
);

export const documentVersionKinds = ["auto", "manual", "restore"] as const;

/**
 * A document as it was: kept while editing at most every few minutes (`auto`), when someone asks
 * (`manual`, with a name), and before a restore replaces the text (`restore`).
 */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: uuidPrimaryKey(),
    documentId: belongsTo("document_id", () => documents.id),
    kind: text("kind", { enum: documentVersionKinds }).notNull(),
    name: text("name").notNull().default(""),
    title: text("title").notNull(),
    content: text("content").notNull(),
    text: text("text").notNull(),
    /** The document's version number this snapshot was taken of. */
    documentVersion: integer("document_version").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("document_versions_document_created_idx").on(t.documentId, t.createdAt),
    oneOf("document_versions_kind", "kind", documentVersionKinds),
  ],
);

export const clientActivitySubjects = ["client", "project", "document"] as const;

export const clientActivityActions = [
  "created",
  "imported",
  "updated",
  "linked",
  "unlinked",
  "deleted",
  "restored",
] as const;

/**
 * What happened to a client and to its projects and documents, newest first on the client's page:
 * who did it, to what (its name as it was then), and for a change the fields it touched. A
 * document's text is not here (its versions are): a title, a move or a deletion is. Goes with the
 * client.
 */
export const clientActivity = pgTable(
  "client_activity",
  {
    id: uuidPrimaryKey(),
    clientId: belongsTo("client_id", () => clients.id),
    subjectType: text("subject_type", { enum: clientActivitySubjects }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    subjectName: text("subject_name").notNull(),
    action: text("action", { enum: clientActivityActions }).notNull(),
    fields: text("fields").array().notNull().default(sql`'{}'::text[]`),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("client_activity_client_created_idx").on(t.clientId, t.createdAt),
    oneOf("client_activity_subject_type", "subject_type", clientActivitySubjects),
    oneOf("client_activity_action", "action", clientActivityActions),
  ],
);

export type Client = typeof clients.$inferSelect;

export type Project = typeof projects.$inferSelect;

export type Document = typeof documents.$inferSelect;

export type DocumentVersion = typeof documentVersions.$inferSelect;
