import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ApiClient } from "./api/client";
import { isApiError, isUserError } from "./api/errors";
import { parseTags } from "./clients";
import { replyWithApiError } from "./form-replies.server";
import { ProjectFields, type ProjectFormAnswer } from "./projects";
import { rethrowAsPageError } from "./responses.server";

const projectCodes = {
  INVALID_FORMAT: "invalid",
  NOT_A_MEMBER: "invalid",
  UNKNOWN_WORKSPACE: "invalid",
  UNKNOWN_CLIENT: "invalid",
  DUE_BEFORE_START: "dueBeforeStart",
};

/** Checks a create or edit form and sends it: the project, or the answer to show with the form. */
export async function submitProjectForm(
  api: ApiClient,
  form: FormData,
  target: { intent: "create" } | { intent: "update"; id: string },
) {
  const submission = parseWithZod(form, { schema: ProjectFields });
  if (submission.status !== "success") {
    return {
      answer: data<ProjectFormAnswer>(
        { intent: target.intent, result: submission.reply() },
        { status: 422 },
      ),
    };
  }
  const {
    version,
    tags,
    clientId,
    workspaceId,
    startDate,
    dueDate,
    budgetAmount,
    currency,
    ...rest
  } = submission.value;
  const body = {
    ...rest,
    tags: parseTags(tags),
    clientId: clientId || null,
    workspaceId: workspaceId || null,
    startDate: startDate || null,
    dueDate: dueDate || null,
    budget: budgetAmount === undefined ? null : { amount: budgetAmount, currency },
  };
  try {
    const project =
      target.intent === "create"
        ? await api.post("/projects", { body })
        : await api.patch("/projects/{id}", {
            path: { id: target.id },
            body: { ...body, version: version ?? 0 },
          });
    return { project };
  } catch (error) {
    if (isApiError(error, 409) && error.code === "STALE_VERSION") {
      return {
        answer: data<ProjectFormAnswer>(
          { intent: target.intent, stale: true, result: submission.reply() },
          { status: 409 },
        ),
      };
    }
    if (!isUserError(error) || error.status === 404 || error.status === 409) {
      rethrowAsPageError(error);
    }
    const result = replyWithApiError(submission, error, {
      codes: projectCodes,
      fields: { "budget.amount": "budgetAmount", "budget.currency": "currency" },
    });
    return {
      answer: data<ProjectFormAnswer>({ intent: target.intent, result }, { status: error.status }),
    };
  }
}

/** The clients a project can be for, as the form's choices (the first 100 by name). */
export async function projectChoices(api: ApiClient, canReadClients: boolean) {
  if (!canReadClients) return { clients: [], clientsTotal: 0 };
  const clients = await api.get("/clients", { query: { pageSize: 100 } }).catch(rethrowAsPageError);
  return {
    clients: clients.items.map((client) => ({ value: client.id, label: client.name })),
    clientsTotal: clients.total,
  };
}
