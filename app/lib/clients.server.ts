import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ApiClient } from "./api/client";
import { isApiError, isUserError } from "./api/errors";
import { ClientFields, type ClientFormAnswer, parseTags } from "./clients";
import { replyWithApiError } from "./forms.server";
import { rethrowAsPageError } from "./responses.server";

/** How the client forms explain the API's codes. */
const clientCodes = {
  INVALID_FORMAT: "invalid",
  NOT_A_MEMBER: "invalid",
  UNKNOWN_WORKSPACE: "invalid",
};

/**
 * Checks a create or edit form and sends it (POST /clients, or PATCH /clients/{id} with the
 * version the form was opened on): the client, or the answer to show with the form again.
 */
export async function submitClientForm(
  api: ApiClient,
  form: FormData,
  target: { intent: "create" } | { intent: "update"; id: string },
) {
  const submission = parseWithZod(form, { schema: ClientFields });
  if (submission.status !== "success") {
    return {
      answer: data<ClientFormAnswer>(
        { intent: target.intent, result: submission.reply() },
        { status: 422 },
      ),
    };
  }
  const { version, tags, ownerId, workspaceId, ...rest } = submission.value;
  const body = {
    ...rest,
    tags: parseTags(tags),
    ownerId: ownerId || null,
    workspaceId: workspaceId || null,
  };
  try {
    const client =
      target.intent === "create"
        ? await api.post("/clients", { body })
        : await api.patch("/clients/{id}", {
            path: { id: target.id },
            body: { ...body, version: version ?? 0 },
          });
    return { client };
  } catch (error) {
    if (isApiError(error, 409) && error.code === "STALE_VERSION") {
      return {
        answer: data<ClientFormAnswer>(
          {
            intent: target.intent,
            stale: true,
            // The page says what happened, with a way to the saved version; the form keeps what was typed.
            result: submission.reply(),
          },
          { status: 409 },
        ),
      };
    }
    if (!isUserError(error) || error.status === 404 || error.status === 409) {
      rethrowAsPageError(error);
    }
    const result = replyWithApiError(submission, error, { codes: clientCodes });
    return {
      answer: data<ClientFormAnswer>({ intent: target.intent, result }, { status: error.status }),
    };
  }
}

type Account = {
  account: { currentOrganizationId: string | null; currentOrganizationPermissions: string[] };
};

/** A page that needs a permission the member does not have: 403, the error page explains. */
export function requireClientsPermission(user: Account, permission: string) {
  if (!user.account.currentOrganizationPermissions.includes(permission)) {
    throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  }
}

/** The members and the workspaces a client can be given to, as the form's choices. */
export async function clientChoices(api: ApiClient, user: Account) {
  const organizationId = user.account.currentOrganizationId;
  if (!organizationId) return { members: [], workspaces: [] };
  const [members, workspaces] = await Promise.all([
    api
      .get("/organizations/{id}/members", {
        path: { id: organizationId },
        query: { pageSize: 100 },
      })
      .catch(rethrowAsPageError),
    user.account.currentOrganizationPermissions.includes("workspaces.read")
      ? api.get("/workspaces", { query: { pageSize: 100 } }).catch(rethrowAsPageError)
      : { items: [] },
  ]);
  return {
    members: members.items.map((member) => ({
      value: member.userId,
      label: `${member.firstName} ${member.lastName}`.trim(),
    })),
    workspaces: workspaces.items.map((workspace) => ({
      value: workspace.id,
      label: workspace.name,
    })),
  };
}
