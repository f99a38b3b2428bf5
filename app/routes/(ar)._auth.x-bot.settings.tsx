import { parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useSearchParams,
} from "react-router";
import { CheckboxInput, InputField, SelectInput, TextareaInput } from "~/components/form/fields";
import { FormFooter } from "~/components/form/submit-row";
import { LocalizedLink } from "~/components/localized-link";
import { RecordForm } from "~/components/records/record-form";
import { StaleVersionAlert } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { SelectField } from "~/components/ui/select";
import { XbotNoBot } from "~/components/xbot-section";
import { modelChoices } from "~/lib/ai-models.server";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useHydrated } from "~/lib/use-hydrated";
import { useIsPending } from "~/lib/use-is-pending";
import type { Bot } from "~/lib/xbot";
import {
  type BotSettingsAnswer,
  BotSettingsFields,
  botAnswerLengths,
  botSettingsLimits,
  chatModelState,
  type InstructionTemplate,
  instructionTemplates,
  modelOptions,
  settingsApiFields,
  settingsChanges,
} from "~/lib/xbot-settings";

export const handle = { title: "pages.xbot.settings" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const permissions = user.account.currentOrganizationPermissions;
  const organizationId = user.account.currentOrganizationId;
  const canManage = permissions.includes("bots.manage");
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsPageError);
  if (!bot) return { bot: null, canManage } as const;
  const [chat, choices] = await Promise.all([
    organizationId
      ? api
          .get("/organizations/{id}/ai", { path: { id: organizationId } })
          .then(({ items }) => items.find((item) => item.capability === "chat") ?? null)
          .catch(() => undefined)
      : undefined,
    modelChoices(api, organizationId, "chat"),
  ]);
  return {
    bot,
    canManage,
    chat: chatModelState(chat),
    models: modelOptions(choices.models, bot.chatModel),
    aiSettings:
      organizationId && permissions.includes("ai.manage")
        ? `/account/organization/${organizationId}/ai`
        : null,
  } as const;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.manage");
  const language = pageLanguage(request);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  if (form.get("intent") !== "update") throw badRequest();
  const id = String(form.get("id") ?? "");
  if (!id) throw badRequest();
  const submission = parseWithZod(form, { schema: BotSettingsFields });
  if (submission.status !== "success") {
    return data<BotSettingsAnswer>({ result: submission.reply() }, { status: 422 });
  }
  try {
    await api.patch("/bots/{id}", { path: { id }, body: settingsChanges(submission.value) });
  } catch (error) {
    if (isApiError(error, 409) && error.code === "STALE_VERSION") {
      return data<BotSettingsAnswer>({ stale: true, result: submission.reply() }, { status: 409 });
    }
    if (!isUserError(error) || error.status === 404 || error.status === 409) {
      rethrowAsPageError(error);
    }
    const result = replyWithApiError(submission, error, { fields: settingsApiFields });
    return data<BotSettingsAnswer>({ result }, { status: error.status });
  }
  return safeRedirect(`${localizedPath("/x-bot/settings", language)}?saved=1`);
}

/** One titled group of the form. */
function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * Starter instructions (with JavaScript): choosing one fills the instructions in the page's
 * language, and Undo brings back what they held.
 */
function TemplatePicker({ textareaId }: { textareaId: string }) {
  const { t } = useTranslation("xbot");
  const [chosen, setChosen] = useState<InstructionTemplate | "">("");
  const [filled, setFilled] = useState<{ name: string; before: string } | null>(null);
  const setText = (value: string) => {
    const textarea = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    if (!textarea) return;
    // Through the element's own setter, so that the form hears the change as typing.
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    setter?.call(textarea, value);
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    return textarea;
  };
  return (
    <div className="space-y-2 rounded-control border border-border bg-surface-muted p-3">
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          id="instruction-template"
          label={t("settings.templates.label")}
          hint={t("settings.templates.hint")}
          className="min-w-56 flex-1"
          value={chosen}
          onChange={(event) => setChosen(event.target.value as InstructionTemplate | "")}
          options={[
            { value: "", label: t("settings.templates.choose") },
            ...instructionTemplates.map((name) => ({
              value: name,
              label: t(`settings.templates.names.${name}`),
            })),
          ]}
        />
        <Button
          type="button"
          variant="secondary"
          className="mb-6"
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            const textarea = document.getElementById(textareaId) as HTMLTextAreaElement | null;
            const before = textarea?.value ?? "";
            setText(t(`settings.templates.bodies.${chosen}`));
            setFilled({ name: t(`settings.templates.names.${chosen}`), before });
          }}
        >
          <Icon name="sparkles" />
          {t("settings.templates.use")}
        </Button>
      </div>
      <div aria-live="polite">
        {filled ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span>{t("settings.templates.filled", { name: filled.name })}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setText(filled.before)?.focus();
                setFilled(null);
              }}
            >
              <Icon name="undo-2" />
              {t("settings.templates.undo")}
            </Button>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function NoModelNotice({ aiSettings }: { aiSettings: string | null }) {
  const { t } = useTranslation("xbot");
  return (
    <div
      role="note"
      data-testid="no-chat-model"
      className="flex items-start gap-3 rounded-card border border-warning/40 bg-warning/10 p-4 text-sm text-text"
    >
      <Icon name="circle-alert" className="mt-0.5 shrink-0 text-warning" />
      <div className="space-y-1">
        <p className="font-medium">{t("settings.noModel.title")}</p>
        <p>{t("settings.noModel.body")}</p>
        {aiSettings ? (
          <LocalizedLink to={aiSettings} className="font-medium text-accent underline">
            {t("settings.noModel.link")}
          </LocalizedLink>
        ) : (
          <p>{t("settings.noModel.ask")}</p>
        )}
      </div>
    </div>
  );
}

function SettingsForm({
  bot,
  canManage,
  defaultModel,
  models,
  answer,
}: {
  bot: Bot;
  canManage: boolean;
  defaultModel: string | null;
  models: string[];
  answer?: BotSettingsAnswer;
}) {
  const { t } = useTranslation("xbot");
  const hydrated = useHydrated();
  const [form, fields] = useAppForm(BotSettingsFields, {
    id: "bot-settings",
    lastResult: answer?.result,
    defaultValue: {
      chatModel: bot.chatModel ?? "",
      temperature: String(bot.temperature),
      answerLength: bot.answerLength,
      instructions: bot.instructions,
      knowledgeOnly: bot.knowledgeOnly ? "on" : undefined,
      fallbackMessage: bot.fallbackMessage,
      rateLimitMessages: String(bot.rateLimit.messages),
      rateLimitSeconds: String(bot.rateLimit.seconds),
      dailyMessageCap: String(bot.dailyMessageCap),
      maxMessageLength: String(bot.maxMessageLength),
      retentionDays: String(bot.retentionDays),
    },
  });
  const [openedVersion] = useState(bot.version);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);
  const saving = useIsPending({ intent: "update" });
  const limits = botSettingsLimits;
  const modelHint = defaultModel
    ? t("settings.hints.chatModelDefault", { model: defaultModel })
    : t("settings.hints.chatModelNone");
  const numeric = { type: "number" as const, inputMode: "numeric" as const, dir: "ltr" };
  return (
    <RecordForm form={form} formRef={formRef} intent="update" id={bot.id} version={openedVersion}>
      <fieldset disabled={!canManage} className="space-y-8">
        <legend className="sr-only">{t("settings.title")}</legend>
        <Group id="settings-model" title={t("settings.sections.model")}>
          <div className="grid gap-5 md:grid-cols-3">
            {models.length ? (
              <SelectInput
                meta={fields.chatModel}
                label={t("settings.fields.chatModel")}
                options={[
                  {
                    value: "",
                    label: defaultModel
                      ? `${t("settings.defaultModel")} (${defaultModel})`
                      : t("settings.defaultModel"),
                  },
                  ...models.map((model) => ({ value: model, label: model })),
                ]}
              />
            ) : (
              <InputField
                meta={fields.chatModel}
                label={t("settings.fields.chatModel")}
                hint={modelHint}
                placeholder={defaultModel ?? ""}
                autoComplete="off"
                dir="ltr"
              />
            )}
            <InputField
              meta={fields.temperature}
              label={t("settings.fields.temperature")}
              hint={t("settings.hints.temperature")}
              type="number"
              inputMode="decimal"
              step="0.1"
              min={limits.temperature.min}
              max={limits.temperature.max}
              dir="ltr"
            />
            <SelectInput
              meta={fields.answerLength}
              label={t("settings.fields.answerLength")}
              options={botAnswerLengths.map((length) => ({
                value: length,
                label: t(`settings.answerLengths.${length}`),
              }))}
            />
          </div>
        </Group>

        <Group id="settings-instructions" title={t("settings.sections.instructions")}>
          {hydrated && canManage ? <TemplatePicker textareaId={fields.instructions.id} /> : null}
          <TextareaInput
            meta={fields.instructions}
            label={t("settings.fields.instructions")}
            hint={t("settings.hints.instructions")}
            rows={10}
            dir="auto"
          />
        </Group>

        <Group id="settings-knowledge" title={t("settings.sections.knowledge")}>
          <div className="space-y-1">
            <CheckboxInput
              meta={fields.knowledgeOnly}
              label={t("settings.fields.knowledgeOnly")}
              aria-describedby="knowledge-only-hint"
            />
            <p id="knowledge-only-hint" className="ms-6.5 text-xs text-text-muted">
              {t("settings.hints.knowledgeOnly")}
            </p>
          </div>
          <TextareaInput
            meta={fields.fallbackMessage}
            label={t("settings.fields.fallbackMessage")}
            hint={t("settings.hints.fallbackMessage")}
            rows={3}
            dir="auto"
          />
        </Group>

        <Group id="settings-limits" title={t("settings.sections.limits")}>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("settings.fields.rateLimit")}</legend>
            <div className="grid gap-5 sm:grid-cols-2 md:max-w-xl">
              <InputField
                meta={fields.rateLimitMessages}
                label={t("settings.fields.rateLimitMessages")}
                min={limits.rateLimitMessages.min}
                max={limits.rateLimitMessages.max}
                {...numeric}
              />
              <InputField
                meta={fields.rateLimitSeconds}
                label={t("settings.fields.rateLimitSeconds")}
                min={limits.rateLimitSeconds.min}
                max={limits.rateLimitSeconds.max}
                {...numeric}
              />
            </div>
            <p className="text-xs text-text-muted">{t("settings.hints.rateLimit")}</p>
          </fieldset>
          <div className="grid gap-5 md:grid-cols-3">
            <InputField
              meta={fields.dailyMessageCap}
              label={t("settings.fields.dailyMessageCap")}
              hint={t("settings.hints.dailyMessageCap")}
              min={limits.dailyMessageCap.min}
              max={limits.dailyMessageCap.max}
              {...numeric}
            />
            <InputField
              meta={fields.maxMessageLength}
              label={t("settings.fields.maxMessageLength")}
              hint={t("settings.hints.maxMessageLength")}
              min={limits.maxMessageLength.min}
              max={limits.maxMessageLength.max}
              {...numeric}
            />
            <InputField
              meta={fields.retentionDays}
              label={t("settings.fields.retentionDays")}
              hint={t("settings.hints.retentionDays")}
              min={limits.retentionDays.min}
              max={limits.retentionDays.max}
              {...numeric}
            />
          </div>
        </Group>
      </fieldset>
      {canManage ? (
        <FormFooter>
          <Button type="submit" disabled={saving}>
            {t("settings.save")}
          </Button>
        </FormFooter>
      ) : (
        <p className="text-sm text-text-muted">{t("settings.readOnly")}</p>
      )}
    </RecordForm>
  );
}

export default function XbotSettingsPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const [search] = useSearchParams();
  // A fresh form after each save, which comes back here by a redirect; a change that arrives
  // live keeps what is being typed, and its save is then refused as stale.
  const location = useLocation();
  const { t } = useTranslation("xbot");
  if (!loaded.bot) {
    return <XbotNoBot>{t("settings.noBot")}</XbotNoBot>;
  }
  return (
    <section aria-labelledby="xbot-settings-title" className="space-y-4">
      <h2 id="xbot-settings-title" className="text-lg font-semibold">
        {t("settings.title")}
      </h2>
      {loaded.chat && !loaded.chat.configured ? (
        <NoModelNotice aiSettings={loaded.aiSettings} />
      ) : null}
      {answer?.stale ? (
        <StaleVersionAlert
          title={t("settings.stale.title")}
          body={t("settings.stale.body")}
          reloadTo="/x-bot/settings"
          reloadLabel={t("settings.stale.reload")}
        />
      ) : null}
      <FormAlert tone="success">
        {!answer && search.has("saved") ? t("settings.saved") : null}
      </FormAlert>
      <Card className="p-6">
        <SettingsForm
          key={`${loaded.bot.id}:${location.key}`}
          bot={loaded.bot}
          canManage={loaded.canManage}
          defaultModel={loaded.chat?.defaultModel ?? null}
          models={loaded.models}
          answer={answer}
        />
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
