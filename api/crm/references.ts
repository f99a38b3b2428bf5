import type { Reference } from "../db/records";
import { clients, projects } from "../db/schema";
import { errorOnFields } from "../errors";

/** A client a record belongs to: 422 UNKNOWN_CLIENT on `clientId` if not a live client of the organization. */
export function clientReference(id: string | null | undefined): Reference {
  return {
    ids: id,
    table: clients,
    id: clients.id,
    organizationId: clients.organizationId,
    deletedAt: clients.deletedAt,
    error: () =>
      errorOnFields("invalid", "UNKNOWN_CLIENT", "No such client.", {
        clientId: "Not a client of the organization",
      }),
  };
}

/** A project a record belongs to: 422 UNKNOWN_PROJECT on `projectId` if not a live project of the organization. */
export function projectReference(id: string | null | undefined): Reference {
  return {
    ids: id,
    table: projects,
    id: projects.id,
    organizationId: projects.organizationId,
    deletedAt: projects.deletedAt,
    error: () =>
      errorOnFields("invalid", "UNKNOWN_PROJECT", "No such project.", {
        projectId: "Not a project of the organization",
      }),
  };
}
