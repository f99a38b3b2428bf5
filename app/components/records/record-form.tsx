import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Namespace } from "~/lib/i18n";
import type { Choice } from "../form/choice-search";
import { type FieldMeta, InputField, SelectInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { PageShell } from "../ui/page-shell";
import { StaleVersionAlert } from "./versioned-record";

/**
 * The form of a record's fields, to add one or change it: it posts its intent, the record's id
 * where the page holds several, and the version it was opened on (a save made after someone
 * else's is refused, `StaleVersionAlert`), with the form's own errors above the fields.
 * Multipart, so that an image goes with the rest, with JavaScript or without.
 */
export function RecordForm<Values extends Record<string, unknown>>({
  form,
  formRef,
  intent,
  action,
  id,
  version,
  multipart,
  children,
}: {
  form: FormMetadata<Values, string[]>;
  formRef: RefObject<HTMLFormElement>;
  intent: string;
  /** Where the form posts, when not to the page's own action. */
  action?: string;
  id?: string;
  version?: number;
  /** The form sends a file. */
  multipart?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      encType={multipart ? "multipart/form-data" : undefined}
      preventScrollReset
      className="space-y-6"
      {...getFormProps(form)}
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <FormErrors errors={form.errors} />
      {children}
    </Form>
  );
}

/**
 * A record's tags, written as a list with commas, in a form; its label and hint are the page's
 * namespace's `fields.tags` and `hints.tags`.
 */
export function TagsField({
  ns,
  meta,
  className,
}: {
  ns: Namespace;
  meta: FieldMeta;
  className?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <InputField
      meta={meta}
      label={t("fields.tags")}
      hint={t("hints.tags")}
      autoComplete="off"
      className={className}
    />
  );
}

/**
 * The workspace a record belongs to, or none (`noWorkspace`), in a form; its label is the page's
 * namespace's `fields.workspace`.
 */
export function WorkspaceSelect({
  ns,
  meta,
  workspaces,
}: {
  ns: Namespace;
  meta: FieldMeta;
  workspaces: Choice[];
}) {
  const { t } = useTranslation(ns);
  return (
    <SelectInput
      meta={meta}
      label={t("fields.workspace")}
      options={[{ value: "", label: t("noWorkspace") }, ...workspaces]}
    />
  );
}

/** The way out of a record's form without saving: back to `to`. */
export function CancelLink({ to }: { to: string }) {
  const { t } = useTranslation("common");
  return (
    <Button variant="ghost" asChild>
      <LocalizedLink to={to}>{t("actions.cancel")}</LocalizedLink>
    </Button>
  );
}

/**
 * The page that edits a record, in the words of its namespace (`edit.title`, `edit.stale…`):
 * the way back to the record, what to do when someone else saved first, and the form in a card.
 */
export function EditRecordPage({
  ns,
  name,
  path,
  stale,
  children,
}: {
  ns: Namespace;
  name: string;
  /** The record's page (`/clients/<id>`). */
  path: string;
  /** The save was refused: someone else saved since the form was opened. */
  stale: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <PageShell title={t("edit.title", { name })} back={{ to: path, label: name }}>
      {stale ? (
        <StaleVersionAlert
          title={t("edit.staleTitle")}
          body={t("edit.staleBody")}
          reloadTo={`${path}/edit`}
          reloadLabel={t("edit.reload")}
        />
      ) : null}
      <Card className="p-6">{children}</Card>
    </PageShell>
  );
}
