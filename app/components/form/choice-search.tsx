import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { Icon } from "../ui/icon";
import { SelectField } from "../ui/select";

export type Choice = { value: string; label: string };

/** A pause in typing this long asks the server (ms). */
const searchDelayMs = 250;

/** The choices whose names match `q`, within `scope` (a query string); null when unanswered. */
async function askChoices(kind: string, scope: string, q: string) {
  const search = new URLSearchParams(scope);
  if (q) search.set("q", q);
  const response = await fetch(`/${kind}/choices?${search}`, {
    headers: { Accept: "application/json" },
  }).catch(() => null);
  return response?.ok ? ((await response.json()) as Choice[]) : null;
}

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
  /**
   * What the choices are narrowed to (`{ clientId }`: that client's projects and those without
   * one), as the page was rendered with it; when it changes, the choices are asked for again.
   */
  within: Record<string, string> = {},
) {
  const [found, setFound] = useState<Choice[] | null>(null);
  const [scoped, setScoped] = useState<{ scope: string; choices: Choice[] } | null>(null);
  const [chosen, setChosen] = useState<Choice | null>(current);
  const [query, setQuery] = useState("");
  const latest = useRef(0);
  const scope = new URLSearchParams(Object.entries(within).filter(([, value]) => value)).toString();
  const renderedScope = useRef(scope);
  useEffect(() => {
    if (!query.trim()) {
      setFound(null);
      return;
    }
    const request = ++latest.current;
    const timer = setTimeout(async () => {
      const choices = await askChoices(kind, scope, query.trim());
      if (choices && request === latest.current) setFound(choices);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [kind, query, scope]);
  useEffect(() => {
    if (scope === renderedScope.current) {
      setScoped(null);
      return;
    }
    let current = true;
    void askChoices(kind, scope, "").then((choices) => {
      if (current && choices) setScoped({ scope, choices });
    });
    return () => {
      current = false;
    };
  }, [kind, scope]);

  // A choice outside the new scope (another client's project) is dropped.
  useEffect(() => {
    if (scoped && chosen?.value && !scoped.choices.some((c) => c.value === chosen.value)) {
      setChosen(null);
    }
  }, [scoped, chosen]);

  const list = found ?? scoped?.choices ?? initial;
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
  return {
    searchable: total > initial.length,
    query,
    setQuery,
    options,
    onSelect,
    /** The chosen value, for a select the hook's owner controls. */
    value: chosen?.value ?? "",
  };
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
  within,
  error,
  onValueChange,
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
  /** What the choices are narrowed to (useChoiceSearch). */
  within?: Record<string, string>;
  /** The field's error, in words. */
  error?: string;
  /** Told each new choice, for a field that narrows another. */
  onValueChange?: (value: string) => void;
}) {
  const search = useChoiceSearch(kind, choices, total, current, within);
  return (
    <div className="space-y-1.5">
      <SelectField
        id={id}
        name={name}
        label={label}
        value={search.value}
        error={error}
        options={[{ value: "", label: noneLabel }, ...search.options]}
        onChange={(event) => {
          search.onSelect(event);
          onValueChange?.(event.target.value);
        }}
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
