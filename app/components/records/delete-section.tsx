import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Namespace } from "~/lib/i18n";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";
import { SettingsSection } from "../ui/settings-section";

type DeleteSectionProps = {
  /** The section's id (`client-delete`); its heading's is `<id>-title`. */
  id: string;
  title: string;
  /** What deleting does: under the heading and again in the question. */
  description: string;
  /** The question (`Delete “Acme”?`), the record's name isolated (`IsolatedMessage`). */
  question: ReactNode;
  confirmLabel: string;
  /** The button that asks. */
  buttonLabel: string;
  /** Without JavaScript the action asked to confirm (`{ confirm }`): the question is in the page. */
  asking?: boolean;
  /** Other fields the action needs (the record's id, where one page holds several). */
  fields?: Record<string, string>;
  /** Inside a modal dialog: where the question goes. */
  container?: HTMLElement | null;
  /** `page`: a card of a record's page; `panel`: a block of a record's panel in a drawer. */
  variant?: "page" | "panel";
};

/**
 * The Delete block of a record: what it does, and a button that asks first (`ConfirmDialog`,
 * intent `delete`, which works without JavaScript). The route's action deletes on `confirmed`.
 */
export function DeleteSection({
  id,
  title,
  description,
  question,
  confirmLabel,
  buttonLabel,
  asking,
  fields,
  container,
  variant = "page",
}: DeleteSectionProps) {
  const { t } = useTranslation("common");
  const dialog = (
    <ConfirmDialog
      intent="delete"
      fields={fields}
      container={container}
      asking={asking}
      title={question}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={t("actions.cancel")}
      trigger={
        <Button type="submit" variant="secondary">
          <Icon name="trash-2" />
          {buttonLabel}
        </Button>
      }
    />
  );
  if (variant === "panel") {
    return (
      <section
        aria-labelledby={`${id}-title`}
        className="space-y-3 rounded-control border border-danger/40 p-4"
      >
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </h3>
        <p className="text-sm text-text-muted">{description}</p>
        {dialog}
      </section>
    );
  }
  return (
    <SettingsSection id={id} title={title} description={description}>
      {dialog}
    </SettingsSection>
  );
}

/**
 * A record's page's Delete block in the words of its namespace: `detail.deleteSection`,
 * `detail.deleteDescription`, the question `detail.deleteTitle` with the record's name,
 * `detail.deleteConfirm` and `detail.delete`.
 */
export function RecordDeleteSection({
  ns,
  id,
  name,
  asking,
}: {
  ns: Namespace;
  /** The section's id (`client-delete`). */
  id: string;
  name: string;
  asking?: boolean;
}) {
  const { t } = useTranslation(ns);
  return (
    <DeleteSection
      id={id}
      title={t("detail.deleteSection")}
      description={t("detail.deleteDescription")}
      asking={asking}
      question={<IsolatedMessage ns={ns} i18nKey="detail.deleteTitle" values={{ name }} />}
      confirmLabel={t("detail.deleteConfirm")}
      buttonLabel={t("detail.delete")}
    />
  );
}
