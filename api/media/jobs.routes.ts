import { OpenAPIHono, z } from "@hono/zod-openapi";
import { capabilities } from "../ai/capabilities";
import { jobStatuses } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { commaSeparated, queryFlag } from "../http/record-routes";
import { jsonResponse, pagedQuery, pageOf, protectedRoute } from "../http/schemas";
import type { Actor } from "../organizations/permissions";
import { canCancel, cancelJob, getJob, type JobSummary, listJobs } from "./jobs";

const tags = ["Jobs"];

export const JobSchema = z
  .object({
    id: z.uuid(),
    kind: z.string().openapi({ description: "What the work is, e.g. a kind of generation" }),
    capability: z.enum(capabilities).nullable(),
    status: z.enum(jobStatuses),
    progress: z.number().min(0).max(1),
    input: z
      .unknown()
      .nullable()
      .openapi({
        description:
          "What it was asked to do, as its kind takes it; null where the caller may not see it " +
          "(another member's run of a recipe the caller may not read)",
      }),
    result: z.unknown().nullable().openapi({ description: "What it made, once it has succeeded" }),
    error: z.object({ code: z.string(), message: z.string() }).nullable().openapi({
      description:
        "Why it failed, or, while it waits for another try, why the last one did not succeed",
    }),
    attempts: z.int().openapi({ description: "Tries started so far" }),
    user: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
    canCancel: z.boolean(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .openapi("Job");

export const toView = (actor: Actor, job: JobSummary) => ({
  id: job.id,
  kind: job.kind,
  capability: job.capability,
  status: job.status,
  progress: job.progress,
  input: job.input,
  result: job.result ?? null,
  error: job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : null,
  attempts: job.attempts,
  user: job.userId ? { id: job.userId, name: job.userName } : null,
  canCancel: canCancel(actor, job),
  createdAt: job.createdAt.toISOString(),
  startedAt: job.startedAt?.toISOString() ?? null,
  finishedAt: job.finishedAt?.toISOString() ?? null,
});

const idParams = z.object({ id: z.uuid("Not a job id") });

const listRoute = protectedRoute({
  method: "get",
  path: "/jobs",
  tags,
  summary: "The current organization's jobs, newest first (organization.read)",
  description:
    "Changes go out as `job.progress` (queued, started, further along) and `job.finished` " +
    "(succeeded, failed, cancelled) events to the organization.",
  request: {
    query: pagedQuery().extend({
      status: commaSeparated(jobStatuses).openapi({
        description: "Only these statuses, comma-separated",
        example: "queued,running",
      }),
      kind: z
        .string()
        .regex(/^[a-z][a-z0-9.-]{0,99}$/, "Not a job kind")
        .optional()
        .openapi({ description: "Only this kind" }),
      mine: queryFlag().openapi({ description: "Only the caller's own" }),
    }),
  },
  responses: {
    200: jsonResponse("One page of jobs", pageOf(JobSchema, "JobList")),
  },
  errors: [403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/jobs/{id}",
  tags,
  summary: "A job of the current organization (organization.read)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The job", JobSchema) },
  errors: [403, 404, 422],
});

const cancelRoute = protectedRoute({
  method: "post",
  path: "/jobs/{id}/cancel",
  tags,
  summary: "Cancel a job that is waiting or running (its author, or ai.manage)",
  description: "A running try is stopped wherever it runs. 409 JOB_FINISHED once it has ended.",
  request: { params: idParams },
  responses: { 200: jsonResponse("The job, cancelled", JobSchema) },
  errors: [403, 404, 409, 422],
});

export function createJobRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { actor } = c.var.auth;
      const { items, total } = await listJobs(c.var.db, actor, query);
      return c.json(
        {
          items: items.map((job) => toView(actor, job)),
          total,
          page: query.page,
          pageSize: query.pageSize,
        },
        200,
      );
    })
    .openapi(getRoute, async (c) => {
      const { actor } = c.var.auth;
      return c.json(toView(actor, await getJob(c.var.db, actor, c.req.valid("param").id)), 200);
    })
    .openapi(cancelRoute, async (c) => {
      const { actor } = c.var.auth;
      const job = await cancelJob(c.var.db, c.var.jobs, actor, c.req.valid("param").id);
      return c.json(toView(actor, job), 200);
    });
}
