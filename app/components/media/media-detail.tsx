import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useAppForm } from "~/lib/app-form";
import { silenceOf } from "~/lib/creator-kinds";
import {
  formatBytes,
  formatClock,
  type Job,
  type MediaActionAnswer,
  type MediaItem,
  MoveFields,
  mediaTitleMaxLength,
  mediaUrls,
  promptTitle,
  RenameFields,
  reusePath,
} from "~/lib/media-library";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { SilentNote } from "../creators/silent-note";
import { InputField, SelectInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { LocalizedLink } from "../localized-link";
import { DeleteSection } from "../records/delete-section";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { DrawerDialog } from "../ui/drawer-dialog";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import { IsolatedMessage } from "../ui/isolated-message";
import { MediaPreview } from "./media-preview";

type Choice = { value: string; label: string };

export type DetailProps = {
  item: MediaItem;
  job: Job | null;
  variants: MediaItem[];
  members: Choice[];
  projects: Choice[];
  clients: Choice[];
  canWrite: boolean;
  askingDelete: boolean;
  /** Where the dialog's forms post: the page as it is. */
  action: string;
  /** The library's query, carried by the delete confirmation (which posts to the route). */
  list: string;
  closeTo: string;
  openTo: (id: string) => string;
  answer?: MediaActionAnswer;
};

/** The title an item shows: its own, else its prompt's first words, else what it is. */
export function useItemTitle() {
  const { t } = useTranslation("media");
  return (item: Pick<MediaItem, "title" | "kind" | "prompt">) =>
    item.title || promptTitle(item.prompt) || t(`untitled.${item.kind}`);
}

function useDateTime() {
  const language = useLanguage();
  return (value: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(value),
    );
}

/**
 * An item in its dialog (`?id=`): the image, sound or film itself, what it was made with, its
 * variants and its job's log, and what can be done with it: favourite, rename, move to a project
 * or client, download, reuse its settings, delete.
 */
export function MediaDetail(props: DetailProps) {
  const {
    item,
    job,
    variants,
    members,
    projects,
    clients,
    canWrite,
    askingDelete,
    closeTo,
    answer,
  } = props;
  const { t } = useTranslation("media");
  const language = useLanguage();
  const titleOf = useItemTitle();
  const dateTime = useDateTime();
  const author = members.find((member) => member.value === item.authorId)?.label;
  const project = projects.find((choice) => choice.value === item.projectId)?.label;
  const client = clients.find((choice) => choice.value === item.clientId)?.label;
  const actionError = answer && "error" in answer ? answer.error : null;
  return (
    <DrawerDialog
      labelId="media-dialog-title"
      title={titleOf(item)}
      closeTo={closeTo}
      closeLabel={t("detail.close")}
      focusClose
      subtitle={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{dateTime(item.createdAt)}</span>
          {author ? (
            <IsolatedMessage ns="media" i18nKey="detail.by" values={{ name: author }} />
          ) : null}
          {item.favourite ? (
            <Badge tone="accent" className="gap-1">
              <Icon name="star" className="size-3" />
              {t("detail.favourite")}
            </Badge>
          ) : null}
          {project ? (
            <Badge className="gap-1">
              <Icon name="folder-kanban" className="size-3" />
              <IsolatedMessage ns="media" i18nKey="detail.inProject" values={{ name: project }} />
            </Badge>
          ) : null}
          {client ? (
            <Badge className="gap-1">
              <Icon name="contact" className="size-3" />
              <IsolatedMessage ns="media" i18nKey="detail.forClient" values={{ name: client }} />
            </Badge>
          ) : null}
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
          <MediaPreview item={item} alt={item.prompt || titleOf(item)} />
          <DetailActions {...props} />

          {canWrite ? (
            <section aria-labelledby="media-edit-title" className="space-y-4">
              <h3 id="media-edit-title" className="text-sm font-semibold">
                {t("detail.organise")}
              </h3>
              <RenameForm {...props} />
              <MoveForm {...props} />
            </section>
          ) : null}

          <section aria-labelledby="media-prompt-title" className="space-y-2">
            <h3 id="media-prompt-title" className="text-sm font-semibold">
              {t("detail.prompt")}
            </h3>
            {item.prompt ? (
              <p dir="auto" className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">
                {item.prompt}
              </p>
            ) : (
              <p className="text-sm text-text-muted">{t("detail.noPrompt")}</p>
            )}
          </section>

          <section aria-labelledby="media-settings-title" className="space-y-2">
            <h3 id="media-settings-title" className="text-sm font-semibold">
              {t("detail.settings")}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
              {item.model ? <Row label={t("detail.model")} value={item.model} ltr /> : null}
              {item.width && item.height ? (
                <Row label={t("detail.dimensions")} value={`${item.width}×${item.height}`} ltr />
              ) : null}
              {item.durationSeconds ? (
                <Row label={t("detail.duration")} value={formatClock(item.durationSeconds)} ltr />
              ) : null}
              <Row label={t("detail.size")} value={formatBytes(item.byteSize, language)} />
              <Row label={t("detail.type")} value={item.contentType} ltr />
              <SettingRows item={item} />
            </dl>
          </section>

          {variants.length ? (
            <section aria-labelledby="media-variants-title" className="space-y-2">
              <h3 id="media-variants-title" className="text-sm font-semibold">
                {t("detail.variants")}
              </h3>
              <ul className="grid grid-cols-4 gap-2">
                {variants.map((variant) => (
                  <li key={variant.id}>
                    <LocalizedLink
                      to={props.openTo(variant.id)}
                      preventScrollReset
                      className="block overflow-hidden rounded-control border border-border bg-surface-muted hover:border-accent"
                    >
                      <MediaThumbnail item={variant} alt={titleOf(variant)} />
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {job ? <JobLog job={job} /> : null}

          {canWrite ? (
            <DeleteSection
              variant="panel"
              id="media-delete"
              title={t("delete.section")}
              description={t("delete.description")}
              fields={{ id: item.id, list: props.list }}
              container={container}
              asking={askingDelete}
              question={
                <IsolatedMessage
                  ns="media"
                  i18nKey="delete.title"
                  values={{ title: titleOf(item) }}
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

type SettingRow = { key: string; label: string; value: string; ltr?: boolean };

/**
 * What the item was asked with, in the reader's words: the settings the rest of the panel does
 * not show already (the prompt, the model, the title, the project), and the size asked for only
 * where the file's dimensions differ from it.
 */
function SettingRows({ item }: { item: MediaItem }) {
  const { t } = useTranslation(["media", "creators"]);
  const settings = item.settings as Record<string, unknown>;
  const text = (name: string) => {
    const value = settings[name];
    return typeof value === "string" || typeof value === "number" ? String(value) : null;
  };
  const rows: SettingRow[] = [];
  const add = (key: string, value: string | null, ltr = false) => {
    if (value) rows.push({ key, label: t(`media:detail.settingLabels.${key}`), value, ltr });
  };
  add("negativePrompt", text("negativePrompt"));
  const style = text("style");
  add("style", style ? t(`creators:styles.${style}`, style) : null);
  const count = text("count");
  add("count", count && count !== "1" ? count : null, true);
  const size = text("size");
  const dimensions = item.width && item.height ? `${item.width}x${item.height}` : null;
  add("requestedSize", size && size !== dimensions ? size.replace("x", "×") : null, true);
  const duration = text("duration");
  const lasted = item.durationSeconds;
  const asLasted = duration && lasted && Math.abs(Number(duration) - lasted) < 0.5;
  add(
    "requestedDuration",
    duration && !asLasted ? t("creators:seconds", { count: Number(duration) }) : null,
  );
  add("seed", text("seed"), true);
  add("steps", text("steps"), true);
  add("guidance", text("guidance"), true);
  add("voice", text("voice"), true);
  add("speed", text("speed"), true);
  const format = text("format");
  add("format", format ? t(`creators:formats.${format}`, format) : null);
  const language = text("language");
  add("language", language ? t(`creators:languages.${language}`, language) : null);
  const stills =
    (text("startImageId") ? 1 : 0) +
    (Array.isArray(settings.imageIds) ? settings.imageIds.length : 0);
  add("images", stills > 0 ? String(stills) : null, true);
  const narration = settings.narration as Record<string, unknown> | undefined;
  if (narration && typeof narration.text === "string" && narration.text) {
    rows.push({
      key: "narration",
      label: t("media:detail.settingLabels.narration"),
      value: narration.text,
    });
    if (typeof narration.voice === "string") add("narrationVoice", narration.voice, true);
  }
  return rows.map((row) => (
    <Row key={row.key} label={row.label} value={row.value} ltr={row.ltr} auto={!row.ltr} />
  ));
}

function Row({
  label,
  value,
  ltr,
  auto,
}: {
  label: string;
  value: string;
  ltr?: boolean;
  auto?: boolean;
}) {
  return (
    <>
      <dt className="text-text-muted">{label}</dt>
      <dd dir={auto ? "auto" : undefined} className="min-w-0 [overflow-wrap:anywhere]">
        {ltr ? <bdi dir="ltr">{value}</bdi> : value}
      </dd>
    </>
  );
}

/** The thumbnail of an item in a grid: an image's or a video's, else what it is. */
export function MediaThumbnail({ item, alt }: { item: MediaItem; alt: string }) {
  if (item.hasThumbnail) {
    return (
      <img
        src={mediaUrls.thumbnail(item.id)}
        alt={alt}
        loading="lazy"
        decoding="async"
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        className="aspect-square size-full object-cover"
      />
    );
  }
  return (
    <span className="grid aspect-square size-full place-items-center text-text-muted">
      <Icon
        name={
          item.kind === "video" ? "clapperboard" : item.kind === "audio" ? "audio-lines" : "image"
        }
        className="size-8"
        label={alt}
      />
    </span>
  );
}

/** Favourite, download and reuse settings. */
function DetailActions({ item, canWrite, action }: DetailProps) {
  const { t } = useTranslation("media");
  const marking = useIsPending({ intent: "favourite", formAction: action });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canWrite ? (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="favourite" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="favourite" value={item.favourite ? "false" : "true"} />
          <Button
            type="submit"
            variant="secondary"
            disabled={marking}
            aria-pressed={item.favourite}
          >
            <Icon name="star" className={item.favourite ? "fill-current text-accent" : undefined} />
            {item.favourite ? t("detail.unfavourite") : t("detail.markFavourite")}
          </Button>
        </Form>
      ) : null}
      <Button variant="secondary" asChild>
        <a href={mediaUrls.download(item.id)} download>
          <Icon name="download" />
          {t("detail.download")}
        </a>
      </Button>
      <Button variant="secondary" asChild>
        <LocalizedLink to={reusePath(item)}>
          <Icon name="refresh-cw" />
          {t("detail.reuse")}
        </LocalizedLink>
      </Button>
    </div>
  );
}

function RenameForm({ item, action, answer }: DetailProps) {
  const { t } = useTranslation("media");
  const saving = useIsPending({ intent: "rename", formAction: action });
  const [form, fields] = useAppForm(RenameFields, {
    id: "media-rename-form",
    lastResult: answer?.intent === "rename" && "result" in answer ? answer.result : undefined,
    defaultValue: { title: item.title },
  });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      noValidate
      className="space-y-2"
    >
      <FormErrors errors={form.errors} />
      <input type="hidden" name="id" value={item.id} />
      <div className="flex flex-wrap items-end gap-2">
        <InputField
          meta={fields.title}
          label={t("detail.title")}
          dir="auto"
          maxLength={mediaTitleMaxLength}
          className="min-w-0 flex-1"
        />
        <Button type="submit" name="intent" value="rename" variant="secondary" disabled={saving}>
          {t("detail.rename")}
        </Button>
      </div>
    </Form>
  );
}

function MoveForm({ item, action, answer, projects, clients }: DetailProps) {
  const { t } = useTranslation("media");
  const saving = useIsPending({ intent: "move", formAction: action });
  const [form, fields] = useAppForm(MoveFields, {
    id: "media-move-form",
    lastResult: answer?.intent === "move" && "result" in answer ? answer.result : undefined,
    defaultValue: { projectId: item.projectId ?? "", clientId: item.clientId ?? "" },
  });
  // The item's own project or client stays offered past the first hundred.
  const withCurrent = (choices: Choice[], id: string | null) =>
    id && !choices.some((choice) => choice.value === id)
      ? [...choices, { value: id, label: t("detail.current") }]
      : choices;
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      noValidate
      className="space-y-2"
    >
      <FormErrors errors={form.errors} />
      <input type="hidden" name="id" value={item.id} />
      <div className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
        <SelectInput
          meta={fields.projectId}
          label={t("detail.project")}
          options={[
            { value: "", label: t("detail.noProject") },
            ...withCurrent(projects, item.projectId),
          ]}
        />
        <SelectInput
          meta={fields.clientId}
          label={t("detail.client")}
          options={[
            { value: "", label: t("detail.noClient") },
            ...withCurrent(clients, item.clientId),
          ]}
        />
        <Button type="submit" name="intent" value="move" variant="secondary" disabled={saving}>
          <Icon name="folder-kanban" />
          {t("detail.move")}
        </Button>
      </div>
    </Form>
  );
}

const statusTones = {
  queued: "neutral",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  cancelled: "neutral",
} as const;

/** The job that made the item: its status, tries, times and error. */
function JobLog({ job }: { job: Job }) {
  const { t } = useTranslation("media");
  const dateTime = useDateTime();
  const silence = silenceOf(job);
  return (
    <section aria-labelledby="media-job-title" className="space-y-2">
      <h3 id="media-job-title" className="flex items-center gap-2 text-sm font-semibold">
        {t("job.title")}
        <Badge tone={statusTones[job.status]}>{t(`job.status.${job.status}`)}</Badge>
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        <Row label={t("job.attempts")} value={String(job.attempts)} />
        <Row label={t("job.created")} value={dateTime(job.createdAt)} />
        {job.startedAt ? <Row label={t("job.started")} value={dateTime(job.startedAt)} /> : null}
        {job.finishedAt ? <Row label={t("job.finished")} value={dateTime(job.finishedAt)} /> : null}
        {job.user?.name ? <Row label={t("job.by")} value={job.user.name} /> : null}
      </dl>
      {silence ? <SilentNote silence={silence} /> : null}
      {job.error ? (
        <p className="rounded-control border border-danger/40 bg-danger-soft p-3 text-sm text-danger [overflow-wrap:anywhere]">
          <bdi dir="ltr">{job.error.code}</bdi>: <span dir="auto">{job.error.message}</span>
        </p>
      ) : null}
    </section>
  );
}
