import { sql } from "drizzle-orm";
import {
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { organizations, users } from "../identity/schema";

/**
 * What an organization made each day (UTC), by metric: `media.image`, `threads`, `messages`,
 * `documents`… Kept by triggers on the tables themselves (migration 0029), so that every path
 * that inserts a row counts it and the dashboard reads a few hundred rows whatever the data's size.
 * Deleting a record does not uncount it: these are what was made.
 */
export const dailyCounts = pgTable(
  "daily_counts",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.metric] }),
    check("daily_counts_count", sql`${t.count} >= 0`),
  ],
);

/** A member who put the first-run checklist away, per organization. */
export const checklistDismissals = pgTable(
  "checklist_dismissals",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

export type DailyCount = typeof dailyCounts.$inferSelect;
