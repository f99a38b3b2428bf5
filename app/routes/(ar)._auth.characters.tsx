import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useLocation,
} from "react-router";
import { z } from "zod";
import { CharacterCard } from "~/components/characters/character-card";
import { CharacterImport } from "~/components/characters/character-import";
import { CharacterPanel, NewCharacterPanel } from "~/components/characters/character-panel";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { Pagination } from "~/components/ui/pagination";
import { SelectField } from "~/components/ui/select";
import { getApiClient } from "~/lib/api.server";
import { type CharacterActionAnswer, characterLimits, characterSorts } from "~/lib/characters";
import { characterAction, characterSuggestions } from "~/lib/characters.server";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { rethrowAsPageError } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useIsPending } from "~/lib/use-is-pending";

export const handle = { title: "characters:title" };

const pageSize = 24;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(200).catch(""),
  tag: z.string().trim().max(characterLimits.tag).catch(""),
  mine: z.literal("1").optional().catch(undefined),
  sort: z.enum(characterSorts).optional().catch(undefined),
  bin: z.literal("1").optional().catch(undefined),
  /** The character whose panel is open. */
  id: z.uuid().optional().catch(undefined),
  /** The create form's panel is open. */
  new: z.literal("1").optional().catch(undefined),
  /** Asked without JavaScript: delete the open character? */
  confirm: z.literal("delete").optional().catch(undefined),
  /** Just deleted: the list offers to undo it. */
  deleted: z.uuid().optional().catch(undefined),
  /** A character just added whose avatar the API refused: why. */
  avatarError: z.string().max(40).optional().catch(undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const listing = Listing.parse(Object.fromEntries(new URL(request.url).searchParams));
  const permissions = user.account.currentOrganizationPermissions;
  const now = Date.now();
  const none = { models: [] as string[], voices: [] as string[] };
  if (!permissions.includes("characters.read")) {
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
  const api = getApiClient(request, context, token);
  const [characters, opened, undo, suggestions] = await Promise.all([
    api
      .get("/characters", {
        query: {
          page: listing.page,
          pageSize,
          q: listing.q || undefined,
          tag: listing.tag || undefined,
          mine: listing.mine ? "true" : undefined,
          deleted: listing.bin ? "true" : undefined,
          sort: listing.sort === "relevance" ? undefined : listing.sort,
        },
      })
      .catch((error: unknown) => {
        throw serviceUnavailable(error);
      }),
    listing.id
      ? api.get("/characters/{id}", { path: { id: listing.id } }).catch(rethrowAsPageError)
      : null,
    listing.deleted
      ? api
          .get("/characters/{id}", { path: { id: listing.deleted } })
          .then((character) => (character.deletedAt ? character : null))
          .catch(() => null)
      : null,
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

function RestoreButton({ id, action, label }: { id: string; action: string; label: string }) {
  const restoring = useIsPending({ intent: "restore", formAction: action });
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" disabled={restoring}>
        <Icon name="rotate-ccw" />
        {label}
      </Button>
    </Form>
  );
}

export default function CharactersPage() {
  const { characters, opened, undo, listing, canWrite, canChat, models, voices, now } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as CharacterActionAnswer | undefined;
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
    <Button asChild>
      <LocalizedLink to={listWith({ new: "1" })} preventScrollReset>
        <Icon name="plus" />
        {label}
      </LocalizedLink>
    </Button>
  );
  const answer = actionData ?? avatarAnswer;
  const pageError =
    !opened && actionData && "error" in actionData ? t(actionData.error) : undefined;
  const sortOptions = characterSorts
    .filter((sort) => sort !== "relevance" || listing.q)
    .map((sort) => ({ value: sort, label: t(`sorts.${sort}`) }));

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
        <FormAlert tone="success">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>
              <IsolatedMessage ns="characters" i18nKey="undo.body" values={{ name: undo.name }} />
            </p>
            {canWrite ? (
              <RestoreButton id={undo.id} action={formAction} label={t("undo.action")} />
            ) : null}
          </div>
        </FormAlert>
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
        <Form
          method="get"
          role="search"
          aria-label={t("filters.label")}
          className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-[1fr_12rem_auto] md:items-end"
        >
          <div className="space-y-1.5">
            <label htmlFor="character-search" className="text-sm font-medium">
              {t("filters.search")}
            </label>
            <Input
              id="character-search"
              name="q"
              type="search"
              dir="auto"
              maxLength={200}
              defaultValue={listing.q}
              placeholder={t("filters.placeholder")}
            />
          </div>
          <SelectField
            id="character-sort"
            name="sort"
            label={t("filters.sort")}
            defaultValue={listing.sort ?? (listing.q ? "relevance" : "name")}
            options={sortOptions}
          />
          <Button type="submit" variant="secondary">
            <Icon name="search" />
            {t("filters.apply")}
          </Button>
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
        </Form>
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
            action={
              <Button variant="secondary" asChild>
                <LocalizedLink to="/characters">
                  <Icon name="x" />
                  {t("noMatch.action")}
                </LocalizedLink>
              </Button>
            }
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

      <Pagination
        page={characters.page}
        pageSize={characters.pageSize}
        total={characters.total}
        totalCapped={characters.totalCapped}
        label={t("pages")}
      />

      {bin || !canWrite ? null : (
        <p className="text-sm">
          <LocalizedLink
            to="/characters?bin=1"
            className="inline-flex items-center gap-1.5 text-text-muted hover:text-text"
          >
            <Icon name="trash-2" />
            {t("bin.link")}
          </LocalizedLink>
        </p>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
