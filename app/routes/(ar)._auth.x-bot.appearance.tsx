import type { FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useSearchParams,
} from "react-router";
import { InputField, SelectInput, TextareaInput } from "~/components/form/fields";
import { FormFooter } from "~/components/form/submit-row";
import { RecordForm } from "~/components/records/record-form";
import { StaleVersionAlert } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { Field } from "~/components/ui/input";
import { TextareaField } from "~/components/ui/textarea";
import { WidgetPreview } from "~/components/xbot/widget-preview";
import { XbotNoBot } from "~/components/xbot-section";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm, useErrorText } from "~/lib/app-form";
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
import { useLanguage } from "~/lib/use-language";
import type { Bot } from "~/lib/xbot";
import {
  type Appearance,
  type AppearanceAnswer,
  AppearanceFields,
  accentContrast,
  appearanceFieldOf,
  appearanceFromForm,
  appearanceLimits,
  appearanceOf,
  fonts,
  formatRatio,
  launchers,
  positions,
  previewConfig,
  type Theme,
  themes,
} from "~/lib/xbot-appearance";

export const handle = { title: "pages.xbot.appearance" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const canManage = user.account.currentOrganizationPermissions.includes("bots.manage");
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsPageError);
  if (!bot) return { bot: null, canManage, previewToken: null } as const;
  // Lets the preview talk to a draft; without it, the preview still draws.
  const preview = await api
    .post("/bots/{id}/preview-token", { path: { id: bot.id } })
    .catch(() => null);
  return { bot, canManage, previewToken: preview?.token ?? null } as const;
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
  const submission = parseWithZod(form, { schema: AppearanceFields });
  if (submission.status !== "success") {
    return data<AppearanceAnswer>({ result: submission.reply() }, { status: 422 });
  }
  try {
    await api.patch("/bots/{id}", {
      path: { id },
      body: { version: submission.value.version ?? 0, appearance: appearanceOf(submission.value) },
    });
  } catch (error) {
    if (isApiError(error, 409) && error.code === "STALE_VERSION") {
      return data<AppearanceAnswer>({ stale: true, result: submission.reply() }, { status: 409 });
    }
    if (!isUserError(error) || error.status === 404 || error.status === 409) {
      rethrowAsPageError(error);
    }
    const fields = Object.fromEntries(
      Object.keys({ ...error.fieldCodes, ...error.fields }).map((field) => [
        field,
        appearanceFieldOf(field) ?? field,
      ]),
    );
    const result = replyWithApiError(submission, error, { fields });
    return data<AppearanceAnswer>({ result }, { status: error.status });
  }
  return safeRedirect(`${localizedPath("/x-bot/appearance", language)}?saved=1`);
}

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

/** A choice among a few, as radio buttons with a legend. */
function RadioChoice({
  meta,
  legend,
  options,
  hint,
}: {
  meta: FieldMetadata<unknown>;
  legend: string;
  options: { value: string; label: string }[];
  hint?: ReactNode;
}) {
  const errorText = useErrorText();
  const error = errorText(meta.errors);
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : "";
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${meta.id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="space-y-1.5">
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2.5 text-sm">
            <input
              type="radio"
              name={meta.name}
              value={option.value}
              defaultChecked={initial === option.value}
              className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint ? <p className="text-xs text-text-muted">{hint}</p> : null}
      {error ? (
        <p id={`${meta.id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A list of texts (welcome messages, suggested prompts) as numbered slots: those it holds and one
 * more; with JavaScript, Add opens another, up to the list's limit. Empty slots are dropped.
 */
function ListField({
  name,
  values,
  max,
  maxLength,
  legend,
  hint,
  itemLabel,
  addLabel,
  multiline,
  errors,
}: {
  name: string;
  values: string[];
  max: number;
  maxLength: number;
  legend: string;
  hint: string;
  itemLabel: (number: number) => string;
  addLabel: string;
  multiline: boolean;
  errors: Record<string, string[] | undefined>;
}) {
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const [count, setCount] = useState(Math.min(max, values.length + 1));
  const listError = errorText(errors[name]);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{legend}</legend>
      <p className="text-xs text-text-muted">{hint}</p>
      {Array.from({ length: count }, (_, index) => {
        const props = {
          id: `${name}-${index}`,
          name: `${name}[${index}]`,
          label: itemLabel(index + 1),
          defaultValue: values[index] ?? "",
          maxLength,
          dir: "auto",
          error: errorText(errors[`${name}[${index}]`]),
        };
        return multiline ? (
          <TextareaField key={props.id} rows={2} {...props} />
        ) : (
          <Field key={props.id} autoComplete="off" {...props} />
        );
      })}
      {listError ? <p className="text-xs text-danger">{listError}</p> : null}
      {hydrated && count < max ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            setCount(count + 1);
            // The new slot takes focus once drawn.
            requestAnimationFrame(() => document.getElementById(`${name}-${count}`)?.focus());
          }}
        >
          <Icon name="plus" />
          {addLabel}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The accent's contrast on the widget's background, with a warning under 4.5:1. */
function ContrastNote({ accent, theme }: { accent: string; theme: Theme }) {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  const { ratio, low, background } = accentContrast(accent, theme);
  const formatted = formatRatio(ratio, language);
  return (
    <div aria-live="polite" data-testid="contrast-note">
      {low ? (
        <p className="flex items-start gap-2 rounded-control border border-warning/40 bg-warning/10 p-2 text-xs text-text">
          <Icon name="circle-alert" className="mt-0.5 shrink-0 text-warning" />
          <span>
            {t("appearance.contrast.low", {
              ratio: formatted,
              background: t(`appearance.contrast.backgrounds.${background}`),
            })}
          </span>
        </p>
      ) : (
        <p className="text-xs text-text-muted">
          {t("appearance.contrast.ok", { ratio: formatted })}
        </p>
      )}
    </div>
  );
}

function AppearanceForm({
  bot,
  canManage,
  previewToken,
  answer,
}: {
  bot: Bot;
  canManage: boolean;
  previewToken: string | null;
  answer?: AppearanceAnswer;
}) {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  const saved = bot.appearance;
  const [form, fields] = useAppForm(AppearanceFields, {
    id: "bot-appearance",
    lastResult: answer?.result,
    defaultValue: { ...saved, radius: String(saved.radius) },
  });
  const [openedVersion] = useState(bot.version);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);
  const saving = useIsPending({ intent: "update" });
  const errorText = useErrorText();

  // What the form holds now, unsaved: the preview and the contrast note follow it.
  const [current, setCurrent] = useState<Appearance>(saved);
  const follow = () => {
    if (formRef.current) setCurrent(appearanceFromForm(new FormData(formRef.current), saved));
  };
  const config = useMemo(() => previewConfig(bot, current, language), [bot, current, language]);

  const listValues = (name: "welcomeMessages" | "suggestedPrompts") => {
    const sent = fields[name].initialValue;
    return Array.isArray(sent)
      ? sent.map((item) => (typeof item === "string" ? item : ""))
      : saved[name];
  };
  const accent = fields.accentColor;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
      <Card className="p-6">
        <div onInput={follow} onChange={follow}>
          <RecordForm
            form={form}
            formRef={formRef}
            intent="update"
            id={bot.id}
            version={openedVersion}
          >
            <fieldset disabled={!canManage} className="space-y-8">
              <legend className="sr-only">{t("appearance.title")}</legend>
              <Group id="appearance-look" title={t("appearance.sections.look")}>
                <div className="grid gap-5 md:grid-cols-2">
                  <SelectInput
                    meta={fields.theme}
                    label={t("appearance.fields.theme")}
                    options={themes.map((theme) => ({
                      value: theme,
                      label: t(`appearance.themes.${theme}`),
                    }))}
                  />
                  <div className="space-y-1.5">
                    <div className="flex items-end gap-3">
                      <Field
                        id={accent.id}
                        name={accent.name}
                        type="color"
                        label={t("appearance.fields.accentColor")}
                        defaultValue={
                          typeof accent.initialValue === "string"
                            ? accent.initialValue
                            : saved.accentColor
                        }
                        error={errorText(accent.errors)}
                        className="w-24 [&_input]:cursor-pointer [&_input]:p-1"
                      />
                      <code className="mb-2.5 font-mono text-sm" dir="ltr">
                        {current.accentColor}
                      </code>
                    </div>
                    <ContrastNote accent={current.accentColor} theme={current.theme} />
                  </div>
                  <SelectInput
                    meta={fields.font}
                    label={t("appearance.fields.font")}
                    options={fonts.map((font) => ({
                      value: font,
                      label: t(`appearance.fonts.${font}`),
                      lang: font === "system" ? undefined : "en",
                    }))}
                  />
                  <InputField
                    meta={fields.radius}
                    label={t("appearance.fields.radius")}
                    hint={t("appearance.hints.radius")}
                    type="number"
                    inputMode="numeric"
                    min={appearanceLimits.radius.min}
                    max={appearanceLimits.radius.max}
                    dir="ltr"
                  />
                  <RadioChoice
                    meta={fields.position}
                    legend={t("appearance.fields.position")}
                    options={positions.map((position) => ({
                      value: position,
                      label: t(`appearance.positions.${position}`),
                    }))}
                  />
                  <RadioChoice
                    meta={fields.launcher}
                    legend={t("appearance.fields.launcher")}
                    hint={bot.avatarMediaId ? undefined : t("appearance.avatarMissing")}
                    options={launchers.map((launcher) => ({
                      value: launcher,
                      label: t(`appearance.launchers.${launcher}`),
                    }))}
                  />
                </div>
              </Group>

              <Group id="appearance-header" title={t("appearance.sections.header")}>
                <div className="grid gap-5 md:grid-cols-2">
                  <InputField
                    meta={fields.headerTitle}
                    label={t("appearance.fields.headerTitle")}
                    hint={t("appearance.hints.headerTitle")}
                    placeholder={bot.name}
                    autoComplete="off"
                    dir="auto"
                  />
                  <InputField
                    meta={fields.headerSubtitle}
                    label={t("appearance.fields.headerSubtitle")}
                    autoComplete="off"
                    dir="auto"
                  />
                  <InputField
                    meta={fields.placeholder}
                    label={t("appearance.fields.placeholder")}
                    autoComplete="off"
                    dir="auto"
                  />
                  <InputField
                    meta={fields.footer}
                    label={t("appearance.fields.footer")}
                    autoComplete="off"
                    dir="auto"
                  />
                  <TextareaInput
                    meta={fields.disclaimer}
                    label={t("appearance.fields.disclaimer")}
                    rows={2}
                    dir="auto"
                    className="md:col-span-2"
                  />
                </div>
              </Group>

              <Group id="appearance-messages" title={t("appearance.sections.messages")}>
                <ListField
                  name="welcomeMessages"
                  values={listValues("welcomeMessages")}
                  max={appearanceLimits.welcomeMessages}
                  maxLength={appearanceLimits.welcomeMessage}
                  legend={t("appearance.fields.welcomeMessages")}
                  hint={t("appearance.hints.welcomeMessages", {
                    count: appearanceLimits.welcomeMessages,
                  })}
                  itemLabel={(number) => t("appearance.fields.welcomeMessage", { number })}
                  addLabel={t("appearance.add.welcomeMessages")}
                  multiline
                  errors={form.allErrors}
                />
                <ListField
                  name="suggestedPrompts"
                  values={listValues("suggestedPrompts")}
                  max={appearanceLimits.suggestedPrompts}
                  maxLength={appearanceLimits.suggestedPrompt}
                  legend={t("appearance.fields.suggestedPrompts")}
                  hint={t("appearance.hints.suggestedPrompts", {
                    count: appearanceLimits.suggestedPrompts,
                  })}
                  itemLabel={(number) => t("appearance.fields.suggestedPrompt", { number })}
                  addLabel={t("appearance.add.suggestedPrompts")}
                  multiline={false}
                  errors={form.allErrors}
                />
              </Group>

              <Group id="appearance-css" title={t("appearance.sections.advanced")}>
                <TextareaInput
                  meta={fields.customCss}
                  label={t("appearance.fields.customCss")}
                  hint={t("appearance.hints.customCss")}
                  rows={6}
                  dir="ltr"
                  spellCheck={false}
                  className="[&_textarea]:font-mono"
                />
              </Group>
            </fieldset>
            {canManage ? (
              <FormFooter>
                <Button type="submit" disabled={saving}>
                  {t("appearance.save")}
                </Button>
              </FormFooter>
            ) : (
              <p className="text-sm text-text-muted">{t("appearance.readOnly")}</p>
            )}
          </RecordForm>
        </div>
      </Card>
      <section aria-labelledby="appearance-preview-title" className="space-y-2 lg:sticky lg:top-4">
        <h3 id="appearance-preview-title" className="text-base font-semibold">
          {t("appearance.preview.title")}
        </h3>
        <p className="text-xs text-text-muted">{t("appearance.preview.hint")}</p>
        <WidgetPreview config={config} previewToken={previewToken} />
      </section>
    </div>
  );
}

export default function XbotAppearancePage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const [search] = useSearchParams();
  // A fresh form after each save, which comes back here by a redirect; a change that arrives
  // live keeps what is being typed, and its save is then refused as stale.
  const location = useLocation();
  const { t } = useTranslation("xbot");
  if (!loaded.bot) {
    return <XbotNoBot>{t("appearance.noBot")}</XbotNoBot>;
  }
  return (
    <section aria-labelledby="xbot-appearance-title" className="space-y-4">
      <h2 id="xbot-appearance-title" className="text-lg font-semibold">
        {t("appearance.title")}
      </h2>
      {answer?.stale ? (
        <StaleVersionAlert
          title={t("appearance.stale.title")}
          body={t("appearance.stale.body")}
          reloadTo="/x-bot/appearance"
          reloadLabel={t("appearance.stale.reload")}
        />
      ) : null}
      <FormAlert tone="success">
        {!answer && search.has("saved") ? t("appearance.saved") : null}
      </FormAlert>
      <AppearanceForm
        key={`${loaded.bot.id}:${location.key}`}
        bot={loaded.bot}
        canManage={loaded.canManage}
        previewToken={loaded.previewToken}
        answer={answer}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
