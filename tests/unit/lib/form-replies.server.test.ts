import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "~/lib/api/errors";
import { replyWithApiError, replyWithFormError } from "~/lib/form-replies.server";

const Schema = z.object({ email: z.string(), password: z.string(), name: z.string() });

function submit(entries: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return parseWithZod(form, { schema: Schema });
}

const sent = { email: "a@example.com", password: "secret-secret", name: "Amal" };

describe("replyWithApiError", () => {
  it("puts each field's code on that field, not on the others, and hides passwords", () => {
    const error = new ApiError(422, "VALIDATION_FAILED", "Invalid", {
      fields: { email: "Taken" },
      fieldCodes: { email: "EMAIL_TAKEN" },
    });
    const result = replyWithApiError(submit(sent), error, { hideFields: ["password"] });
    expect(result.error).toEqual({ email: ["emailTaken"] });
    expect(result.initialValue).toEqual({ email: sent.email, name: sent.name });
  });

  it("maps the API's field names onto the form's and lets a form explain a code its way", () => {
    const error = new ApiError(422, "INVALID_PASSWORD", "Wrong", {
      fields: { currentPassword: "Wrong" },
      fieldCodes: { currentPassword: "INVALID_PASSWORD" },
    });
    const result = replyWithApiError(submit(sent), error, {
      fields: { currentPassword: "password" },
      codes: { INVALID_PASSWORD: "wrongPassword" },
    });
    expect(result.error).toEqual({ password: ["wrongPassword"] });
  });

  it("gives the form an error that names no field it has, and a rate limit with its wait", () => {
    const elsewhere = new ApiError(422, "NOT_AN_ADMIN", "No", {
      fields: { userId: "No" },
      fieldCodes: { userId: "NOT_AN_ADMIN" },
    });
    expect(replyWithApiError(submit(sent), elsewhere).error).toEqual({ "": ["notAnAdmin"] });
    const limited = new ApiError(429, "TOO_MANY_REQUESTS", "Slow down", { retryAfterSeconds: 120 });
    expect(replyWithApiError(submit(sent), limited).error).toEqual({
      "": ["rateLimitedFor?seconds=120"],
    });
    const unknown = new ApiError(409, "SOMETHING_NEW", "?");
    expect(replyWithApiError(submit(sent), unknown).error).toEqual({ "": ["unknown"] });
  });

  it("says a month's quota and waiting jobs as what they are, not as a rate limit's wait", () => {
    // The creators' 429 QUOTA_EXCEEDED carries the time to the next month as Retry-After.
    const quota = new ApiError(429, "QUOTA_EXCEEDED", "Quota used", { retryAfterSeconds: 273_600 });
    expect(replyWithApiError(submit(sent), quota).error).toEqual({ "": ["quotaExceeded"] });
    const waiting = new ApiError(429, "TOO_MANY_WAITING_JOBS", "Busy", { retryAfterSeconds: 30 });
    expect(replyWithApiError(submit(sent), waiting).error).toEqual({ "": ["tooManyWaitingJobs"] });
    // A form's own word for the code wins, as for any other code.
    expect(
      replyWithApiError(submit(sent), quota, { codes: { QUOTA_EXCEEDED: "imageQuota" } }).error,
    ).toEqual({ "": ["imageQuota"] });
  });

  it("takes the error's own code for a field named without one", () => {
    const error = new ApiError(422, "INVALID_KEY", "Wrong key", { fields: { email: "Wrong key" } });
    expect(replyWithApiError(submit(sent), error).error).toEqual({ email: ["invalidKey"] });
  });
});

describe("replyWithFormError", () => {
  it("keeps the values but the hidden ones", () => {
    const result = replyWithFormError(submit(sent), "unavailable", { hideFields: ["password"] });
    expect(result.error).toEqual({ "": ["unavailable"] });
    expect(result.initialValue).not.toHaveProperty("password");
  });
});
