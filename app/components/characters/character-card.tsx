import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { type Character, fillCardNames, fillSegmentNames } from "~/lib/characters";
import { clientInitials } from "~/lib/clients";
import { formatRelativeTime } from "~/lib/relative-time";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { useReader } from "~/lib/use-reader";
import { LocalizedLink } from "../localized-link";
import { Avatar } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Highlighted } from "../ui/highlighted";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";

/** Private (its author's alone) or shared with the organization. */
export function VisibilityBadge({ visibility }: { visibility: Character["visibility"] }) {
  const { t } = useTranslation("characters");
  return (
    <Badge tone={visibility === "organization" ? "accent" : "neutral"} className="gap-1">
      <Icon name={visibility === "organization" ? "users" : "lock"} className="size-3" />
      {t(`visibility.${visibility}`)}
    </Badge>
  );
}

/** "Yours", or who wrote it. */
export function AuthorLine({ character }: { character: Character }) {
  const { t } = useTranslation("characters");
  return (
    <span className="text-xs text-text-muted [overflow-wrap:anywhere]">
      {character.mine ? (
        t("card.yours")
      ) : (
        <IsolatedMessage
          ns="characters"
          i18nKey="card.by"
          values={{ name: character.author.name }}
        />
      )}
    </span>
  );
}

/**
 * One character in the grid: its avatar, name, who wrote it and who sees it, the start of its
 * description, its tags (each a filter), and Chat and Open; in the bin, Restore.
 */
export function CharacterCard({
  character,
  openTo,
  tagTo,
  action,
  canChat,
  canWrite,
  now,
}: {
  character: Character;
  /** The list with this character's panel open. */
  openTo: string;
  /** The list filtered by a tag. */
  tagTo: (tag: string) => string;
  action: string;
  canChat: boolean;
  canWrite: boolean;
  now: number;
}) {
  const { t } = useTranslation("characters");
  const reader = useReader();
  const names = { char: character.name, user: reader || t("card.reader") };
  const language = useLanguage();
  const chatting = useIsPending({ intent: "chat", formAction: action });
  const startingChat = useIsPending({ intent: "new-chat", formAction: action });
  const restoring = useIsPending({ intent: "restore", formAction: action });
  const nameId = `character-${character.id}-name`;
  const editable = character.mine && canWrite;
  return (
    <article
      aria-labelledby={nameId}
      className="flex min-w-0 flex-1 flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <Avatar
          src={character.avatarUrl}
          fallback={clientInitials(character.name) || "?"}
          className="size-14 text-lg"
        />
        <div className="min-w-0 flex-1 space-y-1">
          {/* The name keeps its own direction, aligned with the page's beside the avatar. */}
          <h2 id={nameId} className="font-semibold [overflow-wrap:anywhere]">
            {character.deletedAt ? (
              <bdi>
                <Highlighted text={character.name} segments={character.highlights?.name} />
              </bdi>
            ) : (
              <LocalizedLink
                to={openTo}
                preventScrollReset
                className="text-text hover:text-accent hover:underline"
              >
                <bdi>
                  <Highlighted text={character.name} segments={character.highlights?.name} />
                </bdi>
              </LocalizedLink>
            )}
          </h2>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <VisibilityBadge visibility={character.visibility} />
            <AuthorLine character={character} />
          </div>
        </div>
      </div>
      {character.description ? (
        <p dir="auto" className="line-clamp-3 text-sm text-text-muted [overflow-wrap:anywhere]">
          <Highlighted
            text={fillCardNames(character.description, names)}
            segments={fillSegmentNames(character.highlights?.description, names)}
          />
        </p>
      ) : null}
      {character.tags.length ? (
        <ul aria-label={t("card.tags")} className="flex flex-wrap gap-1">
          {character.tags.slice(0, 8).map((tag) => (
            <li key={tag} className="min-w-0">
              {character.deletedAt ? (
                <Badge>
                  <bdi className="truncate">{tag}</bdi>
                </Badge>
              ) : (
                <LocalizedLink
                  to={tagTo(tag)}
                  aria-label={t("card.filterByTag", { tag })}
                  className="inline-flex h-6 max-w-full items-center rounded-full bg-surface-muted px-2.5 text-xs font-medium text-text-muted hover:bg-accent-soft hover:text-accent"
                >
                  <bdi className="truncate">{tag}</bdi>
                </LocalizedLink>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-3">
        {character.deletedAt ? (
          <>
            <span className="me-auto text-xs text-text-muted">
              {t("bin.deletedAt", {
                time: formatRelativeTime(character.deletedAt, now, language),
              })}
            </span>
            {canWrite ? (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="id" value={character.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={restoring}
                  aria-label={t("bin.restoreNamed", { name: character.name })}
                >
                  <Icon name="rotate-ccw" />
                  {t("bin.restore")}
                </Button>
              </Form>
            ) : null}
          </>
        ) : (
          <>
            {canChat ? (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="chat" />
                <input type="hidden" name="id" value={character.id} />
                <Button
                  type="submit"
                  size="sm"
                  disabled={chatting}
                  aria-label={t("actions.chatWith", { name: character.name })}
                  title={t("actions.chatHint", { name: character.name })}
                >
                  <Icon name="messages-square" />
                  {t("actions.chat")}
                </Button>
              </Form>
            ) : null}
            {canChat ? (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="new-chat" />
                <input type="hidden" name="id" value={character.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={startingChat}
                  aria-label={t("actions.newChatWith", { name: character.name })}
                >
                  <Icon name="plus" />
                  {t("actions.newChat")}
                </Button>
              </Form>
            ) : null}
            <Button variant="secondary" size="sm" asChild>
              <LocalizedLink
                to={openTo}
                preventScrollReset
                aria-label={
                  editable
                    ? t("actions.editNamed", { name: character.name })
                    : t("actions.viewNamed", { name: character.name })
                }
              >
                <Icon name={editable ? "pencil" : "eye"} />
                {editable ? t("actions.edit") : t("actions.view")}
              </LocalizedLink>
            </Button>
            <span className="ms-auto text-xs text-text-muted">
              {formatRelativeTime(character.updatedAt, now, language)}
            </span>
          </>
        )}
      </div>
    </article>
  );
}
