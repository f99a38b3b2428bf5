import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { capabilities, providerKinds } from "../ai/capabilities";

export const locales = ["en", "ar"] as const;
export type Locale = (typeof locales)[number];

export const roles = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof roles)[number];

const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").unique(),
    phone: text("phone").unique(),
    passwordHash: text("password_hash").notNull(),
    avatarUrl: text("avatar_url"),
    locale: text("locale", { enum: locales }).notNull().default("en"),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    /** When a key sent to the email address proved it; null while it is unproven. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    /** When a key sent to the phone number proved it; null while it is unproven. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true, mode: "date" }),
    // Circular with organizations.owner_id, hence the lazy reference.
    currentOrganizationId: uuid("current_organization_id").references(
      (): AnyPgColumn => organizations.id,
      { onDelete: "set null" },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Lookups compare lower-cased input with the stored value, so the column must stay lower-case.
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_phone_e164", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check("users_email_or_phone", sql`${t.email} is not null or ${t.phone} is not null`),
    check("users_locale", sql`${t.locale} in ('en', 'ar')`),
  ],
);

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    logoUrl: text("logo_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("organizations_owner_id_idx").on(t.ownerId)],
);

export const memberships = pgTable(
  "memberships",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 hex of the bearer token: a database leak does not leak usable tokens.
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
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
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color", { enum: workspaceColors }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("workspaces_organization_id_idx").on(t.organizationId),
    check(
      "workspaces_color",
      sql.raw(`color in (${workspaceColors.map((color) => `'${color}'`).join(", ")})`),
    ),
  ],
);

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
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
 * Short-lived, single-use tickets that open the real-time socket for a session: the web server
 * gets one for the browser, whose JavaScript never sees the session token (ARCHITECTURE.md, 3).
 */
export const socketTickets = pgTable(
  "socket_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    // SHA-256 hex of the ticket, as for session tokens.
    ticketHash: text("ticket_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("socket_tickets_session_id_idx").on(t.sessionId),
    index("socket_tickets_expires_at_idx").on(t.expiresAt),
  ],
);

export const keyPurposes = ["registration", "password_reset", "address_change"] as const;
export const keyChannels = ["EMAIL", "PHONE"] as const;

/**
 * One-time keys sent by mail or SMS. One row per purpose and recipient: a new request replaces
 * the previous key. The key itself is stored as an argon2id hash, the token as SHA-256.
 */
export const verificationKeys = pgTable(
  "verification_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose", { enum: keyPurposes }).notNull(),
    channel: text("channel", { enum: keyChannels }).notNull(),
    /** The normalised email address or E.164 number the key was sent to. */
    recipient: text("recipient").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    /** Registration: issued with the key. Password reset: issued once the key is verified. */
    tokenHash: text("token_hash").unique(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("verification_keys_purpose_recipient_idx").on(t.purpose, t.recipient),
    index("verification_keys_user_id_idx").on(t.userId),
    check(
      "verification_keys_purpose",
      sql`${t.purpose} in ('registration', 'password_reset', 'address_change')`,
    ),
    check("verification_keys_channel", sql`${t.channel} in ('EMAIL', 'PHONE')`),
  ],
);

/**
 * Fixed-window counters of the rate limits, shared by every instance. The key names the rule and
 * a hash of its subject (an address or an account), never the subject itself.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true, mode: "date" }).notNull(),
  hits: integer("hits").notNull(),
});

/**
 * An organization's own AI model per capability, in place of the environment's. The key is sealed
 * (AES-256-GCM, api/ai/secrets.ts) with the organization and capability as its context; only its
 * hint (the last four characters) is ever read back.
 */
export const organizationAiModels = pgTable(
  "organization_ai_models",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    capability: text("capability", { enum: capabilities }).notNull(),
    provider: text("provider", { enum: providerKinds }).notNull(),
    baseUrl: text("base_url"),
    model: text("model").notNull(),
    apiKeySealed: text("api_key_sealed"),
    apiKeyHint: text("api_key_hint"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.capability] }),
    check(
      "organization_ai_models_capability",
      sql.raw(`capability in (${capabilities.map((value) => `'${value}'`).join(", ")})`),
    ),
    check(
      "organization_ai_models_provider",
      sql.raw(`provider in (${providerKinds.map((value) => `'${value}'`).join(", ")})`),
    ),
  ],
);

/**
 * One AI call: who, which capability and model, how much (`units`, in the capability's unit:
 * tokens, images, characters or seconds), how long and how it ended (`ok` or the failure's code).
 */
export const aiUsage = pgTable(
  "ai_usage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    capability: text("capability", { enum: capabilities }).notNull(),
    purpose: text("purpose").notNull(),
    source: text("source").notNull(),
    provider: text("provider"),
    model: text("model").notNull(),
    units: integer("units").notNull().default(0),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    latencyMs: integer("latency_ms").notNull(),
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ai_usage_organization_created_idx").on(t.organizationId, t.createdAt)],
);

/**
 * One organization's use of a capability in one calendar month (UTC), kept with each call so
 * that the quota check reads one row rather than adding up the month's calls. `reserved` is what
 * the calls under way may still use (their reservations, `ai_quota_reservations`): a call is let
 * through only while `units + reserved` and its own estimate fit the limit.
 */
export const aiUsageMonths = pgTable(
  "ai_usage_months",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    capability: text("capability", { enum: capabilities }).notNull(),
    /** The month's first day. */
    month: date("month", { mode: "string" }).notNull(),
    units: bigint("units", { mode: "number" }).notNull().default(0),
    reserved: bigint("reserved", { mode: "number" }).notNull().default(0),
    calls: integer("calls").notNull().default(0),
    failures: integer("failures").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.capability, t.month] })],
);

/**
 * The quota one AI call holds while it runs, counted in its month's `reserved`. The call gives it
 * back when it ends; one whose process stopped first is given back once `expiresAt` has passed,
 * by the next reservation of the same month.
 */
export const aiQuotaReservations = pgTable(
  "ai_quota_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    capability: text("capability", { enum: capabilities }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
    units: bigint("units", { mode: "number" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("ai_quota_reservations_month_idx").on(
      t.organizationId,
      t.capability,
      t.month,
      t.expiresAt,
    ),
  ],
);

/** An organization's monthly limit of an AI capability, in place of the environment's. */
export const organizationAiQuotas = pgTable(
  "organization_ai_quotas",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    capability: text("capability", { enum: capabilities }).notNull(),
    /** Null: no limit at all for this organization. */
    monthlyLimit: integer("monthly_limit"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.capability] }),
    check("organization_ai_quotas_limit", sql`${t.monthlyLimit} is null or ${t.monthlyLimit} >= 0`),
  ],
);

/** PostgreSQL's full-text document type, for the generated search columns. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

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
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
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
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
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
    check(
      "clients_kind",
      sql.raw(`kind in (${clientKinds.map((value) => `'${value}'`).join(", ")})`),
    ),
    check(
      "clients_status",
      sql.raw(`status in (${clientStatuses.map((value) => `'${value}'`).join(", ")})`),
    ),
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
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
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
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
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
    check(
      "projects_status",
      sql.raw(`status in (${projectStatuses.map((value) => `'${value}'`).join(", ")})`),
    ),
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
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    text: text("text").notNull().default(""),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Who saved it last. */
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
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
    check(
      "document_versions_kind",
      sql.raw(`kind in (${documentVersionKinds.map((value) => `'${value}'`).join(", ")})`),
    ),
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
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
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
    check(
      "client_activity_subject_type",
      sql.raw(
        `subject_type in (${clientActivitySubjects.map((value) => `'${value}'`).join(", ")})`,
      ),
    ),
    check(
      "client_activity_action",
      sql.raw(`action in (${clientActivityActions.map((value) => `'${value}'`).join(", ")})`),
    ),
  ],
);

export const characterVisibilities = ["private", "organization"] as const;
export type CharacterVisibility = (typeof characterVisibilities)[number];

/** A Card V2 lorebook (`character_book`), kept as the spec names its fields. */
export type CharacterBook = {
  name?: string;
  description?: string;
  scan_depth?: number;
  token_budget?: number;
  recursive_scanning?: boolean;
  extensions: Record<string, unknown>;
  entries: {
    keys: string[];
    content: string;
    extensions: Record<string, unknown>;
    enabled: boolean;
    insertion_order: number;
    case_sensitive?: boolean;
    name?: string;
    priority?: number;
    id?: number;
    comment?: string;
    selective?: boolean;
    secondary_keys?: string[];
    constant?: boolean;
    position?: "before_char" | "after_char";
  }[];
};

/**
 * A persona to chat with, as Character Card V2 describes one (docs/characters.md), with an avatar,
 * a default chat model and voice. Its author's alone until shared with the organization; only its
 * author changes it, others may clone it. Restorable for 30 days once deleted.
 */
export const characters = pgTable(
  "characters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visibility: text("visibility", { enum: characterVisibilities }).notNull().default("private"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    personality: text("personality").notNull().default(""),
    scenario: text("scenario").notNull().default(""),
    firstMessage: text("first_message").notNull().default(""),
    alternateGreetings: text("alternate_greetings").array().notNull().default(sql`'{}'::text[]`),
    exampleMessages: text("example_messages").notNull().default(""),
    systemPrompt: text("system_prompt").notNull().default(""),
    postHistoryInstructions: text("post_history_instructions").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    creator: text("creator").notNull().default(""),
    creatorNotes: text("creator_notes").notNull().default(""),
    characterVersion: text("character_version").notNull().default(""),
    characterBook: jsonb("character_book").$type<CharacterBook>(),
    /** The card's `extensions`, kept so that an exported card carries what an imported one did. */
    extensions: jsonb("extensions").$type<Record<string, unknown>>().notNull().default({}),
    avatarUrl: text("avatar_url"),
    /** A model id of the organization's chat provider for its chats; null: the provider's. */
    defaultModel: text("default_model"),
    /** A voice of the audio creator; null: its default. */
    defaultVoice: text("default_voice"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`qalam_search_vector(name || ' ' || qalam_join(tags) || ' ' || description || ' ' || creator_notes)`,
      ),
  },
  (t) => [
    index("characters_organization_updated_idx").on(t.organizationId, t.updatedAt),
    index("characters_author_idx").on(t.authorId),
    index("characters_search_idx").using("gin", t.search),
    index("characters_tags_idx").using("gin", t.tags),
    check(
      "characters_visibility",
      sql.raw(`visibility in (${characterVisibilities.map((value) => `'${value}'`).join(", ")})`),
    ),
  ],
);

export const threadVisibilities = ["private", "organization"] as const;
export type ThreadVisibility = (typeof threadVisibilities)[number];
export const threadMessageRoles = ["user", "assistant"] as const;
export const threadMessageStatuses = ["complete", "streaming", "stopped", "failed"] as const;
export type ThreadMessageStatus = (typeof threadMessageStatuses)[number];
export const feedbackRatings = ["up", "down"] as const;

/**
 * A chat with the organization's chat model, by one member (its author, the only one who writes
 * in it), private or shared with the organization to read. Numeric ids (SPEC.md §2: digits only).
 * Its messages form a tree (edits and regenerated answers are siblings); `currentMessageId` is
 * the leaf of the branch shown. Restorable for 30 days once deleted; `search` holds the title, the
 * messages have their own (docs/threads.md).
 */
export const threads = pgTable(
  "threads",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** A member's chats go with their account. */
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Empty until the first answer gives it one, or its author does. */
    title: text("title").notNull().default(""),
    visibility: text("visibility", { enum: threadVisibilities }).notNull().default("private"),
    /** The author's pin: their pinned threads come first in their list. */
    pinned: boolean("pinned").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    /** A model id on the organization's chat provider in place of its model; null: its model. */
    model: text("model"),
    /** 0 to 2; null: the provider's default. */
    temperature: real("temperature"),
    systemPrompt: text("system_prompt").notNull().default(""),
    /** The character it was started with ("Chat with"); its instructions are in systemPrompt. */
    characterId: uuid("character_id").references(() => characters.id, { onDelete: "set null" }),
    // Circular with thread_messages.thread_id, hence the lazy reference.
    currentMessageId: bigint("current_message_id", { mode: "number" }).references(
      (): AnyPgColumn => threadMessages.id,
      { onDelete: "set null" },
    ),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`qalam_search_vector(title)`),
  },
  (t) => [
    index("threads_organization_activity_idx").on(t.organizationId, t.lastActivityAt),
    index("threads_author_idx").on(t.authorId),
    // A member's pins, which head their list and are read apart from the rest.
    index("threads_pinned_idx").on(t.authorId, t.lastActivityAt).where(sql`${t.pinned}`),
    index("threads_search_idx").using("gin", t.search),
    check(
      "threads_visibility",
      sql.raw(`visibility in (${threadVisibilities.map((value) => `'${value}'`).join(", ")})`),
    ),
    check(
      "threads_temperature",
      sql`${t.temperature} is null or (${t.temperature} >= 0 and ${t.temperature} <= 2)`,
    ),
  ],
);

/**
 * One message of a thread: the member's (`user`) or the model's (`assistant`). An answer is
 * `streaming` while it is written, then `complete`, `stopped` (the reader went away or stopped
 * it; the text so far is kept) or `failed` (with the AI error's code and message).
 */
export const threadMessages = pgTable(
  "thread_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: bigint("thread_id", { mode: "number" })
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The message it follows; null for a thread's first messages. */
    parentId: bigint("parent_id", { mode: "number" }).references(
      (): AnyPgColumn => threadMessages.id,
      { onDelete: "cascade" },
    ),
    role: text("role", { enum: threadMessageRoles }).notNull(),
    content: text("content").notNull().default(""),
    status: text("status", { enum: threadMessageStatuses }).notNull().default("complete"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** The model that answered. */
    model: text("model"),
    /** Who wrote a user message. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** How many earlier messages were left out of the model's context for this answer. */
    contextOmitted: integer("context_omitted").notNull().default(0),
    /** How much of each attachment's text the model read for this answer (docs/threads.md). */
    contextAttachments: jsonb("context_attachments")
      .$type<ContextAttachment[]>()
      .notNull()
      .default([]),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    feedbackRating: text("feedback_rating", { enum: feedbackRatings }),
    feedbackNote: text("feedback_note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`qalam_search_vector(content)`),
  },
  (t) => [
    index("thread_messages_thread_idx").on(t.threadId, t.id),
    index("thread_messages_parent_idx").on(t.parentId),
    index("thread_messages_search_idx").using("gin", t.search),
    check(
      "thread_messages_role",
      sql.raw(`role in (${threadMessageRoles.map((value) => `'${value}'`).join(", ")})`),
    ),
    check(
      "thread_messages_status",
      sql.raw(`status in (${threadMessageStatuses.map((value) => `'${value}'`).join(", ")})`),
    ),
    check(
      "thread_messages_feedback",
      sql.raw(
        `feedback_rating is null or feedback_rating in (${feedbackRatings.map((value) => `'${value}'`).join(", ")})`,
      ),
    ),
  ],
);

export const threadAttachmentKinds = ["document", "file"] as const;
export type ThreadAttachmentKind = (typeof threadAttachmentKinds)[number];

/** What an answer's model read of one attachment: `included` of its `total` characters. */
export type ContextAttachment = {
  attachmentId: number;
  name: string;
  included: number;
  total: number;
};

/**
 * What a thread's author gave its model to read besides the messages: a document of the
 * organization, read again at each answer (its text as it is then), or an uploaded file whose text
 * was taken out once, on upload (the file itself is not kept). A document's attachment whose
 * document is gone stays, shown as such, and is left out of the context (docs/threads.md).
 */
export const threadAttachments = pgTable(
  "thread_attachments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: bigint("thread_id", { mode: "number" })
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: threadAttachmentKinds }).notNull(),
    /** A document's; null for a file, and once the document is deleted for good. */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    /** The file's name, or the document's title when it was attached. */
    name: text("name").notNull(),
    /** A file's type as its content showed it; null for a document. */
    mediaType: text("media_type"),
    /** A file's size in bytes; null for a document. */
    size: integer("size"),
    /** A file's text, taken out on upload; empty for a document (read at each answer). */
    text: text("text").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("thread_attachments_thread_idx").on(t.threadId, t.id),
    index("thread_attachments_document_idx").on(t.documentId),
    uniqueIndex("thread_attachments_thread_document_idx")
      .on(t.threadId, t.documentId)
      .where(sql`${t.documentId} is not null`),
    check(
      "thread_attachments_kind",
      sql.raw(`kind in (${threadAttachmentKinds.map((value) => `'${value}'`).join(", ")})`),
    ),
  ],
);

export const jobStatuses = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Long work an organization asked for (a generation, an ingestion): what the jobs list shows.
 * The queue (pg-boss, in the `pgboss` schema) runs it under the same id; this row is its record.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Who asked for it; null once their account is gone. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    capability: text("capability", { enum: capabilities }),
    status: text("status", { enum: jobStatuses }).notNull().default("queued"),
    /** 0 to 1. */
    progress: real("progress").notNull().default(0),
    input: jsonb("input").notNull(),
    result: jsonb("result"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("jobs_organization_created_idx").on(t.organizationId, t.createdAt),
    // The waiting cap counts an organization's waiting jobs, the fair share a person's running
    // ones, at every request and every claim: both read only the few jobs not yet settled.
    index("jobs_waiting_organization_idx").on(t.organizationId).where(sql`${t.status} = 'queued'`),
    index("jobs_running_user_idx").on(t.userId, t.kind).where(sql`${t.status} = 'running'`),
    check(
      "jobs_status",
      sql.raw(`status in (${jobStatuses.map((value) => `'${value}'`).join(", ")})`),
    ),
    check("jobs_progress", sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);

export const mediaKinds = ["image", "audio", "video"] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** What a generation was asked with (model, size, seed, voice…), as the creator sent it. */
export type MediaSettings = Record<string, unknown>;

/**
 * The organization's media library: what the creators made (docs/media.md). The file lives in
 * the storage under a server-generated key (`fileKey`), never under a name a client chose; an
 * image has a WebP thumbnail (`thumbnailKey`). Restorable for 30 days once deleted.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: mediaKinds }).notNull(),
    /** Who made it; null once their account is gone (the item stays the organization's). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    prompt: text("prompt").notNull().default(""),
    settings: jsonb("settings").$type<MediaSettings>().notNull().default({}),
    model: text("model"),
    fileKey: text("file_key").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: bigint("byte_size", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Seconds, for audio and video. */
    durationSeconds: real("duration_seconds"),
    thumbnailKey: text("thumbnail_key"),
    favourite: boolean("favourite").notNull().default(false),
    /** The job that made it, while its record lasts. */
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`qalam_search_vector(title || ' ' || prompt)`),
  },
  (t) => [
    // The library's keyset paging: newest first, within the organization, without the bin. Read
    // backwards: `order by created_at desc, id desc` puts nulls first, which an index built
    // `desc` (drizzle-kit writes it `desc nulls last`) cannot give, and the list sorted the whole
    // organization for each page.
    index("media_organization_created_idx")
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The favourites, in the same order: a few in a hundred, which the index above would read
    // past by the thousand for a page.
    index("media_organization_favourite_idx")
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.favourite} and ${t.deletedAt} is null`),
    index("media_author_idx").on(t.authorId),
    index("media_project_idx").on(t.projectId),
    index("media_client_idx").on(t.clientId),
    // A job's items (a retry keeps what was made; `GET /media?jobId=`), and the foreign key's
    // own check when a job's record is deleted.
    index("media_job_idx").on(t.jobId).where(sql`${t.jobId} is not null`),
    index("media_search_idx").using("gin", t.search),
    check("media_kind", sql.raw(`kind in (${mediaKinds.map((value) => `'${value}'`).join(", ")})`)),
    check("media_byte_size", sql`${t.byteSize} >= 0`),
  ],
);

export const recipeVisibilities = ["private", "organization"] as const;
export type RecipeVisibility = (typeof recipeVisibilities)[number];

/**
 * What a recipe chains (docs/media.md, "Recipes"): an image generation's body without its kind,
 * then a video started from that image, with narration.
 */
export type RecipeSteps = {
  image: Record<string, unknown> & { prompt: string };
  video: { duration: number; size?: string; prompt?: string };
  narration?: { text: string; voice?: string; speed?: number };
};

/** Saved chains of the creators, run again with one click; restorable like characters. */
export const recipes = pgTable(
  "recipes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visibility: text("visibility", { enum: recipeVisibilities }).notNull().default("private"),
    name: text("name").notNull(),
    steps: jsonb("steps").$type<RecipeSteps>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("recipes_organization_updated_idx").on(t.organizationId, t.updatedAt),
    index("recipes_author_idx").on(t.authorId),
    check(
      "recipes_visibility",
      sql.raw(`visibility in (${recipeVisibilities.map((value) => `'${value}'`).join(", ")})`),
    ),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Organization = typeof organizations.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type VerificationKey = typeof verificationKeys.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type Client = typeof clients.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Document = typeof documents.$inferSelect;
export type DocumentVersion = typeof documentVersions.$inferSelect;
export type Thread = typeof threads.$inferSelect;
export type ThreadMessage = typeof threadMessages.$inferSelect;
export type Character = typeof characters.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type Workspace = typeof workspaces.$inferSelect;
export type OrganizationAiModel = typeof organizationAiModels.$inferSelect;
export type Media = typeof media.$inferSelect;
export type Recipe = typeof recipes.$inferSelect;
