import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { capabilities } from "../ai/capabilities";
import { belongsTo, createdAt, oneOf, updatedAt, uuidPrimaryKey } from "../db/columns";
import { organizations, users } from "../identity/schema";

export const jobStatuses = ["queued", "running", "succeeded", "failed", "cancelled"] as const;

export type JobStatus = (typeof jobStatuses)[number];

/**
 * Long work an organization asked for (a generation, an ingestion): what the jobs list shows.
 * The queue (pg-boss, in the `pgboss` schema) runs it under the same id; this row is its record.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
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
    oneOf("jobs_status", "status", jobStatuses),
    check("jobs_progress", sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);

export type Job = typeof jobs.$inferSelect;
