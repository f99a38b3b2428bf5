import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AiQuotaForm, quotaErrorCodes } from "~/lib/ai-models";
import { ApiError } from "~/lib/api/errors";
import { replyWithApiError } from "~/lib/form-replies.server";
import ar from "../../../locales/ar/validation.json";
import en from "../../../locales/en/validation.json";

function submit(monthlyLimit: string) {
  const form = new FormData();
  form.set("capability", "chat");
  form.set("monthlyLimit", monthlyLimit);
  return parseWithZod(form, { schema: AiQuotaForm });
}

const aboveDeploymentLimit = (details: Record<string, unknown>) =>
  new ApiError(422, "ABOVE_DEPLOYMENT_LIMIT", "On the deployment's models…", {
    fields: { monthlyLimit: "On the deployment's models…" },
    fieldCodes: { monthlyLimit: "ABOVE_DEPLOYMENT_LIMIT" },
    details,
  });

describe("the quota form's answer to a limit above the deployment's", () => {
  it("says on the field the most the organization may set, in both languages", () => {
    const error = aboveDeploymentLimit({ deploymentLimit: 2_000_000 });
    const result = replyWithApiError(submit(""), error, { codes: quotaErrorCodes(error) });

    expect(result.error).toEqual({ monthlyLimit: ["aboveDeploymentLimit?limit=2%2C000%2C000"] });
    expect(en.aboveDeploymentLimit).toContain("{{limit}}");
    expect(ar.aboveDeploymentLimit).toContain("{{limit}}");
  });

  it("still explains itself when the API names no limit", () => {
    const error = aboveDeploymentLimit({});
    const result = replyWithApiError(submit("5000000"), error, { codes: quotaErrorCodes(error) });

    expect(result.error).toEqual({ monthlyLimit: ["aboveDeploymentLimitUnknown"] });
    expect(ar.aboveDeploymentLimitUnknown).not.toBe(en.aboveDeploymentLimitUnknown);
  });
});
