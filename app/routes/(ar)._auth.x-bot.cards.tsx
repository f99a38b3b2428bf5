import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
} from "react-router";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { BinLink } from "~/components/records/list-page";
import { RestoreButton, UndoNotice } from "~/components/records/restore";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { Field, Input } from "~/components/ui/input";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { Pagination } from "~/components/ui/pagination";
import { SegmentedLinks } from "~/components/ui/segmented-links";
import { SelectField } from "~/components/ui/select";
import { TextareaField } from "~/components/ui/textarea";
import type { components } from "~/lib/api/schema";
import { getApiClient } from "~/lib/api.server";
import { useErrorText } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { pageLanguage } from "~/lib/i18n.server";
import { listingSchema } from "~/lib/listing";
import { deletedRecord, pageQuery, readListing } from "~/lib/listing.server";
import { mediaUrls } from "~/lib/media-library";
import { requirePermission } from "~/lib/permissions.server";
import { formatRelativeTime } from "~/lib/relative-time";
import { rethrowAsPageError, rethrowAsUnavailable } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { botDetailLimits } from "~/lib/xbot";
import {
  type CardsActionAnswer,
  cardButtonKinds,
  cardLimits,
  maxCardButtons,
} from "~/lib/xbot-cards";
import { cardsAction } from "./(ar)._auth.x-bot.cards.server";

export const handle = { title: "pages.xbot.cards" };

type BotItem = components["schemas"]["BotListItem"];
type MessageCard = components["schemas"]["BotCard"];

const pageSize = 24;

/** A bot's initials: the first letter or digit of its first two words ("Sales (copy)": SC). */
function botInitials(name: string) {
  return name
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? "")
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toLocaleUpperCase();
}
/** The library's newest images a card's form offers. */
const imageChoices = 24;

const Listing = listingSchema({
  tab: z.enum(["bots", "messages"]).catch("bots"),
  /** The message card whose form is open: "new", or its id. */
  card: z
    .union([z.literal("new"), z.uuid()])
    .optional()
    .catch(undefined),
  /** Asked without JavaScript: delete this bot, or this card? */
  confirm: z.uuid().optional().catch(undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const listing = readListing(request, Listing);
  const permissions = user.account.currentOrganizationPermissions;
  const canManage = permissions.includes("bots.manage");
  const now = Date.now();
  const current = await api.get("/user/current-bot").catch(rethrowAsUnavailable);
  const currentBot = current.bot
    ? { id: current.bot.id, name: current.bot.name, status: current.bot.status }
    : null;

  if (listing.tab === "messages") {
    const opening = canManage && listing.card && currentBot;
    const [cards, images] = await Promise.all([
      currentBot
        ? api.get("/bots/{id}/cards", { path: { id: currentBot.id } }).catch(rethrowAsPageError)
        : null,
      opening && permissions.includes("media.read")
        ? api
            .get("/media", { query: { kind: "image", limit: imageChoices } })
            .then((page) => page.items.map((item) => ({ id: item.id, title: item.title ?? "" })))
            .catch(() => [])
        : [],
    ]);
    return {
      tab: "messages" as const,
      listing,
      canManage,
      currentBot,
      cards: cards?.items ?? [],
      images,
      bots: null,
      undo: null,
      now,
    };
  }

  const [bots, undo] = await Promise.all([
    api
      .get("/bots", {
        query: { ...pageQuery(listing, pageSize), sort: listing.bin ? "-updated" : undefined },
      })
      .catch(rethrowAsUnavailable),
    deletedRecord(listing, (id) => api.get("/bots/{id}", { path: { id } })),
  ]);
  return {
    tab: "bots" as const,
    listing,
    canManage,
    currentBot,
    cards: [] as MessageCard[],
    images: [] as { id: string; title: string }[],
    bots,
    undo: undo ? { id: undo.id, name: undo.name } : null,
    now,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  // Choosing one's current bot is reading; the API refuses the changes to who may not make them.
  requirePermission(user, "bots.read");
  return cardsAction({
    request,
    form: await readForm(request),
    api: getApiClient(request, context, token),
    language: pageLanguage(request),
  });
}

/** The page's address with `changes` (the tab, a form open), dropping one visit's parameters. */
function usePageLink() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const search = new URLSearchParams(location.search);
    for (const name of ["notice", "confirm", "deleted", "card"]) search.delete(name);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) search.delete(name);
      else search.set(name, value);
    }
    if ("tab" in changes) {
      for (const name of ["q", "page", "bin"]) search.delete(name);
    }
    const query = search.toString();
    return `/x-bot/cards${query ? `?${query}` : ""}`;
  };
}

export default function XbotCardsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("xbot");
  const link = usePageLink();
  const location = useLocation();
  const tabTo = (tab: string) => {
    const search = new URLSearchParams({ tab });
    return `${location.pathname}?${search}`;
  };
  return (
    <div className="space-y-6">
      <div className="max-w-md">
        <SegmentedLinks
          label={t("cards.tabsLabel")}
          links={[
            {
              to: tabTo("bots"),
              label: t("cards.tabs.bots"),
              icon: "bot",
              current: loaded.tab === "bots",
            },
            {
              to: tabTo("messages"),
              label: t("cards.tabs.messages"),
              icon: "messages-square",
              current: loaded.tab === "messages",
            },
          ]}
        />
      </div>
      {loaded.tab === "bots" && loaded.bots ? (
        <BotsTab
          bots={loaded.bots}
          listing={loaded.listing}
          canManage={loaded.canManage}
          currentId={loaded.currentBot?.id ?? null}
          undo={loaded.undo}
          now={loaded.now}
        />
      ) : (
        <MessagesTab
          bot={loaded.currentBot}
          cards={loaded.cards}
          images={loaded.images}
          canManage={loaded.canManage}
          opened={loaded.listing.card}
          asking={loaded.listing.confirm}
          link={link}
        />
      )}
    </div>
  );
}

/** The answer of the page's action, when it is about `intent`. */
function useAnswer(intent: string) {
  const answer = useActionAnswer<typeof action>() as CardsActionAnswer | undefined;
  return answer?.intent === intent ? answer : undefined;
}

function CreateBotForm({ className }: { className?: string }) {
  const { t } = useTranslation("xbot");
  const errorText = useErrorText();
  const answer = useAnswer("create");
  const creating = useIsPending({ intent: "create" });
  return (
    <Form
      method="post"
      className={className ?? "flex flex-wrap items-end gap-3"}
      aria-label={t("cards.create.title")}
    >
      <input type="hidden" name="intent" value="create" />
      <Field
        id="bot-create-name"
        name="name"
        label={t("cards.create.name")}
        placeholder={t("cards.create.placeholder")}
        defaultValue={answer?.values?.name}
        maxLength={cardLimits.botName}
        required
        dir="auto"
        error={errorText(answer?.errors?.name ? [answer.errors.name] : undefined)}
        className="min-w-56 flex-1"
      />
      <Button type="submit" disabled={creating}>
        <Icon name="plus" />
        {t("cards.create.submit")}
      </Button>
      {answer?.formError ? (
        <p role="alert" className="w-full text-sm text-danger">
          {t(answer.formError)}
        </p>
      ) : null}
    </Form>
  );
}

function BotsTab({
  bots,
  listing,
  canManage,
  currentId,
  undo,
  now,
}: {
  bots: { items: BotItem[]; page: number; pageSize: number; total: number; totalCapped: boolean };
  listing: z.output<typeof Listing>;
  canManage: boolean;
  currentId: string | null;
  undo: { id: string; name: string } | null;
  now: number;
}) {
  const { t } = useTranslation("xbot");
  const bin = Boolean(listing.bin);
  const answer = useAnswer("make-current");
  return (
    <section aria-labelledby="bots-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="bots-heading" className="text-lg font-semibold">
          {bin ? t("cards.bin.title") : t("cards.list")}
        </h2>
        {bin ? (
          <LocalizedLink to="/x-bot/cards" className="text-sm text-accent hover:underline">
            {t("cards.bin.back")}
          </LocalizedLink>
        ) : null}
      </div>
      {bin ? <p className="text-sm text-text-muted">{t("cards.bin.description")}</p> : null}
      {undo ? (
        <UndoNotice id={undo.id} canRestore={canManage} restoreLabel={t("cards.undo.action")}>
          <IsolatedMessage ns="xbot" i18nKey="cards.undo.body" values={{ name: undo.name }} />
        </UndoNotice>
      ) : null}
      {answer?.formError ? (
        <FormAlert tone="error">
          <p>{t(answer.formError)}</p>
        </FormAlert>
      ) : null}

      {canManage && !bin && (bots.total > 0 || listing.q) ? (
        <div className="rounded-card border border-border bg-surface p-4 shadow-card">
          <h3 className="mb-3 text-sm font-semibold">{t("cards.create.title")}</h3>
          <CreateBotForm />
          <p className="mt-2 text-xs text-text-muted">{t("cards.create.hint")}</p>
        </div>
      ) : null}

      {!bin && (bots.total > 0 || listing.q) ? (
        <Form
          method="get"
          role="search"
          aria-label={t("cards.filters.label")}
          className="flex flex-wrap items-end gap-3 rounded-card border border-border bg-surface p-4 shadow-card"
        >
          <input type="hidden" name="tab" value="bots" />
          <div className="min-w-56 flex-1 space-y-1.5">
            <label htmlFor="bot-search" className="text-sm font-medium">
              {t("cards.filters.search")}
            </label>
            <Input
              id="bot-search"
              name="q"
              type="search"
              dir="auto"
              maxLength={200}
              defaultValue={listing.q}
              placeholder={t("cards.filters.placeholder")}
            />
          </div>
          <Button type="submit" variant="secondary">
            <Icon name="search" />
            {t("cards.filters.apply")}
          </Button>
        </Form>
      ) : null}

      {bots.items.length === 0 ? (
        bin ? (
          <EmptyState icon="trash-2" title={t("cards.bin.title")}>
            {t("cards.bin.empty")}
          </EmptyState>
        ) : listing.q ? (
          <EmptyState
            icon="search-x"
            title={t("cards.noMatch.title")}
            action={
              <Button variant="secondary" asChild>
                <LocalizedLink to="/x-bot/cards">{t("cards.noMatch.action")}</LocalizedLink>
              </Button>
            }
          >
            <IsolatedMessage
              ns="xbot"
              i18nKey="cards.noMatch.body"
              values={{ search: listing.q }}
            />
          </EmptyState>
        ) : (
          <EmptyState
            icon="bot"
            title={t("cards.empty.title")}
            action={canManage ? <FirstBotButton /> : undefined}
          >
            {canManage ? t("cards.empty.body") : t("cards.empty.bodyReader")}
          </EmptyState>
        )
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {bots.items.map((bot) => (
            <li key={bot.id} className="flex min-w-0">
              <BotCard
                bot={bot}
                current={bot.id === currentId}
                canManage={canManage}
                asking={listing.confirm === bot.id}
                now={now}
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination
        page={bots.page}
        pageSize={bots.pageSize}
        total={bots.total}
        totalCapped={bots.totalCapped}
        label={t("cards.pages")}
      />

      {bin || !canManage ? null : (
        <p className="text-sm">
          <BinLink to="/x-bot/cards?bin=1" label={t("cards.bin.link")} />
        </p>
      )}
    </section>
  );
}

/** The empty list's one button: a bot named for now, its details next. */
function FirstBotButton() {
  const { t } = useTranslation("xbot");
  const creating = useIsPending({ intent: "create" });
  const answer = useAnswer("create");
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="name" value={t("cards.empty.defaultName")} />
      <Button type="submit" disabled={creating}>
        <Icon name="plus" />
        {t("cards.empty.action")}
      </Button>
      {answer?.formError ? (
        <p role="alert" className="text-sm text-danger">
          {t(answer.formError)}
        </p>
      ) : null}
    </Form>
  );
}

function BotCard({
  bot,
  current,
  canManage,
  asking,
  now,
}: {
  bot: BotItem;
  current: boolean;
  canManage: boolean;
  asking: boolean;
  now: number;
}) {
  const { t } = useTranslation("xbot");
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const nameId = `bot-${bot.id}-name`;
  const deleted = Boolean(bot.deletedAt);
  const duplicating = useIsPending({ intent: "duplicate" });
  /** The copy's name in the page's language, cut to fit a bot's name. */
  const copyName = (name: string) => {
    const full = t("cards.copyName", { name });
    const over = full.length - botDetailLimits.name;
    return over > 0 ? t("cards.copyName", { name: name.slice(0, name.length - over) }) : full;
  };
  const choosing = useIsPending({ intent: "make-current" });
  return (
    <article
      aria-labelledby={nameId}
      data-testid="bot-card"
      className={`flex min-w-0 flex-1 flex-col gap-3 rounded-card border bg-surface p-4 shadow-card ${
        current ? "border-accent ring-1 ring-accent" : "border-border"
      }`}
    >
      <div className="flex items-start gap-3">
        <Avatar
          src={bot.avatarMediaId ? mediaUrls.thumbnail(bot.avatarMediaId) : null}
          fallback={botInitials(bot.name) || "?"}
          className="size-12 text-base"
          shape="square"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={nameId} className="font-semibold [overflow-wrap:anywhere]">
            {deleted ? (
              <bdi>{bot.name}</bdi>
            ) : (
              <LocalizedLink
                to={`/x-bot/details?bot=${bot.id}`}
                className="text-text hover:text-accent hover:underline"
              >
                <bdi>{bot.name}</bdi>
              </LocalizedLink>
            )}
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone={bot.status === "live" ? "success" : "neutral"}>
              {tc(`pages.xbot.status.${bot.status}`)}
            </Badge>
            {current && !deleted ? (
              <Badge tone="accent" className="gap-1">
                <Icon name="check" className="size-3" />
                {t("cards.current")}
              </Badge>
            ) : null}
          </div>
        </div>
      </div>
      {bot.description ? (
        <p dir="auto" className="line-clamp-2 text-sm text-text-muted [overflow-wrap:anywhere]">
          {bot.description}
        </p>
      ) : null}
      <p className="flex items-center gap-1.5 text-sm text-text-muted">
        <Icon name="messages-square" className="size-4" />
        {t("cards.conversations", { count: bot.conversations7d })}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-3">
        {deleted ? (
          <>
            <span className="me-auto text-xs text-text-muted">
              {t("cards.bin.deletedAt", {
                time: formatRelativeTime(bot.deletedAt as string, now, language),
              })}
            </span>
            {canManage ? (
              <RestoreButton id={bot.id} label={t("cards.bin.restoreLabel", { name: bot.name })}>
                {t("cards.bin.restore")}
              </RestoreButton>
            ) : null}
          </>
        ) : (
          <>
            {current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="make-current" />
                <input type="hidden" name="id" value={bot.id} />
                <Button
                  type="submit"
                  size="sm"
                  variant="secondary"
                  disabled={choosing}
                  aria-label={t("cards.makeCurrentLabel", { name: bot.name })}
                >
                  <Icon name="check" />
                  {t("cards.makeCurrent")}
                </Button>
              </Form>
            )}
            {canManage ? (
              <div className="ms-auto flex items-center gap-1">
                <Form method="post">
                  <input type="hidden" name="intent" value="duplicate" />
                  <input type="hidden" name="id" value={bot.id} />
                  <input type="hidden" name="name" value={copyName(bot.name)} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="ghost"
                    className="px-2"
                    disabled={duplicating}
                    aria-label={t("cards.duplicateLabel", { name: bot.name })}
                    title={t("cards.duplicate")}
                  >
                    <Icon name="copy" />
                  </Button>
                </Form>
                <div>
                  <ConfirmDialog
                    intent="delete"
                    fields={{ id: bot.id }}
                    asking={asking}
                    title={t("cards.confirmDelete.title", { name: bot.name })}
                    description={t("cards.confirmDelete.body")}
                    confirmLabel={t("cards.confirmDelete.confirm")}
                    cancelLabel={t("cards.confirmDelete.cancel")}
                    trigger={
                      <Button
                        type="submit"
                        size="sm"
                        variant="ghost"
                        className="px-2 text-danger"
                        aria-label={t("cards.deleteLabel", { name: bot.name })}
                        title={t("cards.delete")}
                      >
                        <Icon name="trash-2" />
                      </Button>
                    }
                  />
                </div>
              </div>
            ) : null}
          </>
        )}
      </div>
    </article>
  );
}

const kindIcons: Record<(typeof cardButtonKinds)[number], IconName> = {
  reply: "send-horizontal",
  link: "link",
  lead_form: "contact",
};

function MessagesTab({
  bot,
  cards,
  images,
  canManage,
  opened,
  asking,
  link,
}: {
  bot: { id: string; name: string } | null;
  cards: MessageCard[];
  images: { id: string; title: string }[];
  canManage: boolean;
  opened: string | undefined;
  asking: string | undefined;
  link: (changes: Record<string, string | null>) => string;
}) {
  const { t } = useTranslation("xbot");
  if (!bot) {
    return (
      <EmptyState
        icon="bot"
        title={t("messageCards.noBot.title")}
        action={
          canManage ? (
            <Button asChild>
              <LocalizedLink to="/x-bot/cards">{t("cards.tabs.bots")}</LocalizedLink>
            </Button>
          ) : undefined
        }
      >
        {t("messageCards.noBot.body")}
      </EmptyState>
    );
  }
  const editing = opened && opened !== "new" ? cards.find((card) => card.id === opened) : null;
  const formOpen = canManage && (opened === "new" || editing);
  const addButton = (
    <Button asChild>
      <LocalizedLink to={link({ tab: "messages", card: "new" })} preventScrollReset>
        <Icon name="plus" />
        {t("messageCards.add")}
      </LocalizedLink>
    </Button>
  );
  return (
    <section aria-labelledby="message-cards-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="message-cards-heading" className="text-lg font-semibold">
            <IsolatedMessage ns="xbot" i18nKey="messageCards.list" values={{ name: bot.name }} />
          </h2>
          <p className="text-sm text-text-muted">{t("messageCards.description")}</p>
        </div>
        {canManage && !formOpen && cards.length > 0 ? addButton : null}
      </div>
      {formOpen ? (
        <MessageCardForm
          key={editing?.id ?? "new"}
          botId={bot.id}
          card={editing ?? null}
          images={images}
          closeTo={link({ tab: "messages" })}
        />
      ) : null}
      {cards.length === 0 ? (
        formOpen ? null : (
          <EmptyState
            icon="messages-square"
            title={t("messageCards.empty.title")}
            action={canManage ? addButton : undefined}
          >
            {canManage ? t("messageCards.empty.body") : t("messageCards.empty.bodyReader")}
          </EmptyState>
        )
      ) : (
        <ol className="space-y-3">
          {cards.map((card, index) => (
            <li key={card.id}>
              <MessageCardItem
                card={card}
                botId={bot.id}
                canManage={canManage}
                first={index === 0}
                last={index === cards.length - 1}
                asking={asking === card.id}
                editTo={link({ tab: "messages", card: card.id })}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function MessageCardItem({
  card,
  botId,
  canManage,
  first,
  last,
  asking,
  editTo,
}: {
  card: MessageCard;
  botId: string;
  canManage: boolean;
  first: boolean;
  last: boolean;
  asking: boolean;
  editTo: string;
}) {
  const { t } = useTranslation("xbot");
  const titleId = `message-card-${card.id}`;
  const move = (direction: "up" | "down") => (
    <Form method="post">
      <input type="hidden" name="intent" value="card-move" />
      <input type="hidden" name="botId" value={botId} />
      <input type="hidden" name="cardId" value={card.id} />
      <input type="hidden" name="direction" value={direction} />
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        className="px-2"
        aria-label={t(direction === "up" ? "messageCards.moveUp" : "messageCards.moveDown", {
          title: card.title,
        })}
        title={t(direction === "up" ? "messageCards.moveUp" : "messageCards.moveDown", {
          title: card.title,
        })}
      >
        <Icon name="chevron-down" className={direction === "up" ? "rotate-180" : undefined} />
      </Button>
    </Form>
  );
  return (
    <article
      aria-labelledby={titleId}
      data-testid="message-card"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:flex-row"
    >
      <div className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-control bg-surface-muted text-text-muted">
        {card.imageMediaId ? (
          <img
            src={mediaUrls.thumbnail(card.imageMediaId)}
            alt=""
            className="size-full object-cover"
          />
        ) : (
          <span className="flex flex-col items-center gap-1 text-xs">
            <Icon name="image" className="size-5" />
            {t("messageCards.noImage")}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <h3 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
          <bdi>{card.title}</bdi>
        </h3>
        {card.text ? (
          <p className="text-sm whitespace-pre-line text-text-muted [overflow-wrap:anywhere]">
            <bdi>{card.text}</bdi>
          </p>
        ) : null}
        {card.buttons.length ? (
          <ul className="flex flex-wrap gap-2">
            {card.buttons.map((button, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a card's buttons are its rows
                key={index}
                className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border px-3 py-1 text-xs"
                title={t(`messageCards.kinds.${button.kind}`)}
              >
                <Icon name={kindIcons[button.kind]} className="size-3.5 shrink-0" />
                <span className="sr-only">{t(`messageCards.kinds.${button.kind}`)}: </span>
                <bdi className="truncate">{button.label}</bdi>
                {button.kind === "link" ? (
                  <bdi dir="ltr" className="truncate text-text-muted">
                    {button.value}
                  </bdi>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {card.whenToShow ? (
          <p className="text-xs text-text-muted [overflow-wrap:anywhere]">
            <span className="font-medium text-text">{t("messageCards.whenToShow")}: </span>
            <bdi>{card.whenToShow}</bdi>
          </p>
        ) : null}
        <p className="flex flex-wrap gap-x-4 text-xs text-text-muted">
          <span className="inline-flex items-center gap-1">
            <Icon name="eye" className="size-3.5" />
            {t("messageCards.views", { count: card.views })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Icon name="link" className="size-3.5" />
            {t("messageCards.clicks", { count: card.clicks })}
          </span>
        </p>
      </div>
      {canManage ? (
        <div className="flex shrink-0 flex-row flex-wrap items-start gap-1 sm:flex-col sm:items-end">
          <div className="flex gap-1">
            {first ? null : move("up")}
            {last ? null : move("down")}
          </div>
          <Button asChild size="sm" variant="secondary">
            <LocalizedLink
              to={editTo}
              preventScrollReset
              aria-label={t("messageCards.editLabel", { title: card.title })}
            >
              <Icon name="pencil" />
              {t("messageCards.edit")}
            </LocalizedLink>
          </Button>
          <ConfirmDialog
            intent="card-delete"
            fields={{ botId, cardId: card.id, tab: "messages" }}
            asking={asking}
            title={t("messageCards.confirmDelete.title", { title: card.title })}
            description={t("messageCards.confirmDelete.body")}
            confirmLabel={t("messageCards.confirmDelete.confirm")}
            cancelLabel={t("messageCards.confirmDelete.cancel")}
            trigger={
              <Button
                type="submit"
                size="sm"
                variant="ghost"
                className="text-danger"
                aria-label={t("messageCards.deleteLabel", { title: card.title })}
              >
                <Icon name="trash-2" />
                {t("messageCards.delete")}
              </Button>
            }
          />
        </div>
      ) : null}
    </article>
  );
}

function MessageCardForm({
  botId,
  card,
  images,
  closeTo,
}: {
  botId: string;
  card: MessageCard | null;
  images: { id: string; title: string }[];
  closeTo: string;
}) {
  const { t } = useTranslation("xbot");
  const errorText = useErrorText();
  const formId = useId();
  const saved = useAnswer("card-save");
  const answer = saved && (saved.cardId ?? null) === (card?.id ?? null) ? saved : undefined;
  const saving = useIsPending({ intent: "card-save" });
  const value = (name: string, fallback: string) => answer?.values?.[name] ?? fallback;
  const error = (name: string) =>
    errorText(answer?.errors?.[name] ? [answer.errors[name] as string] : undefined);
  const chosenImage = value("imageMediaId", card?.imageMediaId ?? "");
  const heading = card ? t("messageCards.form.editTitle") : t("messageCards.form.newTitle");
  return (
    <Form
      method="post"
      aria-labelledby={`${formId}-title`}
      className="space-y-5 rounded-card border border-border bg-surface p-4 shadow-card sm:p-6"
      preventScrollReset
    >
      <h3 id={`${formId}-title`} className="text-base font-semibold">
        {heading}
      </h3>
      <input type="hidden" name="intent" value="card-save" />
      <input type="hidden" name="botId" value={botId} />
      <input type="hidden" name="tab" value="messages" />
      {card ? (
        <>
          <input type="hidden" name="cardId" value={card.id} />
          <input type="hidden" name="version" value={card.version} />
        </>
      ) : null}
      {answer?.formError ? (
        <FormAlert tone="error">
          <p>{t(answer.formError)}</p>
        </FormAlert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          id={`${formId}-card-title`}
          name="title"
          label={t("messageCards.form.title")}
          defaultValue={value("title", card?.title ?? "")}
          maxLength={cardLimits.title}
          required
          dir="auto"
          error={error("title")}
        />
        <TextareaField
          id={`${formId}-card-when`}
          name="whenToShow"
          label={t("messageCards.form.whenToShow")}
          hint={t("messageCards.form.whenToShowHint")}
          defaultValue={value("whenToShow", card?.whenToShow ?? "")}
          maxLength={cardLimits.whenToShow}
          rows={2}
          dir="auto"
          error={error("whenToShow")}
        />
        <TextareaField
          id={`${formId}-card-text`}
          name="text"
          label={t("messageCards.form.text")}
          defaultValue={value("text", card?.text ?? "")}
          maxLength={cardLimits.text}
          rows={3}
          dir="auto"
          error={error("text")}
          className="md:col-span-2"
        />
      </div>

      <fieldset className="space-y-2" aria-describedby={`${formId}-image-hint`}>
        <legend className="text-sm font-medium">{t("messageCards.form.image")}</legend>
        <p id={`${formId}-image-hint`} className="text-xs text-text-muted">
          {images.length ? t("messageCards.form.imageHint") : t("messageCards.form.noImages")}
        </p>
        <div className="flex flex-wrap gap-2">
          <label className="grid size-20 cursor-pointer place-items-center rounded-control border border-border text-center text-xs text-text-muted has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent has-[:focus-visible]:outline-2">
            <input
              type="radio"
              name="imageMediaId"
              value=""
              defaultChecked={chosenImage === ""}
              className="sr-only"
            />
            {t("messageCards.form.imageNone")}
          </label>
          {images.map((image, index) => (
            <label
              key={image.id}
              className="size-20 cursor-pointer overflow-hidden rounded-control border border-border has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name="imageMediaId"
                value={image.id}
                defaultChecked={chosenImage === image.id}
                className="sr-only"
              />
              <img
                src={mediaUrls.thumbnail(image.id)}
                alt={image.title || t("messageCards.form.imageOf", { number: index + 1 })}
                className="size-full object-cover"
              />
            </label>
          ))}
        </div>
        {error("imageMediaId") ? (
          <p className="text-sm text-danger">{error("imageMediaId")}</p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3" aria-describedby={`${formId}-buttons-hint`}>
        <legend className="text-sm font-medium">{t("messageCards.form.buttons")}</legend>
        <p id={`${formId}-buttons-hint`} className="text-xs text-text-muted">
          {t("messageCards.form.buttonsHint")}
        </p>
        {error("buttons") ? <p className="text-sm text-danger">{error("buttons")}</p> : null}
        {Array.from({ length: maxCardButtons }, (_, index) => {
          const button = card?.buttons[index];
          const name = (field: string) => `buttons.${index}.${field}`;
          const kind = value(name("kind"), button?.kind ?? "reply");
          return (
            <fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: the form's rows are fixed
              key={index}
              className="grid gap-3 rounded-control border border-border p-3 md:grid-cols-[12rem_1fr_1.5fr]"
            >
              <legend className="sr-only">
                {t("messageCards.form.button", { number: index + 1 })}
              </legend>
              <SelectField
                id={`${formId}-button-${index}-kind`}
                name={name("kind")}
                label={`${t("messageCards.form.kind")} ${index + 1}`}
                defaultValue={kind}
                options={cardButtonKinds.map((one) => ({
                  value: one,
                  label: t(`messageCards.kinds.${one}`),
                }))}
                error={error(name("kind"))}
              />
              <Field
                id={`${formId}-button-${index}-label`}
                name={name("label")}
                label={`${t("messageCards.form.label")} ${index + 1}`}
                defaultValue={value(name("label"), button?.label ?? "")}
                maxLength={cardLimits.buttonLabel}
                dir="auto"
                error={error(name("label"))}
              />
              <Field
                id={`${formId}-button-${index}-value`}
                name={name("value")}
                label={`${t("messageCards.form.value")} ${index + 1}`}
                hint={
                  <IsolatedMessage
                    ns="xbot"
                    i18nKey={`messageCards.form.valueHints.${kind}`}
                    values={{}}
                  />
                }
                defaultValue={value(name("value"), button?.value ?? "")}
                maxLength={cardLimits.buttonValue}
                dir="auto"
                error={error(name("value"))}
              />
            </fieldset>
          );
        })}
      </fieldset>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={saving}>
          <Icon name="check" />
          {t("messageCards.form.save")}
        </Button>
        <Button asChild variant="secondary">
          <LocalizedLink to={closeTo} preventScrollReset>
            {t("messageCards.form.cancel")}
          </LocalizedLink>
        </Button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
