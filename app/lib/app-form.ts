import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useFormatDuration } from "./format-duration";
import { parseErrorMessage } from "./validation";

type Constraint = ReturnType<typeof getZodConstraint>;

const constraints = new WeakMap<z.ZodType, Constraint>();

/**
 * The HTML constraints of a form's schema. Conform reads length limits from zod's internal
 * `bag`, which zod 4.6 no longer fills for string lengths; the schema's JSON Schema still has
 * them, so `maxLength` comes from there (decision 010).
 */
export function formConstraint(schema: z.ZodType): Constraint {
  const cached = constraints.get(schema);
  if (cached) return cached;
  // Conform's result is a proxy that ignores writes: the constraints are copied out of it.
  const constraint: Constraint = { ...getZodConstraint(schema) };
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  for (const [name, maxLength] of maxLengths(json)) {
    constraint[name] = { ...constraint[name], maxLength };
  }
  constraints.set(schema, constraint);
  return constraint;
}

type JsonSchema = z.core.JSONSchema.JSONSchema;

/** Field → maxLength, for the top-level fields of an object or of every branch of a union. */
function maxLengths(json: JsonSchema): Map<string, number> {
  const found = new Map<string, number>();
  for (const branch of [json, ...(json.oneOf ?? []), ...(json.anyOf ?? [])]) {
    if (typeof branch === "boolean") continue;
    for (const [name, property] of Object.entries(branch.properties ?? {})) {
      if (typeof property === "boolean" || typeof property.maxLength !== "number") continue;
      found.set(name, Math.max(found.get(name) ?? 0, property.maxLength));
    }
  }
  return found;
}

/**
 * A Conform form on the house defaults: the schema validates in the browser as on the server,
 * first on submit, then on every keystroke; the server's answer is `lastResult`.
 */
export function useAppForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Record<string, unknown>;
  } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    // biome-ignore lint/suspicious/noExplicitAny: Conform types default values by the input shape
    defaultValue: options.defaultValue as any,
    constraint: formConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    // First on submit, so that no message appears under a field as focus leaves it for the
    // submit button (it would move the button away from the click); then on every keystroke.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

/** Errors of a field or a form, as Conform carries them: message keys of `validation`. */
export function useErrorText() {
  const { t } = useTranslation("validation");
  const formatDuration = useFormatDuration();
  return (errors: readonly string[] | undefined) => {
    const first = errors?.[0];
    if (!first) return undefined;
    const { key, values } = parseErrorMessage(first);
    // A wait in seconds reads in words, in the page's language.
    const duration =
      typeof values.seconds === "number" ? formatDuration(values.seconds) : undefined;
    return t(key, duration ? { ...values, duration } : values);
  };
}
