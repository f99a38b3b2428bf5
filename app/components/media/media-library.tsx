import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLoaderData, useLocation, useNavigation } from "react-router";
import {
  creatorPath,
  filterParams,
  hasFilters,
  type MediaActionAnswer,
  type MediaKind,
  visitParams,
} from "~/lib/media-library";
import type { LibraryData } from "~/lib/media-library.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { EmptyState } from "../ui/empty-state";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import type { IconName } from "../ui/icons/icon-names";
import { IsolatedMessage } from "../ui/isolated-message";
import { PageShell } from "../ui/page-shell";
import { MediaDetail, useItemTitle } from "./media-detail";
import { MediaFilters } from "./media-filters";
import { MediaItems } from "./media-items";

const kindIcons: Record<MediaKind, IconName> = {
  image: "image",
  audio: "audio-lines",
  video: "clapperboard",
};

/** The library's addresses: its filters alone, with an item open, and where its forms post. */
function useAddresses(kind: MediaKind) {
  const location = useLocation();
  return useMemo(() => {
    const current = new URLSearchParams(location.search);
    const filters = new URLSearchParams();
    for (const name of filterParams) {
      const value = current.get(name);
      if (value) filters.set(name, value);
    }
    const search = filters.toString();
    const listTo = `/${kind}${search ? `?${search}` : ""}`;
    // The list as it is shown (its page too), with an item's dialog open.
    const shown = new URLSearchParams(current);
    for (const name of visitParams) if (name !== "cursor") shown.delete(name);
    const openTo = (id: string) => {
      const next = new URLSearchParams(shown);
      next.set("id", id);
      return `/${kind}?${next}`;
    };
    const closeParams = shown.toString();
    const posted = new URLSearchParams(current);
    for (const name of ["confirm", "deleted"]) posted.delete(name);
    const postedQuery = posted.toString();
    return {
      search,
      listTo,
      closeTo: `/${kind}${closeParams ? `?${closeParams}` : ""}`,
      openTo,
      formAction: `${location.pathname}${postedQuery ? `?${postedQuery}` : ""}`,
      list: closeParams,
    };
  }, [kind, location.pathname, location.search]);
}

function RestoreButton({ id, action, label }: { id: string; action: string; label: string }) {
  const restoring = useIsPending({ intent: "restore", formAction: action });
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" disabled={restoring}>
        <Icon name="undo-2" />
        {label}
      </Button>
    </Form>
  );
}

/**
 * A library (/image, /audio, /video): the filters, the items (virtualised, a further page at a
 * time), an item's dialog (`?id=`), and the undo of a delete. New items come in as the
 * organization's events revalidate the page (app/components/realtime.tsx).
 */
export function MediaLibraryPage({ kind }: { kind: MediaKind }) {
  const data = useLoaderData() as LibraryData;
  const actionData = useActionAnswer() as MediaActionAnswer | undefined;
  const { t } = useTranslation("media");
  const navigation = useNavigation();
  const titleOf = useItemTitle();
  const addresses = useAddresses(kind);
  const { page, query, opened, undo, canWrite, canCreate } = data;

  const creatorLink = (label: string, variant: "primary" | "secondary" = "primary") => (
    <Button variant={variant} asChild>
      <LocalizedLink to={creatorPath(kind)}>
        <Icon name="sparkles" />
        {label}
      </LocalizedLink>
    </Button>
  );

  if (!page) {
    return (
      <PageShell title={t(`${kind}.title`)} description={t(`${kind}.description`)}>
        <EmptyState icon={kindIcons[kind]} title={t("noAccess.title")}>
          {t("noAccess.body")}
        </EmptyState>
      </PageShell>
    );
  }

  const filtered = hasFilters(query);
  const models = [
    ...new Set(
      [query.model, ...page.items.map((item) => item.model)].filter((model): model is string =>
        Boolean(model),
      ),
    ),
  ];
  const pageError =
    !opened?.item && actionData && "error" in actionData ? t(actionData.error) : undefined;
  // A new search or filter is on its way: the list shown is the one before it.
  const searching =
    navigation.state === "loading" &&
    navigation.location.pathname === addresses.formAction.split("?")[0] &&
    !new URLSearchParams(navigation.location.search).has("id");

  return (
    <PageShell
      title={t(`${kind}.title`)}
      description={t(`${kind}.description`)}
      actions={canCreate ? creatorLink(t(`${kind}.create`)) : undefined}
    >
      {undo ? (
        <FormAlert tone="success">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>
              <IsolatedMessage ns="media" i18nKey="undo.body" values={{ title: titleOf(undo) }} />
            </p>
            {canWrite ? (
              <RestoreButton id={undo.id} action={addresses.formAction} label={t("undo.action")} />
            ) : null}
          </div>
        </FormAlert>
      ) : null}
      {pageError ? (
        <FormAlert tone="error">
          <p>{pageError}</p>
        </FormAlert>
      ) : null}

      {opened?.item ? (
        <MediaDetail
          key={opened.item.id}
          item={opened.item}
          job={opened.job}
          variants={opened.variants}
          members={data.members}
          projects={data.projects}
          clients={data.clients}
          canWrite={canWrite}
          askingDelete={query.confirm === "delete"}
          action={addresses.formAction}
          list={addresses.list}
          closeTo={addresses.closeTo}
          openTo={addresses.openTo}
          answer={actionData}
        />
      ) : null}

      <MediaFilters
        kind={kind}
        query={query}
        models={models}
        members={data.members}
        projects={data.projects}
        clients={data.clients}
        filtered={filtered}
      />

      <div
        aria-busy={searching || undefined}
        className={cx(searching && "opacity-60 transition-opacity")}
      >
        {page.items.length === 0 && !data.cursor ? (
          filtered ? (
            <EmptyState
              icon="search-x"
              title={t("noMatch.title")}
              action={
                <Button variant="secondary" asChild>
                  <LocalizedLink to={`/${kind}`}>
                    <Icon name="x" />
                    {t("filters.clear")}
                  </LocalizedLink>
                </Button>
              }
            >
              {query.q ? (
                <IsolatedMessage ns="media" i18nKey="noMatch.body" values={{ search: query.q }} />
              ) : (
                t("noMatch.bodyFilters")
              )}
            </EmptyState>
          ) : (
            <EmptyState
              icon={kindIcons[kind]}
              title={t(`${kind}.emptyTitle`)}
              action={canCreate ? creatorLink(t(`${kind}.emptyAction`)) : undefined}
            >
              {canCreate ? t(`${kind}.emptyBody`) : t("emptyReader")}
            </EmptyState>
          )
        ) : (
          <MediaItems
            key={`${addresses.search}|${data.cursor ?? ""}`}
            kind={kind}
            first={page}
            cursor={data.cursor}
            search={addresses.search}
            openTo={addresses.openTo}
            favouriteAction={canWrite ? addresses.formAction : undefined}
          />
        )}
      </div>
    </PageShell>
  );
}
