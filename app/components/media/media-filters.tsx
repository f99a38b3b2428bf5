import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { LibraryQuery, MediaKind } from "~/lib/media-library";
import { useLocalizedPath } from "~/lib/use-language";
import { useSubmitAsYouType } from "~/lib/use-submit-as-you-type";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Icon } from "../ui/icon";
import { Input } from "../ui/input";
import { SelectField } from "../ui/select";

type Choice = { value: string; label: string };

/**
 * The library's filters: a GET form, so that they live in the address (shareable) and work
 * without JavaScript; with it, they answer as they are changed. A filtered-on project, client or
 * member past the first hundred stays.
 */
export function MediaFilters({
  kind,
  query,
  models,
  members,
  projects,
  clients,
  filtered,
}: {
  kind: MediaKind;
  query: LibraryQuery;
  models: string[];
  members: Choice[];
  projects: Choice[];
  clients: Choice[];
  filtered: boolean;
}) {
  const { t } = useTranslation("media");
  const localize = useLocalizedPath();
  const asYouType = useSubmitAsYouType();
  const keep = (choices: Choice[], id: string | undefined) =>
    id && !choices.some((choice) => choice.value === id)
      ? [...choices, { value: id, label: t("filters.chosen") }]
      : choices;
  const id = (name: string) => `media-filter-${name}`;
  return (
    <Form
      method="get"
      action={localize(`/${kind}`)}
      role="search"
      aria-label={t("filters.label")}
      className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-4 md:items-start"
      key={asYouType.key}
      {...asYouType.form}
    >
      <div className="space-y-1.5 md:col-span-2">
        <label htmlFor={id("q")} className="block text-sm font-medium text-text">
          {t("filters.search")}
        </label>
        <Input
          id={id("q")}
          name="q"
          type="search"
          dir="auto"
          maxLength={200}
          defaultValue={query.q}
          placeholder={t("filters.placeholder")}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={id("from")} className="block text-sm font-medium text-text">
          {t("filters.from")}
        </label>
        <Input id={id("from")} name="from" type="date" defaultValue={query.from} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={id("to")} className="block text-sm font-medium text-text">
          {t("filters.to")}
        </label>
        <Input id={id("to")} name="to" type="date" defaultValue={query.to} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={id("model")} className="block text-sm font-medium text-text">
          {t("filters.model")}
        </label>
        <Input
          id={id("model")}
          name="model"
          dir="ltr"
          maxLength={200}
          list={models.length ? id("models") : undefined}
          defaultValue={query.model}
          placeholder={t("filters.anyModel")}
          autoComplete="off"
        />
        {models.length ? (
          <datalist id={id("models")}>
            {models.map((model) => (
              <option key={model} value={model} />
            ))}
          </datalist>
        ) : null}
      </div>
      <SelectField
        id={id("member")}
        name="authorId"
        label={t("filters.member")}
        defaultValue={query.authorId ?? ""}
        options={[{ value: "", label: t("filters.anyMember") }, ...keep(members, query.authorId)]}
      />
      <SelectField
        id={id("project")}
        name="projectId"
        label={t("filters.project")}
        defaultValue={query.projectId ?? ""}
        options={[
          { value: "", label: t("filters.anyProject") },
          ...keep(projects, query.projectId),
        ]}
      />
      <SelectField
        id={id("client")}
        name="clientId"
        label={t("filters.client")}
        defaultValue={query.clientId ?? ""}
        options={[{ value: "", label: t("filters.anyClient") }, ...keep(clients, query.clientId)]}
      />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 md:col-span-4">
        <Checkbox
          id={id("favourite")}
          name="favourite"
          value="1"
          defaultChecked={Boolean(query.favourite)}
          label={t("filters.favourites")}
        />
        <div className="ms-auto flex flex-wrap items-center gap-2">
          {filtered ? (
            <Button variant="ghost" asChild>
              <LocalizedLink to={`/${kind}`}>
                <Icon name="x" />
                {t("filters.clear")}
              </LocalizedLink>
            </Button>
          ) : null}
          <Button type="submit" variant="secondary">
            <Icon name="search" />
            {t("filters.apply")}
          </Button>
        </div>
      </div>
    </Form>
  );
}
