import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useErrorText } from "~/lib/app-form";
import type { KnowledgeAnswer } from "~/lib/xbot-knowledge";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { Field } from "../ui/input";
import { SelectField } from "../ui/select";
import { TextareaField } from "../ui/textarea";

/**
 * A website to teach a bot from: one page, the pages its sitemap lists, or a crawl from it with
 * its depth, page limit and the paths it takes or leaves out (a GET of every page the bot's
 * server makes, so the form says what each choice reads).
 */
export function AddWebsiteForm({
  formRef,
  answer,
  pending,
  className,
}: {
  formRef: Ref<HTMLFormElement>;
  answer: KnowledgeAnswer | undefined;
  pending: boolean;
  className: string;
}) {
  const { t } = useTranslation("xbot");
  const errorText = useErrorText();
  const error = (field: string) => {
    const key = answer?.errors?.[field];
    return key ? errorText([key]) : undefined;
  };
  const values = answer?.values;
  return (
    <Form ref={formRef} method="post" className={className} aria-labelledby="add-website-heading">
      <h4 id="add-website-heading" className="text-sm font-semibold">
        {t("knowledge.add.website.title")}
      </h4>
      <input type="hidden" name="intent" value="source-website" />
      <Field
        id="source-url"
        name="url"
        type="url"
        inputMode="url"
        dir="ltr"
        label={t("knowledge.add.website.url")}
        placeholder="https://"
        defaultValue={values?.url}
        maxLength={2000}
        required
        error={error("url")}
      />
      <SelectField
        id="source-reach"
        name="reach"
        label={t("knowledge.add.website.reach")}
        defaultValue={values?.reach ?? "url"}
        options={(["url", "sitemap", "crawl"] as const).map((reach) => ({
          value: reach,
          label: t(`knowledge.add.website.reaches.${reach}`),
        }))}
        error={error("reach")}
      />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-xs text-text-muted">
          {t("knowledge.add.website.crawlHint")}
        </legend>
        <Field
          id="source-depth"
          name="depth"
          type="number"
          min={0}
          max={5}
          label={t("knowledge.add.website.depth")}
          defaultValue={values?.depth ?? "2"}
          error={error("depth")}
        />
        <Field
          id="source-page-limit"
          name="pageLimit"
          type="number"
          min={1}
          max={500}
          label={t("knowledge.add.website.pageLimit")}
          defaultValue={values?.pageLimit ?? "50"}
          error={error("pageLimit")}
        />
        <TextareaField
          id="source-include"
          name="include"
          dir="ltr"
          rows={2}
          label={t("knowledge.add.website.include")}
          hint={t("knowledge.add.website.patternsHint")}
          defaultValue={values?.include}
          error={error("include")}
        />
        <TextareaField
          id="source-exclude"
          name="exclude"
          dir="ltr"
          rows={2}
          label={t("knowledge.add.website.exclude")}
          defaultValue={values?.exclude}
          error={error("exclude")}
        />
      </fieldset>
      {answer?.formError ? (
        <p role="alert" className="text-sm text-danger">
          {t(answer.formError)}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={pending}>
        <Icon name="globe" />
        {t("knowledge.add.website.submit")}
      </Button>
    </Form>
  );
}
