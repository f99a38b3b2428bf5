import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ApiClient } from "./api/client";
import { isUserError } from "./api/errors";
import { replyWithApiError } from "./form-replies.server";
import { rethrowAsPageError } from "./responses.server";
import { WorkspaceFields, type WorkspaceFormAnswer } from "./workspaces";

/** How the workspace forms explain the API's codes: the only field with a set of values. */
const workspaceCodes = { INVALID_VALUE: "chooseColor" };

/**
 * Checks a create or edit form and sends it (POST /workspaces, or PATCH /workspaces/{id}):
 * the workspace, or the answer to show with the form again.
 */
export async function submitWorkspaceForm(
  api: ApiClient,
  form: FormData,
  target: { intent: "create" } | { intent: "update"; id: string },
) {
  const submission = parseWithZod(form, { schema: WorkspaceFields });
  if (submission.status !== "success") {
    return {
      answer: data<WorkspaceFormAnswer>(
        { intent: target.intent, result: submission.reply() },
        { status: 422 },
      ),
    };
  }
  try {
    const workspace =
      target.intent === "create"
        ? await api.post("/workspaces", { body: submission.value })
        : await api.patch("/workspaces/{id}", { path: { id: target.id }, body: submission.value });
    return { workspace };
  } catch (error) {
    // Gone meanwhile (or another organization's): the page's 404.
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    const result = replyWithApiError(submission, error, { codes: workspaceCodes });
    return {
      answer: data<WorkspaceFormAnswer>(
        { intent: target.intent, result },
        { status: error.status },
      ),
    };
  }
}
