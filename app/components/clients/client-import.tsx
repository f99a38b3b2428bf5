import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useIsPending } from "~/lib/use-is-pending";
import { FileInput } from "../image-input";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";

export type ImportAnswer =
  | { intent: "preview"; error: string }
  | {
      intent: "preview";
      csv: string;
      rows: number;
      valid: number;
      invalid: { line: number; name: string; errors: Record<string, string> }[];
      preview: { name: string }[];
    };

const codeMessages: Record<string, string> = { REQUIRED: "validation:required" };

/** A CSV file checked first (each bad row with what is wrong), then its good rows added. */
export function ClientImport({ answer }: { answer?: ImportAnswer }) {
  const { t } = useTranslation("clients");
  const checking = useIsPending({ intent: "preview" });
  const importing = useIsPending({ intent: "import" });
  const result = answer && "csv" in answer ? answer : undefined;
  return (
    <Card as="section" aria-labelledby="client-import-title" className="space-y-4 p-6">
      <div>
        <h2 id="client-import-title" className="font-medium">
          {t("import.title")}
        </h2>
        <p className="mt-1 text-sm text-text-muted">{t("import.description")}</p>
      </div>
      <FormAlert>{answer && "error" in answer ? t(`import.${answer.error}`) : null}</FormAlert>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="preview" />
        <div className="space-y-1.5">
          <label htmlFor="client-import-file" className="block text-sm font-medium">
            {t("import.file")}
          </label>
          <FileInput
            id="client-import-file"
            name="file"
            accept=".csv,text/csv"
            chooseLabel={t("import.choose")}
            noFileLabel={t("import.noFileChosen")}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={checking}>
          <Icon name="upload" />
          {t("import.check")}
        </Button>
      </Form>
      {result ? (
        <div className="space-y-4 border-t border-border pt-4">
          <p role="status" className="text-sm">
            {t("import.summary", {
              count: result.rows,
              valid: result.valid,
              invalid: result.invalid.length,
            })}
          </p>
          {result.invalid.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="mb-2 text-start font-medium">{t("import.errorsTitle")}</caption>
                <thead className="text-xs text-text-muted">
                  <tr>
                    <th scope="col" className="py-1 text-start font-medium">
                      {t("import.line")}
                    </th>
                    <th scope="col" className="py-1 text-start font-medium">
                      {t("import.name")}
                    </th>
                    <th scope="col" className="py-1 text-start font-medium">
                      {t("import.problems")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {result.invalid.slice(0, 50).map((row) => (
                    <tr key={row.line}>
                      <td className="py-1.5 tabular-nums">{row.line}</td>
                      <td className="py-1.5">{row.name || t("none")}</td>
                      <td className="py-1.5 text-danger">
                        {Object.entries(row.errors)
                          .map(
                            ([field, code]) =>
                              `${t(`fields.${field}`, { defaultValue: field })}: ${t(codeMessages[code] ?? "validation:invalid")}`,
                          )
                          .join(" · ")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {result.valid > 0 ? (
            <>
              <div>
                <p className="text-sm font-medium">{t("import.willAdd")}</p>
                <p dir="auto" className="mt-1 text-sm text-text-muted">
                  {result.preview.map((row) => row.name).join(" · ")}
                </p>
              </div>
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="intent" value="import" />
                <textarea name="csv" defaultValue={result.csv} hidden readOnly aria-hidden />
                <Button type="submit" disabled={importing}>
                  <Icon name="plus" />
                  {t("import.add", { count: result.valid })}
                </Button>
              </Form>
            </>
          ) : (
            <p className="text-sm text-text-muted">{t("import.nothing")}</p>
          )}
        </div>
      ) : null}
    </Card>
  );
}
