import type { ApiSchema } from "./api/client";

/** The current user as GET /user returns it. */
export type CurrentUser = ApiSchema<"CurrentUser">;

export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email">) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email || "";
}

export function initials(user: Pick<CurrentUser, "firstName" | "lastName" | "email">) {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? "");
  return letters.join("").toUpperCase() || (user.email?.charAt(0).toUpperCase() ?? "?");
}
