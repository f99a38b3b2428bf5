import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { AppError, conflict, errorOnFields, validationFailed } from "../../../api/errors";
import { fieldErrors } from "../../../api/http/errors";
import { codedIssue, newPassword, requiredString } from "../../../api/http/schemas";

const schema = z.object({
  name: requiredString({ max: 5 }),
  code: z.string().min(3, "At least 3"),
  email: z.email("Not a valid email address").optional(),
  id: z.uuid("Not an id").optional(),
  key: z
    .string()
    .regex(/^\d{6}$/, "Six digits")
    .optional(),
  role: z.enum(["admin", "member"]).optional(),
  exact: z.literal("KEY").optional(),
  count: z.coerce.number().int().min(1).max(10).optional(),
  tags: z.array(z.string()).min(1).max(2).optional(),
  password: newPassword().optional(),
  flag: z.boolean().optional(),
  nested: z.object({ title: requiredString({ max: 10 }) }).optional(),
  coded: z
    .string()
    .refine((value) => value.includes("@"), codedIssue("INVALID_FORMAT", "Needs an @"))
    .optional(),
  plain: z
    .string()
    .refine((value) => value === "ok", "Must be ok")
    .optional(),
});

/** The code of each field for `input`, as the 422 body's `fieldCodes` would carry them. */
function codes(input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("the input was valid");
  const errors = fieldErrors(result.error, input);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.code]));
}

const valid = { name: "Ok", code: "abc" };

describe("fieldErrors", () => {
  it("calls a missing field, and a string left empty or blank, REQUIRED", () => {
    expect(codes({})).toEqual({ name: "REQUIRED", code: "REQUIRED" });
    expect(codes({ name: "   ", code: "" })).toEqual({ name: "REQUIRED", code: "REQUIRED" });
    expect(codes({ ...valid, nested: {} })).toEqual({ "nested.title": "REQUIRED" });
  });

  it("tells a string too short or too long", () => {
    expect(codes({ name: "Too long", code: "ab" })).toEqual({
      name: "TOO_LONG",
      code: "TOO_SHORT",
    });
  });

  it("gives the password's own length checks TOO_SHORT and TOO_LONG, and REQUIRED when empty", () => {
    expect(codes({ ...valid, password: "short" })).toEqual({ password: "TOO_SHORT" });
    expect(codes({ ...valid, password: "x".repeat(129) })).toEqual({ password: "TOO_LONG" });
    expect(codes({ ...valid, password: "" })).toEqual({ password: "REQUIRED" });
  });

  it("calls a malformed email, id or pattern INVALID_FORMAT", () => {
    expect(codes({ ...valid, email: "nope", id: "42", key: "12a456" })).toEqual({
      email: "INVALID_FORMAT",
      id: "INVALID_FORMAT",
      key: "INVALID_FORMAT",
    });
  });

  it("calls a value outside an enum or a literal INVALID_VALUE", () => {
    expect(codes({ ...valid, role: "owner", exact: "LINK" })).toEqual({
      role: "INVALID_VALUE",
      exact: "INVALID_VALUE",
    });
  });

  it("calls a value of the wrong type INVALID_TYPE, null included", () => {
    expect(codes({ ...valid, flag: "yes", nested: null })).toEqual({
      flag: "INVALID_TYPE",
      nested: "INVALID_TYPE",
    });
  });

  it("gives numbers TOO_SMALL and TOO_BIG, and lists TOO_SHORT and TOO_LONG", () => {
    expect(codes({ ...valid, count: "0" })).toEqual({ count: "TOO_SMALL" });
    expect(codes({ ...valid, count: "11" })).toEqual({ count: "TOO_BIG" });
    expect(codes({ ...valid, tags: ["a", "b", "c"] })).toEqual({ tags: "TOO_LONG" });
    expect(codes({ ...valid, tags: [] })).toEqual({ tags: "REQUIRED" });
  });

  it("takes a refinement's code from its params, and calls one without INVALID", () => {
    expect(codes({ ...valid, coded: "nope", plain: "nope" })).toEqual({
      coded: "INVALID_FORMAT",
      plain: "INVALID",
    });
  });

  it("keeps the first issue of a field, with its message", () => {
    const input = { name: 42, code: "abc" };
    const result = z
      .object({ name: z.string("Must be a string").min(3, "At least 3") })
      .safeParse(input);
    if (result.success) throw new Error("the input was valid");
    expect(fieldErrors(result.error, input)).toEqual({
      name: { code: "INVALID_TYPE", message: "Must be a string" },
    });
  });
});

describe("AppError", () => {
  it("serialises field errors into messages and codes with the same keys", () => {
    const error = validationFailed({
      email: { code: "INVALID_FORMAT", message: "Not a valid email address" },
      "organization.name": { code: "REQUIRED", message: "Required" },
    });

    expect(error.fields).toEqual({
      email: "Not a valid email address",
      "organization.name": "Required",
    });
    expect(error.fieldCodes).toEqual({ email: "INVALID_FORMAT", "organization.name": "REQUIRED" });
  });

  it("gives the fields of a domain error the error's own code", () => {
    const error = errorOnFields("invalid", "CONFIRMATION_MISMATCH", "Type the name.", {
      confirmName: "Does not match",
    });

    expect(error).toMatchObject({
      code: "CONFIRMATION_MISMATCH",
      fields: { confirmName: "Does not match" },
      fieldCodes: { confirmName: "CONFIRMATION_MISMATCH" },
    });
    expect(conflict("EMAIL_TAKEN", "Taken.", { email: "Taken" }).fieldCodes).toEqual({
      email: "EMAIL_TAKEN",
    });
  });

  it("has neither map without field errors", () => {
    const error = new AppError("conflict", "STALE", "Changed meanwhile.");

    expect(error.fields).toBeUndefined();
    expect(error.fieldCodes).toBeUndefined();
    expect(conflict("STALE", "Changed meanwhile.").fieldCodes).toBeUndefined();
  });
});
