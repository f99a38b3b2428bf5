/**
 * The database schema: each domain keeps its tables in its own folder (`api/<domain>/schema.ts`),
 * and this file gathers them for drizzle-kit (drizzle.config.ts) and for the code that imports
 * tables from one place.
 */

export * from "../ai/schema";
export * from "../bots/schema";
export * from "../characters/schema";
export * from "../crm/schema";
export * from "../dashboard/schema";
export * from "../identity/schema";
export * from "../jobs/schema";
export * from "../knowledge/schema";
export * from "../media/schema";
export * from "../organizations/schema";
export * from "../threads/schema";
export * from "../webhooks/schema";
