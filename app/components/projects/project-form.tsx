import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppForm, useErrorText } from "~/lib/app-form";
import {
  budgetCurrencies,
  type Project,
  ProjectFields,
  type ProjectFormAnswer,
  projectStatuses,
} from "~/lib/projects";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import type { Choice } from "../clients/client-form";
import { ChoiceSearchInput, useChoiceSearch } from "../form/choice-search";
import { InputField, SelectInput, TextareaInput } from "../form/fields";
import { FormFooter } from "../form/submit-row";
import { RecordForm, TagsField, WorkspaceSelect } from "../records/record-form";
import { Button } from "../ui/button";

/** Every field of a project: the create form and the edit form. */
export function ProjectForm({
  intent,
  initial,
  defaultClientId,
  result,
  clients,
  clientsTotal,
  members,
  workspaces,
  submitLabel,
  cancel,
}: {
  intent: "create" | "update";
  initial?: Project;
  /** A new project started from a client's page is for that client. */
  defaultClientId?: string;
  result?: ProjectFormAnswer;
  clients: Choice[];
  /** How many clients there are: past the ones in `clients`, the picker searches. */
  clientsTotal: number;
  members: Choice[];
  workspaces: Choice[];
  submitLabel: string;
  cancel?: React.ReactNode;
}) {
  const { t } = useTranslation("projects");
  const clientSearch = useChoiceSearch(
    "clients",
    clients,
    clientsTotal,
    initial?.client ? { value: initial.client.id, label: initial.client.name } : null,
  );
  const errorText = useErrorText();
  const answer = result?.intent === intent ? result : undefined;
  const [form, fields] = useAppForm(ProjectFields, {
    id: `project-${intent}`,
    lastResult: answer?.result,
    defaultValue: initial
      ? {
          name: initial.name,
          status: initial.status,
          clientId: initial.client?.id ?? "",
          workspaceId: initial.workspace?.id ?? "",
          startDate: initial.startDate ?? "",
          dueDate: initial.dueDate ?? "",
          budgetAmount: initial.budget ? String(initial.budget.amount) : "",
          currency: initial.budget?.currency ?? "SAR",
          memberIds: initial.members.map((member) => member.id),
          tags: initial.tags.join(", "),
          description: initial.description,
        }
      : { status: "planned", currency: "SAR", clientId: defaultClientId ?? "" },
  });
  // The version the form was opened on, kept while the page refreshes live (see ClientForm).
  const [openedVersion] = useState(initial?.version);
  const submitting = useIsPending({ intent });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);
  const chosenMembers = new Set(
    (fields.memberIds.initialValue as string[] | string | undefined) ?? [],
  );
  const currencyOptions = budgetCurrencies.map((code) => ({ value: code, label: code }));
  const membersError = errorText(fields.memberIds.errors);

  return (
    <RecordForm form={form} formRef={formRef} intent={intent} version={openedVersion}>
      <div className="grid gap-5 md:grid-cols-2">
        <InputField
          meta={fields.name}
          label={t("fields.name")}
          autoComplete="off"
          className="md:col-span-2"
        />
        <SelectInput
          meta={fields.status}
          label={t("fields.status")}
          options={projectStatuses.map((status) => ({
            value: status,
            label: t(`statuses.${status}`),
          }))}
        />
        <div className="space-y-1.5">
          <SelectInput
            meta={fields.clientId}
            label={t("fields.client")}
            options={[{ value: "", label: t("noClient") }, ...clientSearch.options]}
            onChange={clientSearch.onSelect}
          />
          {clientSearch.searchable ? (
            <ChoiceSearchInput
              label={t("findClient")}
              value={clientSearch.query}
              onChange={clientSearch.setQuery}
              controls={fields.clientId.id}
            />
          ) : null}
        </div>
        <InputField meta={fields.startDate} type="date" label={t("fields.startDate")} />
        <InputField meta={fields.dueDate} type="date" label={t("fields.dueDate")} />
        <InputField
          meta={fields.budgetAmount}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          label={t("fields.budget")}
          hint={t("hints.budget")}
          dir="ltr"
        />
        <SelectInput
          meta={fields.currency}
          label={t("fields.currency")}
          options={currencyOptions}
        />
        <WorkspaceSelect ns="projects" meta={fields.workspaceId} workspaces={workspaces} />
        <TagsField ns="projects" meta={fields.tags} />
        <fieldset
          className="space-y-2 md:col-span-2"
          aria-describedby={membersError ? fields.memberIds.errorId : undefined}
        >
          <legend className="text-sm font-medium">{t("fields.members")}</legend>
          <div key={fields.memberIds.key} className="flex flex-wrap gap-x-6 gap-y-2">
            {members.map((member) => (
              <label key={member.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.memberIds.name}
                  value={member.value}
                  defaultChecked={chosenMembers.has(member.value)}
                  className="size-4 rounded border-border accent-[var(--color-accent)]"
                />
                {member.label}
              </label>
            ))}
          </div>
          {membersError ? (
            <p id={fields.memberIds.errorId} className="text-xs text-danger">
              {membersError}
            </p>
          ) : null}
        </fieldset>
        <TextareaInput
          meta={fields.description}
          label={t("fields.description")}
          rows={5}
          dir="auto"
          className="md:col-span-2"
        />
      </div>
      <FormFooter>
        {cancel}
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </FormFooter>
    </RecordForm>
  );
}
