import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formConstraint } from "~/lib/app-form";
import {
  email,
  errorMessage,
  newPassword,
  parseErrorMessage,
  personName,
  phone,
  verificationKey,
  workspaceDescription,
} from "~/lib/validation";

function errorsOf(schema: z.ZodType, entries: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "error" ? submission.error : null;
}

describe("message keys", () => {
  it("carry their values and read back with numbers as numbers", () => {
    const message = errorMessage("tooLong", { count: 100 });
    expect(message).toBe("tooLong?count=100");
    expect(parseErrorMessage(message)).toEqual({ key: "tooLong", values: { count: 100 } });
    expect(parseErrorMessage("required")).toEqual({ key: "required", values: {} });
  });
});

describe("shared field schemas", () => {
  const Form = z.object({
    name: personName(),
    email: email(),
    phone: phone(),
    password: newPassword(),
    key: verificationKey(),
  });

  it("name an empty field required, whatever its kind", () => {
    expect(errorsOf(Form, {})).toEqual({
      name: ["required"],
      email: ["required"],
      phone: ["required"],
      password: ["required"],
      key: ["required"],
    });
    expect(errorsOf(Form, { name: "   " })?.name).toEqual(["required"]);
  });

  it("give each rule its own key", () => {
    const errors = errorsOf(Form, {
      name: "n".repeat(101),
      email: "not-an-email",
      phone: "0501234567",
      password: "short",
      key: "12345",
    });
    expect(errors).toEqual({
      name: ["tooLong?count=100"],
      email: ["invalidEmail"],
      phone: ["invalidPhone"],
      password: ["tooShort?count=8"],
      key: ["keyFormat"],
    });
  });

  it("refuse control characters as the API does; multi-line text keeps its line breaks", () => {
    const errors = errorsOf(Form, {
      name: "Sara\u0000",
      email: "sara\u0007@example.com",
      phone: "+966\u0001501234567",
      password: "long enough\u009b",
      key: "123456",
    });
    expect(errors).toEqual({
      name: ["invalidCharacters"],
      email: ["invalidCharacters"],
      phone: ["invalidCharacters"],
      password: ["invalidCharacters"],
    });
    const Description = z.object({ description: workspaceDescription() });
    expect(errorsOf(Description, { description: "Line one\r\n\tLine two" })).toBeNull();
    expect(errorsOf(Description, { description: "Bell\u0007" })).toEqual({
      description: ["invalidCharacters"],
    });
  });

  it("count password characters as people do, as the API does", () => {
    // Eight emoji are sixteen UTF-16 units: still eight characters.
    expect(errorsOf(Form.pick({ password: true }), { password: "😀".repeat(8) })).toBeNull();
    expect(errorsOf(Form.pick({ password: true }), { password: "😀".repeat(7) })?.password).toEqual(
      ["tooShort?count=8"],
    );
    expect(
      errorsOf(Form.pick({ password: true }), { password: "a".repeat(129) })?.password,
    ).toEqual(["tooLong?count=128"]);
  });

  it("read a key with spaces and Arabic-Indic digits", () => {
    expect(errorsOf(Form.pick({ key: true }), { key: "١٢٣ ٤٥٦" })).toBeNull();
  });

  it("give the HTML constraints from the schema", () => {
    const constraint = formConstraint(Form);
    expect(constraint.name).toMatchObject({ required: true, maxLength: 100 });
    expect(constraint.email).toMatchObject({ required: true, maxLength: 320 });
    expect(constraint.password).toMatchObject({ required: true, maxLength: 128 });
  });
});
