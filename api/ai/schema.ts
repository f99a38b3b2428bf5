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
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { belongsTo, createdAt, oneOf, updatedAt, uuidPrimaryKey } from "../db/columns";
import { organizations, users } from "../identity/schema";
import { capabilities, providerKinds } from "./capabilities";

/**
 * An organization's own AI model per capability, in place of the environment's. The key is sealed
 * (AES-256-GCM, api/ai/secrets.ts) with the organization and capability as its context; only its
 * hint (the last four characters) is ever read back.
 */
export const organizationAiModels = pgTable(
  "organization_ai_models",
  {
    organizationId: belongsTo("organization_id", () => organizations.id),
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
    oneOf("organization_ai_models_capability", "capability", capabilities),
    oneOf("organization_ai_models_provider", "provider", providerKinds),
  ],
);

/**
 * One AI call: who, which capability and model, how much (`units`, in the capability's unit:
 * tokens, images, characters or seconds), how long and how it ended (`ok` or the failure's code).
 */
export const aiUsage = pgTable(
  "ai_usage",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
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
    organizationId: belongsTo("organization_id", () => organizations.id),
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
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
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
    organizationId: belongsTo("organization_id", () => organizations.id),
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

export type OrganizationAiModel = typeof organizationAiModels.$inferSelect;
