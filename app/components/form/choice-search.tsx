import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { Icon } from "../ui/icon";
import { SelectField } from "../ui/select";

export type Choice = { value: string; label: string };

/** A pause in typing this long asks the server (ms). */
const searchDelayMs = 250;

/**
 * A picker's choices, and a search that finds the rest: a form is rendered with the first
 * hundred clients or projects; when there are more, typing in the search above the select asks
 * the server for the ones whose names match (/clients/choices?q=…) and puts them in the select,
 * the chosen one kept. Without JavaScript the select holds the first hundred and the current one.
 */
export function useChoiceSearch(
  kind: "clients" | "projects" | "documents",
  initial: Choice[],
  total: number,
  current: Choice | null = null,
) {
  const [found, setFound] = useState<Choice[] | null>(null);
  const [chosen, setChosen] = useState<Choice | null>(current);
  const [query, setQuery] = useState("");
  const latest = useRef(0);
  useEffect(() => {
    if (!query.trim()) {
      setFound(null);
      return;
    }
    const request = ++latest.current;
    const timer = setTimeout(async () => {
      const response = await fetch(`/${kind}/choices?q=${encodeURIComponent(query.trim())}`, {
        headers: { Accept: "application/json" },
      }).catch(() => null);
      if (!response?.ok || request !== latest.current) return;
      setFound((await response.json()) as Choice[]);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [kind, query]);

  const list = found ?? initial;
  /** The select's options: the matches (or the first hundred), with the chosen one kept. */
  const options =
    chosen?.value && !list.some((choice) => choice.value === chosen.value)
      ? [chosen, ...list]
      : list;
  /** For the select: remembers the choice, so that a new search keeps it. */
  const onSelect = (event: React.ChangeEvent<HTMLSelectElement>) =>
    setChosen({
      value: event.target.value,
      label: event.target.selectedOptions[0]?.text ?? "",
    });
  return { searchable: total > initial.length, query, setQuery, options, onSelect };
}

/** The search box above a picker's select, shown (with JavaScript) when not all choices fit. */
export function ChoiceSearchInput({
  label,
  value,
  onChange,
  controls,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  controls: string;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const { t } = useTranslation();
  if (!hydrated) return null;
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon
        name="search"
        className="pointer-events-none absolute start-2.5 top-1/2 -translate-y-1/2 text-text-muted"
      />
      <input
        id={id}
        type="search"
        dir="auto"
        value={value}
        aria-controls={controls}
        placeholder={t("choiceSearch.placeholder")}
        onChange={(event) => onChange(event.target.value)}
        className="block h-8 w-full rounded-control border border-border bg-surface ps-8 pe-2 text-xs text-text placeholder:text-text-muted"
      />
    </div>
  );
}

/** A plain (not Conform) select of clients or projects, with the search when they do not all fit. */
export function SearchableSelectField({
  kind,
  id,
  name,
  label,
  searchLabel,
  noneLabel,
  choices,
  total,
  current,
}: {
  kind: "clients" | "projects" | "documents";
  id: string;
  name: string;
  label: string;
  searchLabel: string;
  noneLabel: string;
  choices: Choice[];
  total: number;
  current: Choice | null;
}) {
  const search = useChoiceSearch(kind, choices, total, current);
  return (
    <div className="space-y-1.5">
      <SelectField
        id={id}
        name={name}
        label={label}
        defaultValue={current?.value ?? ""}
        options={[{ value: "", label: noneLabel }, ...search.options]}
        onChange={search.onSelect}
      />
      {search.searchable ? (
        <ChoiceSearchInput
          label={searchLabel}
          value={search.query}
          onChange={search.setQuery}
          controls={id}
        />
      ) : null}
    </div>
  );
}
