import { type AnyColumn, sql } from "drizzle-orm";

/** A user's first and last name as one, in SQL, of `users` or an alias of it. */
export const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;
