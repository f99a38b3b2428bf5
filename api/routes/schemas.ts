import { z } from "@hono/zod-openapi";
import { locales } from "../db/schema";
import { permissions } from "../services/permissions";

/** A required string, trimmed unless `trim` is false, with messages fit to show next to a field. */
export function requiredString(options: { max: number; trim?: boolean }) {
  const base = z.string({
    error: (issue) => (issue.input === undefined ? "Required" : "Must be a string"),
  });
  return (options.trim === false ? base : base.trim())
    .min(1, "Required")
    .max(options.max, `At most ${options.max} characters`);
}

export const CurrentUserSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().openapi({ description: "E.164, for example +966501234567" }),
    avatarUrl: z.string().nullable(),
    locale: z.enum(locales),
    verified: z.boolean(),
    account: z.object({
      currentOrganizationId: z.uuid().nullable(),
      currentOrganizationPermissions: z.array(z.enum(permissions)),
    }),
  })
  .openapi("CurrentUser");

export const bearerSecurity = [{ bearerAuth: [] }];
