import { OpenAPIHono, z } from "@hono/zod-openapi";
import { CapabilityUsageSchema, MemberUsageSchema } from "../ai/ai-models.routes";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { jsonResponse, protectedRoute } from "../http/schemas";
import { actorIn } from "../organizations/memberships";
import {
  checklistSteps,
  dashboardMetrics,
  dashboardRanges,
  getDashboard,
  setChecklistDismissed,
} from "./dashboard";

const tags = ["Dashboard"];

const params = z.object({ id: z.uuid("Not an organization id") });

const DashboardSchema = z
  .object({
    range: z.union(dashboardRanges.map((days) => z.literal(days))),
    from: z
      .string()
      .openapi({ description: "The period's first day (UTC)", example: "2026-11-21" }),
    to: z.string().openapi({ description: "Today (UTC)", example: "2026-11-27" }),
    metrics: z.array(
      z.object({
        metric: z.enum(dashboardMetrics),
        total: z.int().openapi({ description: "Made in the period" }),
        previous: z.int().openapi({ description: "Made in the period before, as long" }),
        days: z.array(z.int()).openapi({ description: "One count a day, oldest first" }),
      }),
    ),
    activity: z.array(
      z.object({
        id: z.int(),
        type: z.string().openapi({ example: "client.created" }),
        subject: z.object({
          kind: z.string().openapi({ example: "client" }),
          id: z.string(),
          title: z.string().nullable().openapi({
            description: "The record's title now; null when it is gone or not the actor's to read",
          }),
        }),
        actorId: z.uuid().nullable(),
        actorName: z.string().nullable(),
        at: z.iso.datetime(),
      }),
    ),
    usage: z.object({
      month: z.string().openapi({ example: "2026-11" }),
      capabilities: z.array(CapabilityUsageSchema),
      members: z
        .array(MemberUsageSchema)
        .nullable()
        .openapi({ description: "By member, for ai.manage; null for the others" }),
    }),
    checklist: z.object({
      dismissed: z.boolean(),
      steps: z.array(z.object({ step: z.enum(checklistSteps), done: z.boolean() })),
    }),
  })
  .openapi("Dashboard");

const dashboardRoute = protectedRoute({
  method: "get",
  path: "/organizations/{id}/dashboard",
  tags,
  summary: "The organization's work at a glance (organization.read)",
  description:
    "What was made each day (UTC) of the last 7, 30 or 90 days and in the period before, the " +
    "latest activity the member may see, this month's AI usage against its quotas (by member " +
    "for ai.manage) and the first-run checklist. Counts come from daily aggregates, so the " +
    "answer's cost does not grow with the organization's data.",
  request: {
    params,
    query: z.object({
      days: z
        .enum(["7", "30", "90"], { error: "Must be 7, 30 or 90" })
        .default("30")
        .openapi({ description: "The period in days; 30 when left out" }),
    }),
  },
  responses: { 200: jsonResponse("The dashboard", DashboardSchema) },
  errors: [404, 422],
});

const checklistRoute = protectedRoute({
  method: "put",
  path: "/organizations/{id}/dashboard/checklist",
  tags,
  summary: "Put the first-run checklist away, or bring it back, for the signed-in member",
  request: {
    params,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ dismissed: z.boolean() }).openapi("ChecklistDismissal"),
        },
      },
    },
  },
  responses: { 204: { description: "Done" } },
  errors: [404, 422],
});

export function createDashboardRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(dashboardRoute, async (c) => {
      const { id } = c.req.valid("param");
      // The current organization's role came with the session; another one is looked up.
      const { actor: current } = c.var.auth;
      const actor =
        current.organizationId === id ? current : await actorIn(c.var.db, c.var.auth.user.id, id);
      const days = Number(c.req.valid("query").days) as (typeof dashboardRanges)[number];
      const load = () => getDashboard(c.var.db, c.var.ai, actor, days);
      const { dashboardCache } = c.var;
      const dashboard = dashboardCache
        ? await dashboardCache.read(
            {
              organizationId: id,
              userId: actor.userId,
              permissions: actor.permissions.join(" "),
              range: days,
              day: new Date().toISOString().slice(0, 10),
            },
            load,
          )
        : await load();
      return c.json(
        {
          ...dashboard,
          activity: dashboard.activity.map((item) => ({ ...item, at: item.at.toISOString() })),
        },
        200,
      );
    })
    .openapi(checklistRoute, async (c) => {
      const { id } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await setChecklistDismissed(c.var.db, actor, c.req.valid("json").dismissed);
      return c.body(null, 204);
    });
}
