import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ChangeEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import {
  type AiCapability,
  type AiCapabilityStatus,
  AiModelForm,
  aiPresets,
  presetOf,
  presetsFor,
} from "~/lib/ai-models";
import { useAppForm } from "~/lib/app-form";
import type { Organization } from "~/lib/organizations";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { CheckboxInput, InputField, PasswordInput, SelectInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { FormFooter, SubmitButton } from "../form/submit-row";
import { useOnNotice } from "../notice";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";
import { SettingsSection } from "../ui/settings-section";

/** What a test call gave, as the action answers it. */
export type AiTestAnswer = {
  capability: AiCapability;
  ok: boolean;
  latencyMs?: number;
  error?: { code: string; detail?: string; retryAfterSeconds?: number };
};

type Props = {
  organization: Organization;
  capabilities: AiCapabilityStatus[];
  /** The models each capability's own provider lists, suggested in its model field. */
  listedModels?: Partial<Record<AiCapability, string[]>>;
  saveAnswer?: { capability: AiCapability; result: SubmissionResult<string[]> };
  testAnswer?: AiTestAnswer;
  askingToClear?: AiCapability;
};

/**
 * Where each AI capability's model comes from. Owners and admins (ai.manage) give the
 * organization its own model per capability, test it and go back to the deployment's.
 */
export function AiSection({
  organization,
  capabilities,
  listedModels = {},
  saveAnswer,
  testAnswer,
  askingToClear,
}: Props) {
  const { t } = useTranslation("organizations");
  const manager = organization.permissions.includes("ai.manage");
  return (
    <SettingsSection
      id="ai"
      title={t("ai.title")}
      description={t(manager ? "ai.description" : "ai.readOnly")}
    >
      <ul className="-my-4 divide-y divide-border">
        {capabilities.map((status) => (
          <CapabilityRow
            key={status.capability}
            status={status}
            manager={manager}
            listedModels={listedModels[status.capability] ?? []}
            saveResult={
              saveAnswer?.capability === status.capability ? saveAnswer.result : undefined
            }
            test={testAnswer?.capability === status.capability ? testAnswer : undefined}
            askingToClear={askingToClear === status.capability}
          />
        ))}
      </ul>
    </SettingsSection>
  );
}

function CapabilityRow({
  status,
  manager,
  listedModels,
  saveResult,
  test,
  askingToClear,
}: {
  status: AiCapabilityStatus;
  manager: boolean;
  listedModels: string[];
  saveResult?: SubmissionResult<string[]>;
  test?: AiTestAnswer;
  askingToClear: boolean;
}) {
  const { t } = useTranslation("organizations");
  const { capability, source } = status;
  const testing = useIsPending({ intent: "ai-test" });
  const navigation = useNavigation();
  // The row whose test is on its way shows it; the other rows' tests wait for it.
  const testingThis = testing && navigation.formData?.get("capability") === capability;
  const name = t(`ai.capabilities.${capability}`);
  // Once saved, the form closes: the row's status says what is set up now.
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useOnNotice("ai-model-saved", () => {
    if (detailsRef.current) detailsRef.current.open = false;
  });
  const summary = !source ? (
    // Reranking is optional: without it, nothing is refused.
    t(capability === "rerank" ? "ai.status.noneRerank" : "ai.status.none")
  ) : source === "embedded" ? (
    t(`ai.status.embedded.${capability as "embedding" | "speech" | "video"}`)
  ) : (
    <IsolatedMessage
      ns="organizations"
      i18nKey={`ai.status.${source}`}
      values={{ provider: t(`ai.providers.${status.provider}`), model: status.model ?? "" }}
    />
  );

  return (
    <li className="py-4" aria-labelledby={`ai-${capability}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`ai-${capability}-title`} className="font-medium">
            {name}
          </h3>
          <p className="text-sm text-text-muted [overflow-wrap:anywhere]">
            <Icon
              name={source ? "circle-check" : "circle-alert"}
              className={`me-1 inline size-4 align-[-3px] ${source ? "text-success" : "text-text-muted"}`}
            />
            {summary}
          </p>
        </div>
        {manager ? (
          <div className="flex flex-wrap gap-2">
            {source ? (
              <Form method="post" action="." preventScrollReset>
                <input type="hidden" name="intent" value="ai-test" />
                <input type="hidden" name="capability" value={capability} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={testing}
                  aria-label={t("ai.test.button", { name })}
                >
                  <Icon
                    name={testingThis ? "loader-circle" : "sparkles"}
                    className={testingThis ? "animate-spin" : undefined}
                  />
                  {t("ai.test.short")}
                </Button>
              </Form>
            ) : null}
            {source === "organization" ? (
              <ConfirmDialog
                intent="ai-clear"
                fields={{ capability }}
                asking={askingToClear}
                tone="danger"
                title={t("ai.clear.title", { name })}
                description={t("ai.clear.description")}
                confirmLabel={t("ai.clear.confirm")}
                cancelLabel={t("common:actions.cancel")}
                trigger={
                  <Button
                    type="submit"
                    variant="secondary"
                    size="sm"
                    aria-label={t("ai.clear.button", { name })}
                  >
                    <Icon name="refresh-cw" />
                    {t("ai.clear.short")}
                  </Button>
                }
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {test ? <TestResult test={test} /> : null}
      {manager ? (
        <details ref={detailsRef} className="group mt-3" open={Boolean(saveResult)}>
          <summary className="inline-flex cursor-pointer items-center gap-1 rounded-control text-sm font-medium text-primary">
            <Icon
              name="chevron-down"
              className="size-4 transition-transform group-open:rotate-180"
            />
            {t(status.own ? "ai.form.edit" : "ai.form.setUp", { name })}
          </summary>
          <ModelForm status={status} listedModels={listedModels} lastResult={saveResult} />
        </details>
      ) : null}
    </li>
  );
}

function TestResult({ test }: { test: AiTestAnswer }) {
  const { t } = useTranslation("organizations");
  if (test.ok) {
    return (
      <p role="status" className="mt-2 text-sm text-success">
        {t("ai.test.ok", { ms: test.latencyMs ?? 0 })}
      </p>
    );
  }
  const code = test.error?.code ?? "AI_BAD_RESPONSE";
  return (
    <div
      role="alert"
      className="mt-2 rounded-control border border-danger/40 bg-danger/5 p-3 text-sm"
    >
      <p className="font-medium text-danger">
        {t(`ai.errors.${code}`, { defaultValue: t("ai.errors.AI_BAD_RESPONSE") })}
      </p>
      {test.error?.detail ? (
        <p className="mt-1 text-text-muted [overflow-wrap:anywhere]">
          {t("ai.test.providerSaid")} <bdi>{test.error.detail}</bdi>
        </p>
      ) : null}
    </div>
  );
}

function ModelForm({
  status,
  listedModels,
  lastResult,
}: {
  status: AiCapabilityStatus;
  /** What the saved provider lists: suggestions, any other model may be typed. */
  listedModels: string[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("organizations");
  const { capability, own } = status;
  const [form, fields] = useAppForm(AiModelForm, {
    id: `ai-model-${capability}`,
    lastResult,
    defaultValue: {
      capability,
      preset: own ? presetOf(own.provider, own.baseUrl) : presetsFor(capability)[0],
      baseUrl: own?.baseUrl ?? "",
      model: own?.model ?? "",
    },
  });
  const saving = useIsPending({ intent: "ai-save" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, lastResult);
  // A saved key is not left typed in the field.
  useOnNotice("ai-model-saved", () => formRef.current?.reset());

  // A preset fills its address, unless one of the user's own is typed there.
  function fillAddress(event: ChangeEvent<HTMLSelectElement>) {
    const input = formRef.current?.elements.namedItem("baseUrl");
    const preset = aiPresets[event.currentTarget.value as keyof typeof aiPresets];
    if (!(input instanceof HTMLInputElement) || !preset) return;
    const known = Object.values(aiPresets).some((other) => other.baseUrl === input.value);
    if (input.value === "" || known) input.value = preset.baseUrl;
  }

  return (
    <Form
      ref={formRef}
      method="post"
      action="."
      preventScrollReset
      className="mt-4 grid gap-4 sm:grid-cols-2"
      {...getFormProps(form)}
      noValidate
    >
      <input type="hidden" name="intent" value="ai-save" />
      <input type="hidden" name="capability" value={capability} />
      <div className="sm:col-span-2">
        <FormErrors errors={form.errors} />
      </div>
      <SelectInput
        meta={fields.preset}
        label={t("ai.form.preset")}
        options={presetsFor(capability).map((preset) => ({
          value: preset,
          label: t(`ai.presets.${preset}`),
        }))}
        onChange={fillAddress}
      />
      <InputField
        meta={fields.baseUrl}
        label={t("ai.form.baseUrl")}
        hint={t("ai.form.baseUrlHint")}
        type="url"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
      />
      <div>
        <InputField
          meta={fields.model}
          label={t("ai.form.model")}
          hint={
            listedModels.length ? t("ai.form.modelListed") : t(`ai.form.modelHint.${capability}`)
          }
          list={listedModels.length ? `ai-${capability}-models` : undefined}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
        />
        {listedModels.length ? (
          <datalist id={`ai-${capability}-models`}>
            {listedModels.map((model) => (
              <option key={model} value={model} />
            ))}
          </datalist>
        ) : null}
      </div>
      <PasswordInput
        meta={fields.apiKey}
        label={t("ai.form.apiKey")}
        hint={
          own?.keyHint ? (
            <IsolatedMessage
              ns="organizations"
              i18nKey="ai.form.apiKeyStored"
              values={{ hint: own.keyHint }}
            />
          ) : (
            t("ai.form.apiKeyHint")
          )
        }
        autoComplete="off"
      />
      {own?.keyHint ? (
        <div className="sm:col-span-2">
          <CheckboxInput meta={fields.removeKey} value="true" label={t("ai.form.removeKey")} />
        </div>
      ) : null}
      <FormFooter className="sm:col-span-2">
        <SubmitButton pending={saving}>
          {t("ai.form.save", { name: t(`ai.capabilities.${capability}`) })}
        </SubmitButton>
      </FormFooter>
    </Form>
  );
}
