import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ApiClient } from "./api/client";
import { isApiError, isUserError } from "./api/errors";
import {
  type Client,
  ClientFields,
  type ClientFormAnswer,
  type ClientLogoError,
  clientLogoErrors,
  parseTags,
} from "./clients";
import { replyWithApiError } from "./form-replies.server";
import { maxImageBytes } from "./images";
import type { MemberAccount } from "./permissions.server";
import { rethrowAsPageError } from "./responses.server";

/** A client form with its logo, and room for the other fields and the multipart framing. */
export const maxClientFormBytes = maxImageBytes + 64 * 1024;

/** A form whose logo made it larger than `maxClientFormBytes`: the logo's error, unread. */
export function clientLogoTooLarge(intent: ClientFormAnswer["intent"]) {
  return data<ClientFormAnswer>(
    { intent, result: { status: "error", error: { logo: ["fileTooLarge"] } } },
    { status: 413 },
  );
}

/** How the client forms explain the API's codes. */
const clientCodes = {
  // The only field the API reads further than the form does: the phone number.
  INVALID_FORMAT: "invalidPhoneNumber",
  NOT_A_MEMBER: "invalid",
  UNKNOWN_WORKSPACE: "invalid",
};

/**
 * Checks a create or edit form and sends it (POST /clients, or PATCH /clients/{id} with the
 * version the form was opened on), then its logo (PUT or DELETE /clients/{id}/logo): the
 * client, or the answer to show with the form again.
 *
 * The logo goes once the fields are saved, so a logo the API refuses leaves them saved: an edit
 * answers with the logo's error and the version the form is now on; a new client is added all the
 * same, and `logoError` says why its logo is not.
 */
export async function submitClientForm(
  api: ApiClient,
  form: FormData,
  target: { intent: "create" } | { intent: "update"; id: string },
): Promise<
  | { answer: ReturnType<typeof data<ClientFormAnswer>>; client?: never }
  | { client: Client; logoError?: ClientLogoError; answer?: never }
> {
  const submission = parseWithZod(form, { schema: ClientFields });
  if (submission.status !== "success") {
    return {
      answer: data<ClientFormAnswer>(
        { intent: target.intent, result: submission.reply() },
        { status: 422 },
      ),
    };
  }
  const { version, tags, ownerId, workspaceId, logo, removeLogo, ...rest } = submission.value;
  const body = {
    ...rest,
    tags: parseTags(tags),
    ownerId: ownerId || null,
    workspaceId: workspaceId || null,
  };
  let client: Client;
  try {
    client =
      target.intent === "create"
        ? await api.post("/clients", { body })
        : await api.patch("/clients/{id}", {
            path: { id: target.id },
            body: { ...body, version: version ?? 0 },
          });
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

  if (!logo && !removeLogo) return { client };
  const path = { id: client.id };
  try {
    if (logo) {
      const logoForm = new FormData();
      logoForm.set("logo", logo, logo.name);
      client = await api.put("/clients/{id}/logo", { path, body: logoForm });
    } else {
      client = await api.delete("/clients/{id}/logo", { path });
    }
    return { client };
  } catch (error) {
    // Only the image is the form's to mend; a client deleted or gone since it was saved is the
    // page's 404 or 409.
    if (!isApiError(error, 422) && !isApiError(error, 413)) rethrowAsPageError(error);
    const result = replyWithApiError(submission, error);
    if (target.intent === "update") {
      return {
        answer: data<ClientFormAnswer>(
          { intent: "update", result, version: client.version },
          { status: error.status },
        ),
      };
    }
    const logoError = clientLogoErrors.find((key) => key === result.error?.logo?.[0]);
    return { client, logoError: logoError ?? "invalidImage" };
  }
}

/** The members and the workspaces a client can be given to, as the form's choices. */
export async function clientChoices(api: ApiClient, user: MemberAccount) {
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
