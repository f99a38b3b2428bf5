import type { ApiSchema } from "./api/client";
import { partsInitials } from "./initials";

/** The current user as GET /user returns it. */
export type CurrentUser = ApiSchema<"CurrentUser">;

export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email">) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email || "";
}

/** The letters of a person without a picture: first and last name, else the e-mail's first letter. */
export function initials(user: Pick<CurrentUser, "firstName" | "lastName" | "email">) {
  return (
    partsInitials([user.firstName, user.lastName]) || (user.email?.charAt(0).toUpperCase() ?? "?")
  );
}

/**
 * The name a character calls the reader by (`{{user}}` in its card): their first name, else their
 * email address's local part; as the API fills it in a chat's greetings.
 */
export function readerName(user: Pick<CurrentUser, "firstName" | "email">) {
  return user.firstName.trim() || user.email?.split("@")[0] || "";
}
