import type { Reference } from "../db/records";
import { memberships, workspaces } from "../db/schema";
import { errorOnFields } from "../errors";

/** A workspace a record is filed in: 422 UNKNOWN_WORKSPACE on `workspaceId` if not the organization's. */
export function workspaceReference(id: string | null | undefined): Reference {
  return {
    ids: id,
    table: workspaces,
    id: workspaces.id,
    organizationId: workspaces.organizationId,
    error: () =>
      errorOnFields("invalid", "UNKNOWN_WORKSPACE", "No such workspace.", {
        workspaceId: "Not a workspace of the organization",
      }),
  };
}

/** Users a record names (its owner, its members): 422 NOT_A_MEMBER on `field` if one is not a member. */
export function memberReference(
  ids: string | readonly string[] | null | undefined,
  field: string,
  message: string,
  fieldMessage: string,
): Reference {
  return {
    ids,
    table: memberships,
    id: memberships.userId,
    organizationId: memberships.organizationId,
    error: () => errorOnFields("invalid", "NOT_A_MEMBER", message, { [field]: fieldMessage }),
  };
}
