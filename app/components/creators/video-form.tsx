import { getFormProps } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { InputField, SelectInput, TextareaInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import type { ApiSchema } from "~/lib/api/client";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { settingText } from "~/lib/creator-kinds";
import { type GenerationOptions, generationLimits, VideoForm as VideoSchema } from "~/lib/creators";
import type { CreatorAnswer } from "~/lib/creators.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { ImageChoices, type ImagePage, ImageSearchForm } from "./image-choices";

const imageSearchFormId = "video-image-search";

import { useVoiceLabel } from "./speech-form";

/** The images an item was made from, the start image first. */
function imagesOf(settings: Record<string, unknown> | null, startImageId?: string) {
  const start = settingText(settings?.startImageId) ?? startImageId;
  const stills = Array.isArray(settings?.imageIds)
    ? settings.imageIds.filter((id): id is string => typeof id === "string")
    : [];
  return [...(start ? [start] : []), ...stills];
}

/**
 * The video creator's form: a prompt, a start image (the slideshow takes several stills), the
 * length, the frame, and narration spoken by the organization's voice.
 */
export function VideoCreatorForm({
  options,
  speech,
  images,
  reused,
  startImageId,
  embeddedTools,
  imagePage,
  reusedId,
  answer,
}: {
  options: GenerationOptions["video"];
  /** Which of the server's own programs run: a missing voice is said before generating. */
  embeddedTools: GenerationOptions["embeddedTools"];
  /** The picker's search and page of the image library. */
  imagePage: ImagePage | null;
  /** The item whose settings fill the form (`?from=`), kept while the picker searches. */
  reusedId?: string;
  /** The speech model's voices, for narration; null without one. */
  speech: GenerationOptions["speech"] | null;
  images: ApiSchema<"Media">[];
  reused: Record<string, unknown> | null;
  /** An image of the library the page was opened with (`?image=`). */
  startImageId?: string;
  answer: CreatorAnswer | undefined;
}) {
  const { t } = useTranslation("creators");
  const errorText = useErrorText();
  const voiceLabel = useVoiceLabel();
  const narration = (reused?.narration ?? null) as Record<string, unknown> | null;
  const [form, fields] = useAppForm(VideoSchema, {
    id: "video-creator",
    lastResult: answer?.intent === "generate" ? answer.result : undefined,
    defaultValue: {
      prompt: settingText(reused?.prompt) ?? "",
      imageIds: imagesOf(reused, startImageId),
      duration: settingText(reused?.duration) ?? String(options.durations[0] ?? 5),
      size: settingText(reused?.size) ?? options.sizes[0],
      narrationText: settingText(narration?.text) ?? "",
      narrationVoice: settingText(narration?.voice) ?? "",
      title: settingText(reused?.title) ?? "",
    },
  });
  const submitting = useIsPending({ intent: "generate" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer?.intent === "generate" ? answer : undefined);
  const chosen = (fields.imageIds.initialValue ?? []) as string[];

  return (
    <>
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
          meta={fields.prompt}
          label={t("fields.prompt")}
          hint={t(options.label === "slideshow" ? "hints.slideshowPrompt" : "hints.videoPrompt")}
          rows={4}
          dir="auto"
          placeholder={t("placeholders.video")}
        />
        {options.supports.startImage ? (
          <ImageChoices
            name={fields.imageIds.name}
            legend={t(options.supports.stills ? "fields.stills" : "fields.startImage")}
            hint={t(options.supports.stills ? "hints.stills" : "hints.startImage", {
              count: generationLimits.stills,
            })}
            images={images}
            multiple={options.supports.stills}
            defaultValue={chosen}
            error={errorText(fields.imageIds.errors)}
            page={imagePage ?? undefined}
            searchFormId={imageSearchFormId}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {options.durations.length > 0 ? (
            <SelectInput
              meta={fields.duration}
              label={t("fields.duration")}
              options={options.durations.map((seconds) => ({
                value: String(seconds),
                label: t("seconds", { count: seconds }),
              }))}
            />
          ) : (
            <InputField
              meta={fields.duration}
              label={t("fields.duration")}
              type="number"
              inputMode="numeric"
              min={1}
              dir="ltr"
            />
          )}
          {options.sizes.length > 0 ? (
            <SelectInput
              meta={fields.size}
              label={t("fields.frame")}
              options={options.sizes.map((size) => ({
                value: size,
                label: t(`frames.${size}`, size),
              }))}
            />
          ) : null}
        </div>
        {options.supports.narration && speech?.configured ? (
          <fieldset className="space-y-4 rounded-control border border-border px-4 py-3">
            <legend className="px-1 text-sm font-medium text-text">{t("narration.title")}</legend>
            <TextareaInput
              meta={fields.narrationText}
              label={t("fields.narrationText")}
              hint={t("hints.narrationOrPrompt")}
              rows={3}
              dir="auto"
            />
            <SelectInput
              meta={fields.narrationVoice}
              label={t("fields.voice")}
              options={[
                { value: "", label: t("narration.defaultVoice") },
                ...speech.voices.map((voice) => ({ value: voice.id, label: voiceLabel(voice) })),
              ]}
            />
          </fieldset>
        ) : null}
        <InputField meta={fields.title} label={t("fields.title")} dir="auto" />
        {speech?.configured ? null : (
          <FormAlert tone="info">
            <p>{t("sound.silent")}</p>
            {embeddedTools.espeakNg ? null : (
              <p>
                {t("silent.missingTool")}{" "}
                <bdi dir="ltr" className="whitespace-nowrap">
                  espeak-ng
                </bdi>
              </p>
            )}
          </FormAlert>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={submitting}>
            <Icon
              name={submitting ? "loader-circle" : "clapperboard"}
              className={submitting ? "animate-spin" : undefined}
            />
            {t("video.generate")}
          </Button>
        </div>
      </Form>
      <ImageSearchForm id={imageSearchFormId} keep={{ from: reusedId, image: startImageId }} />
    </>
  );
}
