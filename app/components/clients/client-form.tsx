import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppForm, useErrorText } from "~/lib/app-form";
import {
  type Client,
  ClientFields,
  type ClientFormAnswer,
  clientInitials,
  clientKinds,
  clientStatuses,
} from "~/lib/clients";
import { countryName } from "~/lib/phones";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { useOrganizationCountry } from "~/lib/use-organization-country";
import type { Choice } from "../form/choice-search";
import { InputField, SelectInput, TextareaInput } from "../form/fields";
import { FormFooter } from "../form/submit-row";
import { ImageField, useImagePicker } from "../image-input";
import { RecordForm, TagsField, WorkspaceSelect } from "../records/record-form";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";

export type { Choice };

/**
 * Every field of a client, its logo first: the create form on /clients/new and the edit form of
 * one. Multipart, so that the logo goes with the rest, with JavaScript or without.
 */
export function ClientForm({
  intent,
  action = ".",
  initial,
  result,
  members,
  workspaces,
  submitLabel,
  cancel,
}: {
  intent: "create" | "update";
  /** Where the form posts: this page, with a marker where the page has other forms. */
  action?: string;
  initial?: Client;
  result?: ClientFormAnswer;
  members: Choice[];
  workspaces: Choice[];
  submitLabel: string;
  cancel?: React.ReactNode;
}) {
  const { t } = useTranslation("clients");
  const language = useLanguage();
  const country = useOrganizationCountry();
  const errorText = useErrorText();
  const answer = result?.intent === intent ? result : undefined;
  const [form, fields] = useAppForm(ClientFields, {
    id: `client-${intent}`,
    lastResult: answer?.result,
    defaultValue: initial
      ? {
          name: initial.name,
          kind: initial.kind,
          status: initial.status,
          contactName: initial.contactName,
          email: initial.email ?? "",
          phone: initial.phone ?? "",
          website: initial.website ?? "",
          address: initial.address,
          tags: initial.tags.join(", "),
          notes: initial.notes,
          ownerId: initial.owner?.id ?? "",
          workspaceId: initial.workspace?.id ?? "",
        }
      : { kind: "company", status: "lead" },
  });
  // The version the form was opened on, kept while the page's data refreshes live: a save on it
  // after someone else's is refused (409) instead of overwriting their change unseen.
  const [openedVersion] = useState(initial?.version);
  // Saved, and then its logo refused: the next save is made on the version saved.
  const version = answer?.version ?? openedVersion;
  const submitting = useIsPending({ intent });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);

  const picker = useImagePicker();
  const logoMessage = picker.error ? t(picker.error) : errorText(fields.logo.errors);
  const shownLogo = picker.shown(initial?.logoUrl ?? null);

  return (
    <RecordForm
      multipart
      form={form}
      formRef={formRef}
      intent={intent}
      action={action}
      version={version}
    >
      <ImageField
        preview={
          <Avatar
            src={shownLogo}
            fallback={clientInitials(fields.name.value ?? initial?.name ?? "")}
            shape="square"
            className="size-20 text-xl"
            alt={shownLogo ? t("logo.preview") : ""}
          />
        }
        picker={picker}
        name={fields.logo.name}
        removeName={fields.removeLogo.name}
        hasImage={Boolean(initial?.logoUrl)}
        error={logoMessage}
        labels={{
          label: t("fields.logo"),
          hint: t("hints.logo"),
          chooseLabel: t("logo.choose"),
          noFileLabel: t("logo.noFile"),
        }}
        removeLabel={t("logo.remove")}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <InputField
          meta={fields.name}
          label={t("fields.name")}
          autoComplete="off"
          className="md:col-span-2"
        />
        <SelectInput
          meta={fields.kind}
          label={t("fields.kind")}
          options={clientKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        <SelectInput
          meta={fields.status}
          label={t("fields.status")}
          options={clientStatuses.map((status) => ({
            value: status,
            label: t(`statuses.${status}`),
          }))}
        />
        <InputField meta={fields.contactName} label={t("fields.contactName")} autoComplete="off" />
        <InputField
          meta={fields.email}
          type="email"
          label={t("fields.email")}
          dir="ltr"
          autoComplete="off"
        />
        <InputField
          meta={fields.phone}
          type="tel"
          label={t("fields.phone")}
          hint={
            country
              ? t("hints.phoneInCountry", { country: countryName(country, language) })
              : t("hints.phone")
          }
          dir="ltr"
          autoComplete="off"
        />
        <InputField
          meta={fields.website}
          type="url"
          label={t("fields.website")}
          dir="ltr"
          autoComplete="off"
        />
        <SelectInput
          meta={fields.ownerId}
          label={t("fields.owner")}
          options={[{ value: "", label: t("noOwner") }, ...members]}
        />
        <WorkspaceSelect ns="clients" meta={fields.workspaceId} workspaces={workspaces} />
        <TagsField ns="clients" meta={fields.tags} className="md:col-span-2" />
        <TextareaInput
          meta={fields.address}
          label={t("fields.address")}
          rows={2}
          className="md:col-span-2"
        />
        <TextareaInput
          meta={fields.notes}
          label={t("fields.notes")}
          rows={5}
          dir="auto"
          className="md:col-span-2"
        />
      </div>
      <FormFooter>
        {cancel}
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </FormFooter>
    </RecordForm>
  );
}
