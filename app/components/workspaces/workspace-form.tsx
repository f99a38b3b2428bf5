import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import {
  type WorkspaceColor,
  type WorkspaceFieldName,
  workspaceColors,
  workspaceDescriptionMax,
  workspaceNameMax,
  workspaceSwatches,
} from "~/lib/workspaces";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { FormAlert } from "../ui/form-alert";
import { Field } from "../ui/input";

export type WorkspaceFormResult = {
  intent: "create" | "update";
  values: { name: string; description: string; color: string };
  /** Translation keys, by field. */
  fieldErrors?: Partial<Record<WorkspaceFieldName, string>>;
  formError?: string;
};

/** Name, description and colour: the create form on /workspaces and the edit form of one. */
export function WorkspaceForm({
  intent,
  initial,
  result,
  submitLabel,
}: {
  intent: "create" | "update";
  initial?: { name: string; description: string; color: WorkspaceColor };
  result?: WorkspaceFormResult;
  submitLabel: string;
}) {
  const { t } = useTranslation("workspaces");
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const values = result?.values ?? initial;
  const errors = result?.fieldErrors ?? {};
  const error = (field: WorkspaceFieldName) => (errors[field] ? t(errors[field]) : undefined);
  const chosen = values?.color ?? "indigo";
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <Form ref={formRef} method="post" noValidate preventScrollReset className="space-y-5">
      <input type="hidden" name="intent" value={intent} />
      <FormAlert>{result?.formError ? t(result.formError) : null}</FormAlert>
      <Field
        label={t("fields.name")}
        name="name"
        required
        maxLength={workspaceNameMax}
        autoComplete="off"
        defaultValue={values?.name}
        error={error("name")}
      />
      <div className="space-y-1.5">
        <label htmlFor={`${intent}-description`} className="block text-sm font-medium">
          {t("fields.description")}
        </label>
        <textarea
          id={`${intent}-description`}
          name="description"
          rows={3}
          maxLength={workspaceDescriptionMax}
          defaultValue={values?.description}
          aria-invalid={error("description") ? true : undefined}
          aria-describedby={error("description") ? `${intent}-description-error` : undefined}
          className="block w-full rounded-control border border-border bg-surface px-3 py-2 text-sm text-text aria-[invalid=true]:border-danger"
        />
        {error("description") ? (
          <p id={`${intent}-description-error`} className="text-xs text-danger">
            {error("description")}
          </p>
        ) : null}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("fields.color")}</legend>
        <div className="flex flex-wrap gap-2">
          {workspaceColors.map((color) => (
            <label key={color} className="cursor-pointer">
              <input
                type="radio"
                name="color"
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
        {error("color") ? <p className="text-xs text-danger">{error("color")}</p> : null}
      </fieldset>
      <div className="flex items-center justify-end gap-3 border-t border-border pt-4">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
