import { getFormProps } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { InputField, SelectInput, TextareaInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useAppForm } from "~/lib/app-form";
import { settingText } from "~/lib/creator-kinds";
import {
  type GenerationOptions,
  generationLimits,
  SpeechForm as SpeechSchema,
  speechFormats,
  speechLanguages,
} from "~/lib/creators";
import type { CreatorAnswer } from "~/lib/creators.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";

type SpeechOptions = GenerationOptions["speech"];

/** A voice as the select names it: the provider's own, a character's, or the offline one. */
export function useVoiceLabel() {
  const { t } = useTranslation("creators");
  return (voice: SpeechOptions["voices"][number]) => {
    if (voice.source === "offline")
      return t("voices.offline", { language: t(`languages.${voice.id}`) });
    if (voice.source === "character") {
      return t("voices.character", { name: voice.characterName ?? "", voice: voice.id });
    }
    return voice.id;
  };
}

/**
 * The voice of a character the page was opened for (`?character=`), else the offline voice of
 * the page's language, else the first.
 */
export function defaultVoice(options: SpeechOptions, language: string, characterId?: string) {
  const ofCharacter = characterId
    ? options.voices.find((voice) => voice.characterId === characterId)
    : undefined;
  const ofLanguage = options.voices.find(
    (voice) => voice.source === "offline" && voice.id === language,
  );
  return (ofCharacter ?? ofLanguage ?? options.voices[0])?.id ?? "";
}

/** The audio creator's form: the text, a voice, its speed, the file's format and language. */
export function SpeechCreatorForm({
  options,
  reused,
  initialText,
  answer,
}: {
  options: SpeechOptions;
  reused: Record<string, unknown> | null;
  /** Text sent from elsewhere (a thread's answer). */
  initialText?: string;
  answer: CreatorAnswer | undefined;
}) {
  const { t } = useTranslation("creators");
  const voiceLabel = useVoiceLabel();
  const language = useLanguage();
  const [form, fields] = useAppForm(SpeechSchema, {
    id: "speech-creator",
    lastResult: answer?.intent === "generate" ? answer.result : undefined,
    defaultValue: {
      text: settingText(reused?.text) ?? initialText ?? "",
      voice: settingText(reused?.voice) ?? defaultVoice(options, language),
      speed: settingText(reused?.speed) ?? "1",
      format: settingText(reused?.format) ?? "mp3",
      language: settingText(reused?.language) ?? "auto",
      title: settingText(reused?.title) ?? "",
    },
  });
  const submitting = useIsPending({ intent: "generate" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer?.intent === "generate" ? answer : undefined);
  // A voice of the item being reused that the provider no longer lists stays choosable: the
  // API says whether it still takes it.
  const voices = options.voices.some((voice) => voice.id === fields.voice.initialValue)
    ? options.voices
    : fields.voice.initialValue
      ? [{ id: String(fields.voice.initialValue), source: "provider" as const }, ...options.voices]
      : options.voices;

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      className="space-y-5"
      {...getFormProps(form)}
      noValidate
    >
      <input type="hidden" name="intent" value="generate" />
      <FormErrors errors={form.errors} />
      <TextareaInput
        meta={fields.text}
        label={t("fields.text")}
        hint={t("hints.text", { count: generationLimits.text })}
        rows={8}
        dir="auto"
        placeholder={t("placeholders.speech")}
      />
      <InputField meta={fields.title} label={t("fields.title")} dir="auto" />
      <div className="grid gap-4 sm:grid-cols-2">
        {options.anyVoice ? (
          <>
            <InputField
              meta={fields.voice}
              label={t("fields.voice")}
              hint={t("hints.anyVoice")}
              list={voices.length > 0 ? "speech-voices" : undefined}
              autoComplete="off"
              dir="ltr"
            />
            <datalist id="speech-voices">
              {voices.map((voice) => (
                <option key={`${voice.source}:${voice.id}`} value={voice.id}>
                  {voiceLabel(voice as SpeechOptions["voices"][number])}
                </option>
              ))}
            </datalist>
          </>
        ) : (
          <SelectInput
            meta={fields.voice}
            label={t("fields.voice")}
            options={voices.map((voice) => ({
              value: voice.id,
              label: voiceLabel(voice as SpeechOptions["voices"][number]),
            }))}
          />
        )}
        <SelectInput
          meta={fields.language}
          label={t("fields.language")}
          options={speechLanguages.map((language) => ({
            value: language,
            label: t(`languages.${language}`),
          }))}
        />
        <InputField
          meta={fields.speed}
          label={t("fields.speed")}
          hint={t("hints.speed")}
          type="number"
          inputMode="decimal"
          step="0.1"
          min={0.5}
          max={2}
          dir="ltr"
        />
        <SelectInput
          meta={fields.format}
          label={t("fields.format")}
          options={speechFormats
            .filter((format) => options.formats.includes(format))
            .map((format) => ({ value: format, label: t(`formats.${format}`) }))}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={submitting}>
          <Icon
            name={submitting ? "loader-circle" : "audio-lines"}
            className={submitting ? "animate-spin" : undefined}
          />
          {t("speech.generate")}
        </Button>
      </div>
    </Form>
  );
}
