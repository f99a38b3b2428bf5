import { data } from "@remix-run/node";
import type { WorkspaceFormResult } from "~/components/workspaces/workspace-form";
import type { ApiClient } from "./api/client";
import { explainApiError, isUserError } from "./api/errors";
import { serviceUnavailable } from "./session.server";
import { type WorkspaceFieldName, WorkspaceFields } from "./workspaces";

const fieldNames: readonly string[] = ["name", "description", "color"];

/**
 * Checks a create or edit form and sends it (POST /workspaces, or PATCH /workspaces/{id}):
 * the workspace, or the answer to show with the form again.
 */
export async function submitWorkspaceForm(
  api: ApiClient,
  form: FormData,
  target: { intent: "create" } | { intent: "update"; id: string },
) {
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 2000);
  const values = { name: text("name"), description: text("description"), color: text("color") };
  const parsed = WorkspaceFields.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: WorkspaceFormResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (fieldNames.includes(field)) fieldErrors[field as WorkspaceFieldName] ??= issue.message;
    }
    return {
      answer: data<WorkspaceFormResult>(
        { intent: target.intent, values, fieldErrors },
        { status: 422 },
      ),
    };
  }
  try {
    const workspace =
      target.intent === "create"
        ? await api.post("/workspaces", { body: parsed.data })
        : await api.patch("/workspaces/{id}", { path: { id: target.id }, body: parsed.data });
    return { workspace };
  } catch (error) {
    if (!isUserError(error) || error.status === 404) throw serviceUnavailable(error);
    const { message } = explainApiError(error);
    return {
      answer: data<WorkspaceFormResult>(
        { intent: target.intent, values, formError: `common:apiErrors.${message}` },
        { status: error.status },
      ),
    };
  }
}
