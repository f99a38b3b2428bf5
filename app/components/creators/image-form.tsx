import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CheckboxInput, InputField, SelectInput, TextareaInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { ApiSchema } from "~/lib/api/client";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { settingText } from "~/lib/creator-kinds";
import {
  type GenerationOptions,
  generationLimits,
  ImageForm as ImageSchema,
  imageStyles,
} from "~/lib/creators";
import type { CreatorAnswer } from "~/lib/creators.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { ImageChoices } from "./image-choices";

/** The image creator's form: prompt, size, style, count, seed and what the provider takes. */
export function ImageCreatorForm({
  options,
  images,
  reused,
  answer,
}: {
  options: GenerationOptions["image"];
  images: ApiSchema<"Media">[];
  reused: Record<string, unknown> | null;
  answer: CreatorAnswer | undefined;
}) {
  const { t } = useTranslation("creators");
  const errorText = useErrorText();
  const [form, fields] = useAppForm(ImageSchema, {
    id: "image-creator",
    lastResult: answer?.intent === "generate" ? answer.result : undefined,
    defaultValue: {
      prompt: settingText(reused?.prompt) ?? "",
      negativePrompt: settingText(reused?.negativePrompt) ?? "",
      size: settingText(reused?.size) ?? options.sizes[0],
      style: settingText(reused?.style) ?? "none",
      count: settingText(reused?.count) ?? "1",
      seed: settingText(reused?.seed) ?? "",
      // Reusing an item's settings makes the same image: its seed stays.
      lockSeed: reused?.seed !== undefined ? "on" : undefined,
      steps: settingText(reused?.steps) ?? "",
      guidance: settingText(reused?.guidance) ?? "",
      startImageId: settingText(reused?.startImageId) ?? "",
      model: settingText(reused?.model) ?? "",
    },
  });
  const submitting = useIsPending({ intent: "generate" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer?.intent === "generate" ? answer : undefined);
  const { supports } = options;
  // The seed the last image was made with shows in its field, ready to keep.
  useEffect(() => {
    const madeWith = answer?.intent === "generate" ? answer.seed : undefined;
    if (madeWith !== undefined) form.update({ name: fields.seed.name, value: String(madeWith) });
  }, [answer, form.update, fields.seed.name]);

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
        meta={fields.prompt}
        label={t("fields.prompt")}
        hint={t("hints.prompt", { count: generationLimits.prompt })}
        rows={4}
        dir="auto"
        placeholder={t("placeholders.image")}
      />
      {supports.negativePrompt ? (
        <TextareaInput
          meta={fields.negativePrompt}
          label={t("fields.negativePrompt")}
          hint={t("hints.negativePrompt")}
          rows={2}
          dir="auto"
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        {options.sizes.length > 0 ? (
          <SelectInput
            meta={fields.size}
            label={t("fields.size")}
            options={options.sizes.map((size) => ({
              value: size,
              label: size.replace("x", " × "),
            }))}
          />
        ) : (
          <InputField
            meta={fields.size}
            label={t("fields.size")}
            dir="ltr"
            placeholder="1024x1024"
          />
        )}
        <SelectInput
          meta={fields.style}
          label={t("fields.style")}
          options={imageStyles.map((style) => ({ value: style, label: t(`styles.${style}`) }))}
        />
        <SelectInput
          meta={fields.count}
          label={t("fields.count")}
          options={Array.from({ length: options.maxCount }, (_, index) => ({
            value: String(index + 1),
            label: String(index + 1),
          }))}
        />
      </div>
      {supports.seed ? (
        <div className="grid items-end gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
          <InputField
            meta={fields.seed}
            label={t("fields.seed")}
            hint={t("hints.seed")}
            type="number"
            inputMode="numeric"
            min={0}
            max={generationLimits.seed}
            dir="ltr"
          />
          <div className="pb-2">
            <CheckboxInput meta={fields.lockSeed} label={t("fields.lockSeed")} />
          </div>
        </div>
      ) : null}
      {supports.startImage ? (
        <ImageChoices
          name={fields.startImageId.name}
          legend={t("fields.startImage")}
          hint={t("hints.startImage")}
          images={images}
          multiple={false}
          defaultValue={
            fields.startImageId.initialValue ? [String(fields.startImageId.initialValue)] : []
          }
          error={errorText(fields.startImageId.errors)}
        />
      ) : null}
      {options.label ? null : (
        <details
          className="group rounded-control border border-border px-4 py-3"
          open={Boolean(fields.model.initialValue) || undefined}
        >
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-control text-sm font-medium text-text [&::-webkit-details-marker]:hidden">
            {t("advanced")}
            <Icon
              name="chevron-down"
              className="ms-auto size-4 text-text-muted transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="mt-4 space-y-4">
            <InputField
              meta={fields.model}
              label={t("fields.model")}
              hint={t("hints.model", { model: options.model ?? "" })}
              list={options.models.length ? "image-models" : undefined}
              dir="ltr"
              autoComplete="off"
            />
            {options.models.length ? (
              <datalist id="image-models">
                {options.models.map((model) => (
                  <option key={model} value={model} />
                ))}
              </datalist>
            ) : null}
            {supports.steps || supports.guidance ? (
              <div className="grid gap-4 sm:grid-cols-2">
                {supports.steps ? (
                  <InputField
                    meta={fields.steps}
                    label={t("fields.steps")}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={generationLimits.steps}
                    dir="ltr"
                  />
                ) : null}
                {supports.guidance ? (
                  <InputField
                    meta={fields.guidance}
                    label={t("fields.guidance")}
                    type="number"
                    inputMode="decimal"
                    step="0.5"
                    min={0}
                    max={generationLimits.guidance}
                    dir="ltr"
                  />
                ) : null}
              </div>
            ) : null}
          </div>
        </details>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={submitting}>
          <Icon
            name={submitting ? "loader-circle" : "sparkles"}
            className={submitting ? "animate-spin" : undefined}
          />
          {t("image.generate")}
        </Button>
      </div>
    </Form>
  );
}
