import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "./api.server";
import { requirePermission } from "./permissions.server";
import { requireUser, serviceUnavailable } from "./session.server";

const Query = z.object({
  q: z.string().trim().max(200).catch(""),
  /** Projects only: that client's, and those without a client. */
  clientId: z.uuid().optional().catch(undefined),
  /** Projects only: that workspace's. */
  workspaceId: z.uuid().optional().catch(undefined),
});

/**
 * The clients, projects or documents whose names match `q`, as choices for a picker (`[{ value,
 * label }]`, at most 50; projects narrowed to a client's with `clientId`, to a workspace's with
 * `workspaceId`): what a form offers past
 * the first hundred it was rendered with. The loader of /clients/choices, /projects/choices and
 * /documents/choices.
 */
export async function loadChoices(
  kind: "clients" | "projects" | "documents",
  { request, context }: LoaderFunctionArgs,
) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, `${kind}.read`);
  const { q, clientId, workspaceId } = Query.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const within =
    kind === "projects"
      ? {
          ...(clientId ? { clientId, orWithoutClient: "true" as const } : {}),
          ...(workspaceId ? { workspaceId } : {}),
        }
      : {};
  const page = await getApiClient(request, context, token)
    .get(`/${kind}`, { query: { q: q || undefined, pageSize: 50, ...within } })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  const choices = page.items.map((item) => ({
    value: item.id,
    label: "name" in item ? item.name : "title" in item ? item.title : "",
  }));
  return Response.json(choices, { headers: { "Cache-Control": "private, no-store" } });
}
