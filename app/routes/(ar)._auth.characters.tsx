import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
} from "react-router";
import { z } from "zod";
import { CharacterCard } from "~/components/characters/character-card";
import { CharacterImport } from "~/components/characters/character-import";
import { CharacterPanel, NewCharacterPanel } from "~/components/characters/character-panel";
import { LocalizedLink } from "~/components/localized-link";
import {
  BinLink,
  ClearFiltersButton,
  ListPagination,
  ListSearchForm,
  NewButton,
} from "~/components/records/list-page";
import { UndoNotice } from "~/components/records/restore";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Checkbox } from "~/components/ui/checkbox";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { SelectField } from "~/components/ui/select";
import { getApiClient } from "~/lib/api.server";
import { type CharacterActionAnswer, characterLimits, characterSorts } from "~/lib/characters";
import { pageLanguage } from "~/lib/i18n.server";
import { listingSchema, optionalChoice, sortOptions } from "~/lib/listing";
import { deletedRecord, openListPage, pageQuery } from "~/lib/listing.server";
import { requirePermission } from "~/lib/permissions.server";
import { rethrowAsPageError, rethrowAsUnavailable } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { characterAction, characterSuggestions } from "./(ar)._auth.characters.server";

export const handle = { title: "characters:title" };

const pageSize = 24;

const Listing = listingSchema({
  tag: z.string().trim().max(characterLimits.tag).catch(""),
  mine: z.literal("1").optional().catch(undefined),
  sort: optionalChoice(characterSorts),
  /** The character whose panel is open. */
  id: z.uuid().optional().catch(undefined),
  /** The create form's panel is open. */
  new: z.literal("1").optional().catch(undefined),
  /** Asked without JavaScript: delete the open character? */
  confirm: z.literal("delete").optional().catch(undefined),
  /** A character just added whose avatar the API refused: why. */
  avatarError: z.string().max(40).optional().catch(undefined),
});

export async function loader(args: LoaderFunctionArgs) {
  const { user, listing, permissions, api } = await openListPage(args, Listing, "characters.read");
  const now = Date.now();
  const none = { models: [] as string[], voices: [] as string[] };
  if (!api) {
    return {
      characters: null,
      opened: null,
      undo: null,
      listing,
      canWrite: false,
      canChat: false,
      ...none,
      now,
    };
  }
  const canWrite = permissions.includes("characters.write");
  const [characters, opened, undo, suggestions] = await Promise.all([
    api
      .get("/characters", {
        query: {
          ...pageQuery(listing, pageSize),
          tag: listing.tag || undefined,
          mine: listing.mine ? "true" : undefined,
          // The API names no "relevance": it is its default while searching.
          sort: listing.sort === "relevance" ? undefined : listing.sort,
        },
      })
      .catch(rethrowAsUnavailable),
    listing.id
      ? api.get("/characters/{id}", { path: { id: listing.id } }).catch(rethrowAsPageError)
      : null,
    deletedRecord(listing, (id) => api.get("/characters/{id}", { path: { id } })),
    canWrite && (listing.id || listing.new) ? characterSuggestions(api, user) : none,
  ]);
  return {
    characters,
    opened,
    undo,
    listing,
    canWrite,
    canChat: permissions.includes("threads.write"),
    ...suggestions,
    now,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "characters.read");
  return characterAction({
    request,
    api: getApiClient(request, context, token),
    language: pageLanguage(request),
  });
}

/** Parameters of one visit of the list (a panel, a notice), not of the list itself. */
const visitParams = ["id", "new", "notice", "confirm", "deleted", "avatarError"];

/** The list's own address (`/characters?q=…`) with `changes`, and the page's form address. */
function useAddresses() {
  const location = useLocation();
  return useMemo(() => {
    const current = new URLSearchParams(location.search);
    const list = new URLSearchParams(current);
    for (const name of visitParams) list.delete(name);
    const listWith = (changes: Record<string, string | null>) => {
      const search = new URLSearchParams(list);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) search.delete(name);
        else search.set(name, value);
      }
      if ("tag" in changes || "q" in changes || "mine" in changes) search.delete("page");
      const query = search.toString();
      return `/characters${query ? `?${query}` : ""}`;
    };
    // Forms post to the page as it is (its panel open), without a notice of before.
    const posted = new URLSearchParams(current);
    for (const name of ["notice", "confirm", "avatarError", "deleted"]) posted.delete(name);
    const postedQuery = posted.toString();
    return {
      listTo: listWith({}),
      listWith,
      formAction: `${location.pathname}${postedQuery ? `?${postedQuery}` : ""}`,
    };
  }, [location.pathname, location.search]);
}

/** Mine only, and the tag chosen from a card (with a way to drop it). */
function CharacterFilters({
  listing,
  listWith,
}: {
  listing: { tag: string; mine?: "1" };
  listWith: (changes: Record<string, string | null>) => string;
}) {
  const { t } = useTranslation("characters");
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 md:col-span-3">
      <Checkbox
        id="character-mine"
        name="mine"
        value="1"
        defaultChecked={Boolean(listing.mine)}
        label={t("filters.mine")}
      />
      {listing.tag ? (
        <>
          <input type="hidden" name="tag" value={listing.tag} />
          <span className="inline-flex min-w-0 items-center gap-1 rounded-full bg-accent-soft py-0.5 ps-3 pe-1 text-sm text-accent">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <IsolatedMessage
                ns="characters"
                i18nKey="filters.tag"
                values={{ tag: listing.tag }}
              />
            </span>
            <LocalizedLink
              to={listWith({ tag: null })}
              aria-label={t("filters.removeTag", { tag: listing.tag })}
              title={t("filters.removeTag", { tag: listing.tag })}
              className="rounded-full p-1 hover:bg-accent/10"
            >
              <Icon name="x" className="size-3.5" />
            </LocalizedLink>
          </span>
        </>
      ) : null}
    </div>
  );
}

export default function CharactersPage() {
  const { characters, opened, undo, listing, canWrite, canChat, models, voices, now } =
    useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>() as CharacterActionAnswer | undefined;
  const { t } = useTranslation("characters");
  const { listTo, listWith, formAction } = useAddresses();

  // A character just added whose avatar was refused: its form says why, as after a save.
  const avatarAnswer = useMemo<CharacterActionAnswer | undefined>(
    () =>
      listing.avatarError
        ? {
            intent: "update",
            result: { status: "error", error: { avatar: [listing.avatarError] } },
          }
        : undefined,
    [listing.avatarError],
  );

  if (!characters) {
    return (
      <PageShell title={t("title")} description={t("description")}>
        <EmptyState icon="drama" title={t("noAccess.title")}>
          {t("noAccess.body")}
        </EmptyState>
      </PageShell>
    );
  }

  const bin = Boolean(listing.bin);
  const filtered = Boolean(listing.q || listing.tag || listing.mine);
  const newButton = (label: string) => (
    <NewButton to={listWith({ new: "1" })} label={label} preventScrollReset />
  );
  const answer = actionData ?? avatarAnswer;
  const pageError =
    !opened && actionData && "error" in actionData ? t(actionData.error) : undefined;

  return (
    <PageShell
      title={bin ? t("bin.title") : t("title")}
      description={bin ? t("bin.description") : t("description")}
      back={bin ? { to: "/characters", label: t("title") } : undefined}
      actions={
        canWrite && !bin ? (
          <>
            <CharacterImport
              action={formAction}
              result={actionData?.intent === "import" ? actionData.result : undefined}
            />
            {newButton(t("newCharacter"))}
          </>
        ) : undefined
      }
    >
      {undo ? (
        <UndoNotice
          id={undo.id}
          canRestore={canWrite}
          restoreLabel={t("undo.action")}
          action={formAction}
        >
          <IsolatedMessage ns="characters" i18nKey="undo.body" values={{ name: undo.name }} />
        </UndoNotice>
      ) : null}
      {pageError ? (
        <FormAlert tone="error">
          <p>{pageError}</p>
        </FormAlert>
      ) : null}

      {listing.new && canWrite ? (
        <NewCharacterPanel
          action={formAction}
          closeTo={listTo}
          answer={answer}
          models={models}
          voices={voices}
        />
      ) : opened ? (
        <CharacterPanel
          key={opened.id}
          character={opened}
          canWrite={canWrite}
          canChat={canChat}
          askingDelete={listing.confirm === "delete"}
          action={formAction}
          closeTo={listTo}
          answer={answer}
          models={models}
          voices={voices}
        />
      ) : null}

      {bin ? null : (
        <ListSearchForm
          ns="characters"
          className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-[1fr_12rem_auto] md:items-end"
          searchId="character-search"
          q={listing.q}
          after={<CharacterFilters listing={listing} listWith={listWith} />}
        >
          <SelectField
            id="character-sort"
            name="sort"
            label={t("filters.sort")}
            defaultValue={listing.sort ?? (listing.q ? "relevance" : "name")}
            options={sortOptions(characterSorts, listing.q, (sort) => t(`sorts.${sort}`))}
          />
        </ListSearchForm>
      )}

      {characters.items.length === 0 ? (
        bin ? (
          <EmptyState icon="trash-2" title={t("bin.title")}>
            {t("bin.empty")}
          </EmptyState>
        ) : filtered ? (
          <EmptyState
            icon="search-x"
            title={t("noMatch.title")}
            action={<ClearFiltersButton to="/characters" label={t("noMatch.action")} />}
          >
            {listing.q ? (
              <IsolatedMessage
                ns="characters"
                i18nKey="noMatch.body"
                values={{ search: listing.q }}
              />
            ) : (
              t("noMatch.bodyFilters")
            )}
          </EmptyState>
        ) : (
          <EmptyState
            icon="drama"
            title={t("empty.title")}
            action={canWrite ? newButton(t("empty.action")) : undefined}
          >
            {canWrite ? t("empty.body") : t("empty.bodyReader")}
          </EmptyState>
        )
      ) : (
        <section aria-label={bin ? t("bin.title") : t("list")}>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {characters.items.map((character) => (
              <li key={character.id} className="flex min-w-0">
                <CharacterCard
                  character={character}
                  openTo={listWith({ id: character.id })}
                  tagTo={(tag) => listWith({ tag })}
                  action={formAction}
                  canChat={canChat}
                  canWrite={canWrite}
                  now={now}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <ListPagination ns="characters" list={characters} />

      {bin || !canWrite ? null : (
        <p className="text-sm">
          <BinLink to="/characters?bin=1" label={t("bin.link")} />
        </p>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
