import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import {
  jsonBody,
  jsonResponse,
  optionalString,
  protectedRoute,
  requiredString,
} from "../http/schemas";
import { consumeMemberRateLimit } from "../identity/rate-limits";
import { knowledgeServicesOf, queueReindex } from "../knowledge/sources";
import { actorIn } from "../organizations/memberships";
import { requirePermission } from "../organizations/permissions";
import {
  type CapabilityView,
  clearAiModel,
  listAiCapabilities,
  organizationAiSettings,
  setAiModel,
} from "./ai-models";
import { clearAiQuota, getAiUsage, monthOf, parseMonth, runAiCall, setAiQuota } from "./ai-usage";
import { capabilities, providerKinds } from "./capabilities";
import { listModelChoices } from "./model-lists";
import { probeEstimates, probeModel } from "./probe";

const tags = ["AI models"];

const CapabilitySchema = z.enum(capabilities).openapi("AiCapability");
const ProviderSchema = z
  .enum(providerKinds, { error: `Must be one of ${providerKinds.join(", ")}` })
  .openapi("AiProvider");

const CapabilityViewSchema = z
  .object({
    capability: CapabilitySchema,
    source: z
      .enum(["organization", "environment", "embedded"])
      .nullable()
      .openapi({
        description:
          "Where the model comes from: the organization's own, the deployment's, or one that runs " +
          "on the server (embedded: the offline voice); null when none is set up",
      }),
    provider: z.enum(providerKinds).nullable(),
    model: z.string().nullable(),
    models: z.array(z.string()).openapi({
      description:
        "The models a thread, a character or a generation may name: the deployment's list " +
        "(AI_<CAPABILITY>_MODELS); empty on the organization's own provider, which takes any",
    }),
    offers: z
      .object({
        voices: z.array(z.string()),
        sizes: z.array(z.string()),
        durations: z.array(z.number()),
      })
      .openapi({ description: "What the provider takes; an empty list means free text" }),
    own: z
      .object({
        provider: ProviderSchema,
        baseUrl: z.string().nullable(),
        model: z.string(),
        keyHint: z
          .string()
          .nullable()
          .openapi({ description: "The key's last four characters at most; never the key" }),
      })
      .nullable()
      .openapi({ description: "The organization's own settings, shown to ai.manage only" }),
  })
  .openapi("AiCapabilityStatus");

const params = z.object({ id: z.uuid("Not an organization id") });
const capabilityParams = params.extend({
  capability: z.enum(capabilities, { error: `Must be one of ${capabilities.join(", ")}` }),
});

const baseUrl = optionalString({ max: 500 }).refine(
  (value) => value === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
  { message: "Must be an http or https URL", params: { code: "INVALID_FORMAT" } },
);

const listRoute = protectedRoute({
  method: "get",
  path: "/organizations/{id}/ai",
  tags,
  summary: "Every AI capability: whether it has a model, from where, and what it offers",
  request: { params },
  responses: {
    200: jsonResponse(
      "Every capability",
      z.object({ items: z.array(CapabilityViewSchema) }).openapi("AiCapabilityList"),
    ),
  },
  errors: [404, 422],
});

const setRoute = protectedRoute({
  method: "put",
  path: "/organizations/{id}/ai/{capability}",
  tags,
  summary: "Give the organization its own model for a capability (ai.manage)",
  description:
    "The key is encrypted at rest, for its provider and address, and never returned. Leave " +
    "`apiKey` out to keep the stored one while the provider and the address stay the same (a " +
    "change of either removes it: `keyHint` is then null), send an empty string to remove it. " +
    "An address in a private network is refused when the model is used, unless the deployment " +
    "allows it (AI_ALLOW_PRIVATE_NETWORK, AI_ALLOWED_NETWORKS); link-local and cloud metadata " +
    "addresses always are.",
  request: {
    params: capabilityParams,
    ...jsonBody(
      z
        .object({
          provider: ProviderSchema,
          baseUrl: baseUrl.optional(),
          model: requiredString({ max: 200 }).openapi({ example: "gpt-4.1-mini" }),
          apiKey: optionalString({ max: 500 }).optional(),
        })
        .openapi("AiModelSettings"),
    ),
  },
  responses: { 200: jsonResponse("The capability as it is now", CapabilityViewSchema) },
  errors: [400, 403, 404, 422],
});

const clearRoute = protectedRoute({
  method: "delete",
  path: "/organizations/{id}/ai/{capability}",
  tags,
  summary: "Go back to the deployment's model for a capability (ai.manage)",
  request: { params: capabilityParams },
  responses: { 204: { description: "The organization's own model is gone" } },
  errors: [403, 404, 422],
});

const testRoute = protectedRoute({
  method: "post",
  path: "/organizations/{id}/ai/{capability}/test",
  tags,
  summary: "Make the smallest real call to the capability's model (ai.manage)",
  description:
    "Answers 200 either way: `ok` with the latency, or the failure's code (AI_BAD_KEY, " +
    "AI_UNKNOWN_MODEL, AI_PROVIDER_QUOTA, AI_REFUSED, AI_PROVIDER_DOWN, AI_TIMEOUT, " +
    "AI_PRIVATE_ADDRESS, AI_BAD_RESPONSE, AI_NOT_CONFIGURED, AI_TOOL_MISSING) and the provider's " +
    "own words. 429 TOO_MANY_REQUESTS with Retry-After past the member's rate of tests " +
    "(RATE_LIMIT_AI_TEST_PER_MEMBER).",
  request: { params: capabilityParams },
  responses: {
    200: jsonResponse(
      "What the call gave",
      z
        .object({
          ok: z.boolean(),
          latencyMs: z.int().optional(),
          error: z
            .object({
              code: z.string(),
              detail: z.string().optional(),
              providerStatus: z.int().optional(),
              retryAfterSeconds: z.int().optional(),
            })
            .optional(),
        })
        .openapi("AiModelTest"),
    ),
  },
  errors: [403, 404, 422, 429],
});

/** A capability's use this month against its quota (the usage page and the dashboard). */
export const CapabilityUsageSchema = z.object({
  capability: CapabilitySchema,
  unit: z.enum(["tokens", "images", "characters", "seconds"]),
  used: z.number(),
  calls: z.int(),
  failures: z.int(),
  limit: z.number().nullable().openapi({ description: "The monthly limit; null: none" }),
  limitSource: z.enum(["organization", "environment"]).nullable(),
});

/** A member's use of a capability this month. */
export const MemberUsageSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  capability: CapabilitySchema,
  used: z.number(),
  calls: z.int(),
});

const choicesRoute = protectedRoute({
  method: "get",
  path: "/organizations/{id}/ai/{capability}/models",
  tags,
  summary: "The models and voices to offer for a capability (any member)",
  description:
    "Suggestions for the fields that name a model or a voice (a thread's model, a character's " +
    "default model and voice, the organization's AI settings); a name they do not show may " +
    "still be typed, and an empty list means free text. `models`: on the deployment's " +
    "provider, the models organizations may name there (AI_<CAPABILITY>_MODELS, or its model " +
    "alone), without asking the provider; on the organization's own OpenAI or " +
    "OpenAI-compatible provider, what `GET {baseUrl}/models` lists; on an embedded model, its " +
    "id. `voices` (speech only): OpenAI's documented voices, what an OpenAI-compatible server " +
    "lists at `GET {baseUrl}/audio/voices`, the offline voices of the embedded one, none for " +
    "other providers. An organization's address goes through the same network policy as its " +
    "calls (AI_ALLOW_PRIVATE_NETWORK, AI_ALLOWED_NETWORKS). A provider is given 3 seconds and " +
    "1 MB; one that fails, is slower or answers more gives empty lists, never an error. The " +
    "lists are kept for a minute per organization and capability (15 seconds after a failure), " +
    "and read again at once when the capability's settings change.",
  request: { params: capabilityParams },
  responses: {
    200: jsonResponse(
      "The lists, each sorted, possibly empty",
      z
        .object({
          models: z.array(z.string()),
          voices: z.array(z.string()),
        })
        .openapi("AiModelChoices"),
    ),
  },
  errors: [404, 422],
});

const UsageSchema = z
  .object({
    month: z.string().openapi({ example: "2026-11" }),
    capabilities: z.array(CapabilityUsageSchema),
    members: z.array(MemberUsageSchema),
  })
  .openapi("AiUsage");

const usageRoute = protectedRoute({
  method: "get",
  path: "/organizations/{id}/ai/usage",
  tags,
  summary: "A month's AI usage by capability, with its quota, and by member (ai.manage)",
  request: {
    params,
    query: z.object({
      month: z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month as YYYY-MM")
        .optional()
        .openapi({ description: "YYYY-MM (UTC); this month when left out", example: "2026-11" }),
    }),
  },
  responses: { 200: jsonResponse("The month's usage", UsageSchema) },
  errors: [403, 404, 422],
});

const quotaRoute = protectedRoute({
  method: "put",
  path: "/organizations/{id}/ai/quotas/{capability}",
  tags,
  summary: "Set the organization's monthly limit of a capability (the owner: ai.quotas)",
  description:
    "In the capability's unit (tokens, images, characters, seconds); null lifts every limit. " +
    "Over the limit, calls answer 429 QUOTA_EXCEEDED until the next month (UTC). On the " +
    "deployment's models the limit can only be lowered: one above AI_MONTHLY_LIMIT_<CAPABILITY>, " +
    "or null, is 422 ABOVE_DEPLOYMENT_LIMIT (on `monthlyLimit`, with the deployment's limit as " +
    "`details.deploymentLimit`); on the organization's own provider any limit goes.",
  request: {
    params: capabilityParams,
    ...jsonBody(
      z
        .object({
          monthlyLimit: z
            .int("A whole number")
            .min(0, "At least 0")
            .max(1_000_000_000_000, "At most 1,000,000,000,000")
            .nullable(),
        })
        .openapi("AiQuota"),
    ),
  },
  responses: { 200: jsonResponse("The month's usage, with the new limit", UsageSchema) },
  errors: [400, 403, 404, 422],
});

const clearQuotaRoute = protectedRoute({
  method: "delete",
  path: "/organizations/{id}/ai/quotas/{capability}",
  tags,
  summary: "Go back to the deployment's monthly limit of a capability (the owner: ai.quotas)",
  request: { params: capabilityParams },
  responses: { 204: { description: "The organization's own limit is gone" } },
  errors: [403, 404, 422],
});

export function createAiModelRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { id } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      const items = await listAiCapabilities(c.var.db, c.var.ai, actor);
      return c.json({ items }, 200);
    })
    .openapi(setRoute, async (c) => {
      const { id, capability } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await setAiModel(c.var.db, c.var.ai, actor, capability, c.req.valid("json"));
      if (capability === "embedding") {
        await queueReindex(knowledgeServicesOf(c), { ...actor, organizationId: id });
      }
      const items = await listAiCapabilities(c.var.db, c.var.ai, actor);
      return c.json(items.find((item) => item.capability === capability) as CapabilityView, 200);
    })
    .openapi(clearRoute, async (c) => {
      const { id, capability } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await clearAiModel(c.var.db, actor, capability);
      if (capability === "embedding") {
        await queueReindex(knowledgeServicesOf(c), { ...actor, organizationId: id });
      }
      return c.body(null, 204);
    })
    .openapi(testRoute, async (c) => {
      const { id, capability } = c.req.valid("param");
      const userId = c.var.auth.user.id;
      const actor = await actorIn(c.var.db, userId, id);
      requirePermission(actor, "ai.manage");
      await consumeMemberRateLimit(c.var.db, c.var.rateLimits, "aiTestPerMember", actor);
      const settings = await organizationAiSettings(c.var.db, c.var.ai.secrets, id);
      let resolved: ReturnType<typeof c.var.ai.registry.modelFor>;
      try {
        resolved = c.var.ai.registry.modelFor(capability, settings);
      } catch {
        return c.json({ ok: false, error: { code: "AI_NOT_CONFIGURED" } }, 200);
      }
      const context = {
        db: c.var.db,
        quotas: c.var.ai.quotas,
        organizationId: id,
        userId,
        purpose: "test",
      };
      const result = await probeModel(resolved, {
        signal: c.req.raw.signal,
        run: (call) => runAiCall(context, resolved, call, { estimate: probeEstimates[capability] }),
      });
      if (result.ok) return c.json({ ok: true, latencyMs: result.latencyMs }, 200);
      return c.json({ ok: false, error: result.failure }, 200);
    })
    .openapi(choicesRoute, async (c) => {
      const { id, capability } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      const settings = await organizationAiSettings(c.var.db, c.var.ai.secrets, id);
      return c.json(await listModelChoices(c.var.ai, actor, capability, settings), 200);
    })
    .openapi(usageRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { month } = c.req.valid("query");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      const period = month
        ? (parseMonth(month) as ReturnType<typeof monthOf>)
        : monthOf(new Date());
      return c.json(await getAiUsage(c.var.db, c.var.ai.quotas, actor, period), 200);
    })
    .openapi(quotaRoute, async (c) => {
      const { id, capability } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      const { monthlyLimit } = c.req.valid("json");
      await setAiQuota(c.var.db, actor, capability, monthlyLimit, c.var.ai.quotas);
      return c.json(await getAiUsage(c.var.db, c.var.ai.quotas, actor, monthOf(new Date())), 200);
    })
    .openapi(clearQuotaRoute, async (c) => {
      const { id, capability } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await clearAiQuota(c.var.db, actor, capability);
      return c.body(null, 204);
    });
}
