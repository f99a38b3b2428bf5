import { getFormProps } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import {
  type WorkspaceColor,
  WorkspaceFields,
  type WorkspaceFormAnswer,
  workspaceColors,
  workspaceSwatches,
} from "~/lib/workspaces";
import { InputField, TextareaInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";

/** Name, description and colour: the create form on /workspaces and the edit form of one. */
export function WorkspaceForm({
  intent,
  initial,
  result,
  submitLabel,
}: {
  intent: "create" | "update";
  initial?: { name: string; description: string; color: WorkspaceColor };
  /** The page's answer; only the answer to this form's intent is taken. */
  result?: WorkspaceFormAnswer;
  submitLabel: string;
}) {
  const { t } = useTranslation("workspaces");
  const errorText = useErrorText();
  const answer = result?.intent === intent ? result : undefined;
  const [form, fields] = useAppForm(WorkspaceFields, {
    id: `workspace-${intent}`,
    lastResult: answer?.result,
    defaultValue: initial
      ? { name: initial.name, description: initial.description, color: initial.color }
      : { color: "indigo" },
  });
  const submitting = useIsPending({ intent });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);
  const chosen = fields.color.initialValue ?? "indigo";
  const colorError = errorText(fields.color.errors);

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      className="space-y-5"
      {...getFormProps(form)}
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} />
      <InputField meta={fields.name} label={t("fields.name")} autoComplete="off" />
      <TextareaInput meta={fields.description} label={t("fields.description")} rows={3} />
      <fieldset
        className="space-y-2"
        aria-describedby={colorError ? fields.color.errorId : undefined}
      >
        <legend className="text-sm font-medium">{t("fields.color")}</legend>
        <div key={fields.color.key} className="flex flex-wrap gap-2">
          {workspaceColors.map((color) => (
            <label key={color} className="cursor-pointer">
              <input
                type="radio"
                name={fields.color.name}
                value={color}
                defaultChecked={chosen === color}
                className="peer sr-only"
              />
              <span
                className={cx(
                  "block size-8 rounded-full ring-offset-2 ring-offset-surface peer-checked:ring-2 peer-checked:ring-text peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-[var(--color-focus)]",
                  workspaceSwatches[color],
                )}
              />
              <span className="sr-only">{t(`colors.${color}`)}</span>
            </label>
          ))}
        </div>
        {colorError ? (
          <p id={fields.color.errorId} className="text-xs text-danger">
            {colorError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex items-center justify-end gap-3 border-t border-border pt-4">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
