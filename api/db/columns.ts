import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, customType, integer, timestamp, uuid } from "drizzle-orm/pg-core";

/** A record's key: a random UUID, made by the database. */
export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

/**
 * A reference every row has to the record it belongs to (its organization, its thread), which
 * takes the row with it when it goes.
 */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: "cascade" });

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** When a record went to the bin; null while it is not there (db/records.ts). */
export const deletedAt = () => timestamp("deleted_at", { withTimezone: true, mode: "date" });

/** How many changes a record has had: a change made on an older one is stale (409). */
export const version = () => integer("version").notNull().default(1);

/** A check that a text column holds one of `values`, the enum its TypeScript type lists. */
export function oneOf(name: string, column: string, values: readonly string[]) {
  return check(name, sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(", ")})`));
}

/** PostgreSQL's full-text document type, for the generated search columns. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
