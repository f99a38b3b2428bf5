import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { cardFileTypes, ImportFields } from "~/lib/characters";
import { useIsPending } from "~/lib/use-is-pending";
import { ImageInput } from "../image-input";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";

/**
 * Import a Character Card V1, V2 or V3 (.json, or a .png that carries one), in a disclosure beside the
 * page's primary action: it opens without JavaScript, and stays open to say why a file was
 * refused.
 */
export function CharacterImport({
  action,
  result,
}: {
  action: string;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("characters");
  const errorText = useErrorText();
  const [form, fields] = useAppForm(ImportFields, { id: "character-import", lastResult: result });
  const [fileName, setFileName] = useState<string | null>(null);
  const importing = useIsPending({ intent: "import", formAction: action });
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closed again once the page moves on (an import done, a panel opened), unless it has news.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page visited
  useEffect(() => {
    if (!result && details.current) details.current.open = false;
  }, [location.key]);
  return (
    <details ref={details} className="group relative" open={Boolean(result) || undefined}>
      <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-control border border-border bg-surface px-4 text-sm font-medium text-text shadow-card hover:bg-surface-muted [&::-webkit-details-marker]:hidden">
        <Icon name="upload" />
        {t("import.open")}
        <Icon name="chevron-down" className="transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute end-0 z-20 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-card border border-border bg-surface p-4 shadow-popover">
        <Form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="space-y-4"
          {...getFormProps(form)}
          noValidate
        >
          <input type="hidden" name="intent" value="import" />
          <ImageInput
            name={fields.file.name}
            accept={cardFileTypes.join(",")}
            label={t("import.file")}
            hint={t("import.hint")}
            error={errorText(fields.file.errors ?? form.errors)}
            fileName={fileName}
            onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? null)}
            chooseLabel={t("import.choose")}
            noFileLabel={t("import.noFile")}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={importing}>
              <Icon name="upload" />
              {t("import.submit")}
            </Button>
          </div>
        </Form>
      </div>
    </details>
  );
}
