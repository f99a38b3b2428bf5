/**
 * The route pieces every list of an organization's records shares (clients, projects, documents,
 * characters, threads, media, recipes): the words of its search and the flags and filters of its
 * query, and the two routes of its bin. Each resource keeps its own wording; the shapes are here.
 */
import { z } from "@hono/zod-openapi";
import { jsonResponse, protectedRoute, text } from "./schemas";

/** The words a list is searched for (`q`): at most 200 characters, English or Arabic. */
export function searchWords() {
  return text().trim().max(200, "At most 200 characters").optional();
}

/** A yes-or-no filter of a query (`deleted=true`): true, false, or left out. */
export function queryFlag() {
  return z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional();
}

/** A list's order (`sort`): one of `sorts`, or left out for the list's own. */
export function sortOf<const T extends readonly [string, ...string[]]>(sorts: T) {
  return z.enum(sorts, { error: `One of ${sorts.join(", ")}` }).optional();
}

/** A filter of several values in one query parameter, comma-separated (`status=lead,active`). */
export function commaSeparated<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .preprocess(
      (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
      z.array(z.enum(values, { error: `Each one of ${values.join(", ")}` })),
    )
    .optional();
}

/**
 * The two routes of a resource's bin: DELETE `<path>/{id}` puts a record in it (204), and POST
 * `<path>/{id}/restore` brings the record back (200, the record as GET answers it, which `schema`
 * describes and `name` names). The summaries say who may, and for how long.
 */
export function binRoutes<
  const P extends string,
  const Params extends z.ZodObject,
  Record extends z.ZodType,
>(resource: {
  path: P;
  tags: string[];
  idParams: Params;
  schema: Record;
  name: string;
  deleteSummary: string;
  restoreSummary: string;
  restoreDescription?: string;
}) {
  const { path, tags, idParams } = resource;
  const deleteRoute = protectedRoute({
    method: "delete",
    path: `${path}/{id}` as `${P}/{id}`,
    tags,
    summary: resource.deleteSummary,
    request: { params: idParams },
    responses: { 204: { description: "Deleted" } },
    errors: [403, 404, 422],
  });
  const restoreRoute = protectedRoute({
    method: "post",
    path: `${path}/{id}/restore` as `${P}/{id}/restore`,
    tags,
    summary: resource.restoreSummary,
    ...(resource.restoreDescription === undefined
      ? {}
      : { description: resource.restoreDescription }),
    request: { params: idParams },
    responses: { 200: jsonResponse(`The ${resource.name}`, resource.schema) },
    errors: [403, 404, 422],
  });
  return { deleteRoute, restoreRoute };
}
