import { getInputProps } from "@conform-to/react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppForm, useErrorText } from "~/lib/app-form";
import {
  type Character,
  CharacterFields,
  type CharacterFormAnswer,
  characterDefaults,
  characterLimits,
  characterVisibilities,
} from "~/lib/characters";
import { clientInitials } from "~/lib/clients";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { CheckboxInput, InputField, SelectInput, TextareaInput } from "../form/fields";
import { ImageField, useImagePicker } from "../image-input";
import { RecordForm } from "../records/record-form";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <legend className="float-start mb-1 w-full text-sm font-semibold text-text">{title}</legend>
      {hint ? <p className="clear-both text-xs text-text-muted">{hint}</p> : null}
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

/**
 * Every field of a Character Card V2, the avatar first: the create form (`?new=1`) and the edit
 * form of one's own character. Multipart, so that the avatar goes with the rest; the lists
 * (alternate greetings, lorebook entries) grow and shrink in the browser, or through the server
 * without JavaScript.
 */
export function CharacterForm({
  intent,
  action,
  initial,
  result,
  models,
  voices,
  cancel,
}: {
  intent: "create" | "update";
  /** Where the form posts: the page as it is, so that its answer shows in the same panel. */
  action: string;
  initial?: Character;
  result?: CharacterFormAnswer;
  models: string[];
  voices: string[];
  cancel: ReactNode;
}) {
  const { t } = useTranslation("characters");
  const errorText = useErrorText();
  const answer = result?.intent === intent ? result : undefined;
  const [form, fields] = useAppForm(CharacterFields, {
    id: `character-${intent}`,
    lastResult: answer?.result,
    defaultValue: characterDefaults(initial),
  });
  // The version the form was opened on, kept while the page's data refreshes live: a save on it
  // after a change made elsewhere is refused (409) instead of overwriting that change unseen.
  const [openedVersion] = useState(initial?.version);
  const version = answer?.version ?? openedVersion;
  const submitting = useIsPending({ intent, formAction: action });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);

  const picker = useImagePicker();
  const avatarMessage = picker.error ? t(picker.error) : errorText(fields.avatar.errors);
  const shownAvatar = picker.shown(initial?.avatarUrl ?? null);
  const greetings = fields.alternateGreetings.getFieldList();
  const entries = fields.book.getFieldList();

  return (
    <RecordForm
      form={form}
      formRef={formRef}
      intent={intent}
      action={action}
      id={initial?.id}
      version={version}
      multipart
    >
      <Section title={t("sections.identity")}>
        <ImageField
          className="flex-wrap"
          preview={
            <Avatar
              src={shownAvatar}
              fallback={clientInitials(fields.name.value ?? initial?.name ?? "") || "?"}
              className="size-20 text-xl"
              alt={shownAvatar ? t("avatar.preview") : ""}
            />
          }
          picker={picker}
          name={fields.avatar.name}
          removeName={fields.removeAvatar.name}
          hasImage={Boolean(initial?.avatarUrl)}
          error={avatarMessage}
          labels={{
            label: t("fields.avatar"),
            hint: t("hints.avatar"),
            chooseLabel: t("avatar.choose"),
            noFileLabel: t("avatar.noFile"),
          }}
          removeLabel={t("avatar.remove")}
        />
        <InputField
          meta={fields.name}
          label={t("fields.name")}
          autoComplete="off"
          dir="auto"
          data-autofocus
        />
        <TextareaInput
          meta={fields.description}
          label={t("fields.description")}
          hint={t("hints.description")}
          rows={4}
          dir="auto"
        />
        <InputField
          meta={fields.tags}
          label={t("fields.tags")}
          hint={t("hints.tags", { count: characterLimits.tags })}
          autoComplete="off"
          dir="auto"
        />
        <SelectInput
          meta={fields.visibility}
          label={t("fields.visibility")}
          hint={t("hints.visibility")}
          options={characterVisibilities.map((visibility) => ({
            value: visibility,
            label: t(`visibility.${visibility}`),
          }))}
        />
      </Section>

      <Section title={t("sections.persona")}>
        <TextareaInput
          meta={fields.personality}
          label={t("fields.personality")}
          hint={t("hints.personality")}
          rows={3}
          dir="auto"
        />
        <TextareaInput
          meta={fields.scenario}
          label={t("fields.scenario")}
          hint={t("hints.scenario")}
          rows={3}
          dir="auto"
        />
      </Section>

      <Section title={t("sections.conversation")}>
        <TextareaInput
          meta={fields.firstMessage}
          label={t("fields.firstMessage")}
          hint={t("hints.firstMessage")}
          rows={3}
          dir="auto"
        />
        <div className="space-y-3">
          <h3 className="text-sm font-medium">{t("fields.alternateGreetings")}</h3>
          {greetings.length === 0 ? (
            <p className="text-xs text-text-muted">{t("hints.alternateGreetings")}</p>
          ) : (
            <ol className="space-y-3">
              {greetings.map((greeting, index) => (
                <li key={greeting.key} className="flex items-start gap-2">
                  <TextareaInput
                    meta={greeting}
                    label={t("fields.greeting", { number: index + 1 })}
                    rows={2}
                    dir="auto"
                    className="min-w-0 flex-1"
                  />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    className="mt-7"
                    aria-label={t("actions.removeGreeting", { number: index + 1 })}
                    title={t("actions.removeGreeting", { number: index + 1 })}
                    {...form.remove.getButtonProps({
                      name: fields.alternateGreetings.name,
                      index,
                    })}
                  >
                    <Icon name="trash-2" />
                  </Button>
                </li>
              ))}
            </ol>
          )}
          {fields.alternateGreetings.errors ? (
            <p className="text-xs text-danger">{errorText(fields.alternateGreetings.errors)}</p>
          ) : null}
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            disabled={greetings.length >= characterLimits.greetings}
            {...form.insert.getButtonProps({ name: fields.alternateGreetings.name })}
          >
            <Icon name="plus" />
            {t("actions.addGreeting")}
          </Button>
        </div>
        <TextareaInput
          meta={fields.exampleMessages}
          label={t("fields.exampleMessages")}
          hint={t("hints.exampleMessages", { char: "{{char}}", user: "{{user}}" })}
          rows={4}
          dir="auto"
        />
      </Section>

      <Section title={t("sections.instructions")}>
        <TextareaInput
          meta={fields.systemPrompt}
          label={t("fields.systemPrompt")}
          hint={t("hints.systemPrompt")}
          rows={3}
          dir="auto"
        />
        <TextareaInput
          meta={fields.postHistoryInstructions}
          label={t("fields.postHistoryInstructions")}
          hint={t("hints.postHistoryInstructions")}
          rows={2}
          dir="auto"
        />
      </Section>

      <Section title={t("sections.lorebook")} hint={t("hints.lorebook")}>
        {entries.length === 0 ? null : (
          <ol className="space-y-3">
            {entries.map((entry, index) => {
              const entryFields = entry.getFieldset();
              return (
                <li
                  key={entry.key}
                  className="space-y-3 rounded-control border border-border bg-surface-muted/40 p-4"
                >
                  <div className="flex items-center justify-between gap-3">
                    <h3 className="text-sm font-medium">
                      {t("fields.entry", { number: index + 1 })}
                    </h3>
                    <Button
                      type="submit"
                      variant="ghost"
                      size="sm"
                      aria-label={t("actions.removeEntry", { number: index + 1 })}
                      {...form.remove.getButtonProps({ name: fields.book.name, index })}
                    >
                      <Icon name="trash-2" />
                      {t("actions.remove")}
                    </Button>
                  </div>
                  <input
                    {...getInputProps(entryFields.source, { type: "hidden" })}
                    key={entryFields.source.key}
                  />
                  <InputField
                    meta={entryFields.keys}
                    label={t("fields.entryKeys", { number: index + 1 })}
                    hint={t("hints.entryKeys")}
                    autoComplete="off"
                    dir="auto"
                  />
                  <TextareaInput
                    meta={entryFields.content}
                    label={t("fields.entryContent", { number: index + 1 })}
                    rows={3}
                    dir="auto"
                  />
                  <CheckboxInput
                    meta={entryFields.enabled}
                    label={t("fields.entryEnabled", { number: index + 1 })}
                  />
                </li>
              );
            })}
          </ol>
        )}
        {fields.book.errors ? (
          <p className="text-xs text-danger">{errorText(fields.book.errors)}</p>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          disabled={entries.length >= characterLimits.bookEntries}
          {...form.insert.getButtonProps({
            name: fields.book.name,
            defaultValue: { enabled: true },
          })}
        >
          <Icon name="plus" />
          {t("actions.addEntry")}
        </Button>
      </Section>

      <Section title={t("sections.defaults")}>
        <div className="grid gap-4 md:grid-cols-2">
          <InputField
            meta={fields.defaultModel}
            label={t("fields.defaultModel")}
            hint={models.length ? t("hints.defaultModelOffered") : t("hints.defaultModel")}
            list={models.length ? "character-models" : undefined}
            autoComplete="off"
            dir="ltr"
          />
          <InputField
            meta={fields.defaultVoice}
            label={t("fields.defaultVoice")}
            hint={t("hints.defaultVoice")}
            list={voices.length ? "character-voices" : undefined}
            autoComplete="off"
            dir="ltr"
          />
        </div>
        <datalist id="character-models">
          {models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
        <datalist id="character-voices">
          {voices.map((voice) => (
            <option key={voice} value={voice} />
          ))}
        </datalist>
      </Section>

      <Section title={t("sections.card")}>
        <div className="grid gap-4 md:grid-cols-2">
          <InputField
            meta={fields.creator}
            label={t("fields.creator")}
            autoComplete="off"
            dir="auto"
          />
          <InputField
            meta={fields.characterVersion}
            label={t("fields.characterVersion")}
            autoComplete="off"
            dir="auto"
          />
        </div>
        <TextareaInput
          meta={fields.creatorNotes}
          label={t("fields.creatorNotes")}
          hint={t("hints.creatorNotes")}
          rows={3}
          dir="auto"
        />
      </Section>

      <div className="sticky bottom-0 -mx-6 -mb-5 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-surface px-6 py-4">
        {cancel}
        <Button type="submit" disabled={submitting}>
          {intent === "create" ? t("form.create") : t("form.save")}
        </Button>
      </div>
    </RecordForm>
  );
}
