import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizations } from "../db/schema";
import { validationFailed } from "../errors";
import { normalizePhone } from "../identity/users";
import type { Actor } from "../organizations/permissions";

/** The hint of a number that could not be read, for people. */
export const invalidPhoneMessage =
  "A valid phone number: international (+966 50 123 4567), or national in the organization's country";

/** The organization's default country of phone numbers (ISO 3166 alpha-2), null when it has none. */
export async function organizationCountry(db: Database, actor: Actor): Promise<string | null> {
  if (actor.organizationId === null) return null;
  const [row] = await db
    .select({ country: organizations.defaultCountry })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  return row?.country ?? null;
}

/**
 * A phone number of a record of the organization in E.164: an international number as typed, a
 * national one in the organization's default country. Null stays null (no number); a number that
 * is not valid is 422 INVALID_FORMAT on `field`.
 */
export function recordPhone(
  value: string | null,
  country: string | null,
  field = "phone",
): string | null {
  if (value === null) return null;
  const phone = normalizePhone(value, country);
  if (!phone)
    throw validationFailed({ [field]: { code: "INVALID_FORMAT", message: invalidPhoneMessage } });
  return phone;
}
