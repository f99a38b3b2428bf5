import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useAppForm } from "~/lib/app-form";
import {
  type Character,
  type CharacterActionAnswer,
  CloneFields,
  characterLimits,
  fillCardNames,
} from "~/lib/characters";
import { clientInitials } from "~/lib/clients";
import { useIsPending } from "~/lib/use-is-pending";
import { useReader } from "~/lib/use-reader";
import { InputField } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { LocalizedLink } from "../localized-link";
import { DeleteSection } from "../records/delete-section";
import { StaleVersionAlert } from "../records/versioned-record";
import { Avatar } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { DrawerDialog } from "../ui/drawer-dialog";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";
import { AuthorLine, VisibilityBadge } from "./character-card";
import { CharacterForm } from "./character-form";

type Shared = {
  /** Where the panel's forms post: the page as it is. */
  action: string;
  /** The list without the panel. */
  closeTo: string;
  answer?: CharacterActionAnswer;
  models: string[];
  voices: string[];
};

function CancelLink({ to }: { to: string }) {
  const { t } = useTranslation("characters");
  return (
    <Button variant="ghost" asChild>
      <LocalizedLink to={to} preventScrollReset>
        {t("common:actions.cancel")}
      </LocalizedLink>
    </Button>
  );
}

/** The create form, in its panel (`?new=1`). */
export function NewCharacterPanel({ action, closeTo, answer, models, voices }: Shared) {
  const { t } = useTranslation("characters");
  return (
    <DrawerDialog
      labelId="character-panel-title"
      title={t("panel.newTitle")}
      closeTo={closeTo}
      closeLabel={t("panel.close")}
    >
      {() => (
        <CharacterForm
          intent="create"
          action={action}
          result={answer?.intent === "create" ? answer : undefined}
          models={models}
          voices={voices}
          cancel={<CancelLink to={closeTo} />}
        />
      )}
    </DrawerDialog>
  );
}

/**
 * One character in its panel (`?id=`): what can be done with it (chat, export, share, clone,
 * delete), and its edit form for its author, or its card for the others.
 */
export function CharacterPanel({
  character,
  canWrite,
  canChat,
  askingDelete,
  action,
  closeTo,
  answer,
  models,
  voices,
}: Shared & {
  character: Character;
  canWrite: boolean;
  canChat: boolean;
  askingDelete: boolean;
}) {
  const { t } = useTranslation("characters");
  const editable = character.mine && canWrite && !character.deletedAt;
  const actionError = answer && "error" in answer ? answer.error : null;
  return (
    <DrawerDialog
      labelId="character-panel-title"
      title={character.name}
      closeTo={closeTo}
      closeLabel={t("panel.close")}
      image={
        <Avatar
          src={character.avatarUrl}
          fallback={clientInitials(character.name) || "?"}
          className="size-14 text-lg"
        />
      }
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          <VisibilityBadge visibility={character.visibility} />
          <AuthorLine character={character} />
        </span>
      }
    >
      {(container) => (
        <>
          {actionError ? (
            <FormAlert tone="error">
              <p>{t(actionError)}</p>
            </FormAlert>
          ) : null}
          {answer && "stale" in answer && answer.stale ? (
            <StaleVersionAlert
              title={t("stale.title")}
              body={t("stale.body")}
              reloadTo={`/characters?id=${character.id}`}
              reloadLabel={t("stale.reload")}
            />
          ) : null}
          {character.deletedAt ? null : (
            <PanelActions
              character={character}
              editable={editable}
              canChat={canChat}
              action={action}
            />
          )}
          {editable ? (
            <CharacterForm
              key={`${character.id}:${character.visibility}`}
              intent="update"
              action={action}
              initial={character}
              result={answer?.intent === "update" ? answer : undefined}
              models={models}
              voices={voices}
              cancel={<CancelLink to={closeTo} />}
            />
          ) : (
            <CharacterDetails character={character} />
          )}
          {canWrite && !character.deletedAt ? (
            <CloneSection character={character} action={action} answer={answer} />
          ) : null}
          {editable ? (
            <DeleteSection
              variant="panel"
              id="character-delete"
              title={t("delete.section")}
              description={t("delete.description")}
              fields={{ id: character.id }}
              container={container}
              asking={askingDelete}
              question={
                <IsolatedMessage
                  ns="characters"
                  i18nKey="delete.title"
                  values={{ name: character.name }}
                />
              }
              confirmLabel={t("delete.confirm")}
              buttonLabel={t("delete.button")}
            />
          ) : null}
        </>
      )}
    </DrawerDialog>
  );
}

/** Chat, export, and share or unshare for its author. */
function PanelActions({
  character,
  editable,
  canChat,
  action,
}: {
  character: Character;
  editable: boolean;
  canChat: boolean;
  action: string;
}) {
  const { t } = useTranslation("characters");
  const chatting = useIsPending({ intent: "chat", formAction: action });
  const startingChat = useIsPending({ intent: "new-chat", formAction: action });
  const sharing = useIsPending({ intent: "share", formAction: action });
  const shared = character.visibility === "organization";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canChat ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="chat" />
          <input type="hidden" name="id" value={character.id} />
          <Button
            type="submit"
            disabled={chatting}
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
          <Button type="submit" variant="secondary" disabled={startingChat}>
            <Icon name="plus" />
            {t("actions.newChat")}
          </Button>
        </Form>
      ) : null}
      <Button variant="secondary" asChild>
        <a href={`/characters/${character.id}/export?format=json`} download>
          <Icon name="download" />
          {t("actions.exportJson")}
        </a>
      </Button>
      <Button variant="secondary" asChild>
        <a href={`/characters/${character.id}/export?format=png`} download>
          <Icon name="image" />
          {t("actions.exportPng")}
        </a>
      </Button>
      {editable ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="share" />
          <input type="hidden" name="id" value={character.id} />
          <input type="hidden" name="version" value={character.version} />
          <input type="hidden" name="visibility" value={shared ? "private" : "organization"} />
          <Button type="submit" variant="secondary" disabled={sharing}>
            <Icon name={shared ? "lock" : "users"} />
            {shared ? t("actions.unshare") : t("actions.share")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** A private copy of one's own, under the name given or its own. */
function CloneSection({
  character,
  action,
  answer,
}: {
  character: Character;
  action: string;
  answer?: CharacterActionAnswer;
}) {
  const { t } = useTranslation("characters");
  const [form, fields] = useAppForm(CloneFields, {
    id: "character-clone",
    lastResult: answer?.intent === "clone" ? answer.result : undefined,
  });
  const cloning = useIsPending({ intent: "clone", formAction: action });
  return (
    <section
      aria-labelledby="character-clone-title"
      className="space-y-3 rounded-control border border-border p-4"
    >
      <h3 id="character-clone-title" className="text-sm font-semibold">
        {t("clone.section")}
      </h3>
      <p className="text-sm text-text-muted">{t("clone.hint")}</p>
      <FormErrors errors={form.errors} />
      <Form
        method="post"
        action={action}
        className="flex flex-wrap items-end gap-3"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="clone" />
        <input type="hidden" name="id" value={character.id} />
        <InputField
          meta={fields.name}
          label={t("clone.name")}
          placeholder={character.name}
          maxLength={characterLimits.name}
          autoComplete="off"
          dir="auto"
          className="min-w-0 flex-1 basis-60"
        />
        <Button type="submit" variant="secondary" disabled={cloning}>
          <Icon name="copy" />
          {t("clone.button")}
        </Button>
      </Form>
    </section>
  );
}

function TagList({ tags }: { tags: string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag}>
          <bdi>{tag}</bdi>
        </Badge>
      ))}
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs font-medium text-text-muted">{label}</dt>
      <dd dir="auto" className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">
        {children}
      </dd>
    </div>
  );
}

/** Someone else's shared character, as its card has it. */
function CharacterDetails({ character }: { character: Character }) {
  const { t } = useTranslation("characters");
  const reader = useReader();
  const names = { char: character.name, user: reader || t("card.reader") };
  const texts = [
    ["description", fillCardNames(character.description, names)],
    ["personality", fillCardNames(character.personality, names)],
    ["scenario", fillCardNames(character.scenario, names)],
    ["firstMessage", fillCardNames(character.firstMessage, names)],
    ["exampleMessages", fillCardNames(character.exampleMessages, names)],
    ["systemPrompt", character.systemPrompt],
    ["postHistoryInstructions", character.postHistoryInstructions],
    ["creator", character.creator],
    ["characterVersion", character.characterVersion],
    ["creatorNotes", character.creatorNotes],
    ["defaultModel", character.defaultModel ?? ""],
    ["defaultVoice", character.defaultVoice ?? ""],
  ] as const;
  const entries = character.characterBook?.entries ?? [];
  return (
    <dl className="space-y-4">
      {character.tags.length ? (
        <Detail label={t("fields.tags")}>
          <TagList tags={character.tags} />
        </Detail>
      ) : null}
      {texts
        .filter(([, value]) => value)
        .map(([name, value]) => (
          <Detail key={name} label={t(`fields.${name}`)}>
            {value}
          </Detail>
        ))}
      {character.alternateGreetings.map((greeting, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the greetings are shown as they are
        <Detail key={`greeting-${index}`} label={t("fields.greeting", { number: index + 1 })}>
          {fillCardNames(greeting, names)}
        </Detail>
      ))}
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the entries are shown as they are
        <Detail key={`entry-${index}`} label={t("fields.entry", { number: index + 1 })}>
          <TagList tags={entry.keys} />
          <span className="mt-1 block">{entry.content}</span>
        </Detail>
      ))}
    </dl>
  );
}
