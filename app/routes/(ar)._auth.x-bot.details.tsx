import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useSearchParams,
} from "react-router";
import { ChoiceSearchInput, useChoiceSearch } from "~/components/form/choice-search";
import { InputField, SelectInput, TextareaInput } from "~/components/form/fields";
import { FormFooter } from "~/components/form/submit-row";
import { LocalizedLink } from "~/components/localized-link";
import { RecordForm } from "~/components/records/record-form";
import { StaleVersionAlert } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { XbotNoBot } from "~/components/xbot-section";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm, useErrorText } from "~/lib/app-form";
import { parseTags } from "~/lib/clients";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useHydrated } from "~/lib/use-hydrated";
import { useIsPending } from "~/lib/use-is-pending";
import {
  type Bot,
  type BotDetailsAnswer,
  BotDetailsFields,
  botLanguages,
  botStatuses,
} from "~/lib/xbot";

export const handle = { title: "pages.xbot.details" };

/** How many of the library's images the avatar picker offers, the newest first. */
const avatarChoices = 24;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const permissions = user.account.currentOrganizationPermissions;
  const may = (permission: (typeof permissions)[number]) => permissions.includes(permission);
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsPageError);
  if (!bot) return { bot: null, canManage: may("bots.manage") } as const;
  const [workspaces, projects, characters, images] = await Promise.all([
    may("workspaces.read")
      ? api.get("/workspaces", { query: { pageSize: 100 } }).catch(rethrowAsPageError)
      : { items: [] },
    may("projects.read")
      ? api
          .get("/projects", {
            query: { pageSize: 100, workspaceId: bot.workspace?.id },
          })
          .catch(rethrowAsPageError)
      : { items: [], total: 0 },
    may("characters.read")
      ? api.get("/characters", { query: { pageSize: 100 } }).catch(rethrowAsPageError)
      : { items: [] },
    may("media.read")
      ? api
          .get("/media", { query: { kind: "image", limit: avatarChoices } })
          .catch(rethrowAsPageError)
      : { items: [] },
  ]);
  const choice = (item: { id: string; name: string }) => ({ value: item.id, label: item.name });
  const characterChoices = characters.items
    .filter((character) => character.visibility === "organization")
    .map(choice);
  // The bot's own choices stay offered when they are not among the first ones.
  if (bot.character && !characterChoices.some((c) => c.value === bot.character?.id)) {
    characterChoices.unshift(choice(bot.character));
  }
  const avatars = images.items.map((image) => ({ id: image.id, title: image.title }));
  if (bot.avatarMediaId && !avatars.some((image) => image.id === bot.avatarMediaId)) {
    avatars.unshift({ id: bot.avatarMediaId, title: "" });
  }
  return {
    bot,
    canManage: may("bots.manage"),
    workspaces: workspaces.items.map(choice),
    projects: projects.items.map(choice),
    projectsTotal: projects.total,
    characters: characterChoices,
    avatars,
  } as const;
}

/** API codes of the form's fields, in the words of `validation`. */
const detailCodes = {
  UNKNOWN_WORKSPACE: "invalid",
  UNKNOWN_PROJECT: "invalid",
  UNKNOWN_CHARACTER: "invalid",
  UNKNOWN_IMAGE: "invalid",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.manage");
  const language = pageLanguage(request);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  if (form.get("intent") !== "update") throw badRequest();
  const id = String(form.get("id") ?? "");
  if (!id) throw badRequest();
  const submission = parseWithZod(form, { schema: BotDetailsFields });
  if (submission.status !== "success") {
    return data<BotDetailsAnswer>({ result: submission.reply() }, { status: 422 });
  }
  const { version, tags, avatarMediaId, workspaceId, projectId, characterId, ...rest } =
    submission.value;
  try {
    await api.patch("/bots/{id}", {
      path: { id },
      body: {
        ...rest,
        version: version ?? 0,
        tags: parseTags(tags),
        avatarMediaId: avatarMediaId || null,
        workspaceId: workspaceId || null,
        projectId: projectId || null,
        characterId: characterId || null,
      },
    });
  } catch (error) {
    if (isApiError(error, 409) && error.code === "STALE_VERSION") {
      return data<BotDetailsAnswer>({ stale: true, result: submission.reply() }, { status: 409 });
    }
    if (!isUserError(error) || error.status === 404 || error.status === 409) {
      rethrowAsPageError(error);
    }
    const result = replyWithApiError(submission, error, { codes: detailCodes });
    return data<BotDetailsAnswer>({ result }, { status: error.status });
  }
  return safeRedirect(`${localizedPath("/x-bot/details", language)}?saved=1`);
}

/** The avatar: one of the library's images, or none; radio buttons, so it works without JS. */
function AvatarPicker({
  avatars,
  current,
  name,
  disabled,
}: {
  avatars: { id: string; title: string }[];
  current: string;
  name: string;
  disabled: boolean;
}) {
  const { t } = useTranslation("xbot");
  const option =
    "relative grid size-16 cursor-pointer place-items-center overflow-hidden rounded-full border-2 border-transparent bg-surface-muted has-[:checked]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent";
  return (
    <fieldset className="space-y-2 md:col-span-2" disabled={disabled}>
      <legend className="text-sm font-medium">{t("details.fields.avatar")}</legend>
      <p className="text-xs text-text-muted">
        {t("details.hints.avatar")}{" "}
        <LocalizedLink to="/image" className="text-accent underline">
          {t("details.library")}
        </LocalizedLink>
      </p>
      <div className="flex flex-wrap gap-3">
        <label className={option}>
          <input type="radio" name={name} value="" defaultChecked={!current} className="sr-only" />
          <Icon name="bot" className="size-6 text-text-muted" />
          <span className="sr-only">{t("details.noAvatar")}</span>
        </label>
        {avatars.map((avatar, index) => (
          <label key={avatar.id} className={option}>
            <input
              type="radio"
              name={name}
              value={avatar.id}
              defaultChecked={current === avatar.id}
              className="sr-only"
            />
            <img
              src={`/media/${avatar.id}/thumbnail`}
              alt=""
              loading="lazy"
              className="size-full object-cover"
            />
            <span className="sr-only">
              {avatar.title || t("details.avatarNumber", { number: index + 1 })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The public id, read-only, with a button that copies it (with JavaScript). */
function PublicId({ publicId }: { publicId: string }) {
  const { t } = useTranslation("xbot");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-1.5 md:col-span-2">
      <label htmlFor="bot-public-id" className="text-sm font-medium">
        {t("details.fields.publicId")}
      </label>
      <div className="flex gap-2">
        <input
          id="bot-public-id"
          readOnly
          value={publicId}
          dir="ltr"
          aria-describedby="bot-public-id-hint"
          className="block h-10 w-full min-w-0 rounded-control border border-border bg-surface-muted px-3 font-mono text-sm text-text"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            onClick={async () => {
              await navigator.clipboard?.writeText(publicId).catch(() => undefined);
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            }}
          >
            <Icon name={copied ? "check" : "copy"} />
            {copied ? t("details.copied") : t("details.copy")}
          </Button>
        ) : null}
      </div>
      <p id="bot-public-id-hint" className="text-xs text-text-muted">
        {t("details.hints.publicId")}
      </p>
      <p className="sr-only" aria-live="polite">
        {copied ? t("details.copied") : ""}
      </p>
    </div>
  );
}

function DetailsForm({
  bot,
  canManage,
  workspaces,
  projects,
  projectsTotal,
  characters,
  avatars,
  answer,
}: {
  bot: Bot;
  canManage: boolean;
  workspaces: { value: string; label: string }[];
  projects: { value: string; label: string }[];
  projectsTotal: number;
  characters: { value: string; label: string }[];
  avatars: { id: string; title: string }[];
  answer?: BotDetailsAnswer;
}) {
  const { t } = useTranslation("xbot");
  const errorText = useErrorText();
  const [form, fields] = useAppForm(BotDetailsFields, {
    id: "bot-details",
    lastResult: answer?.result,
    defaultValue: {
      name: bot.name,
      description: bot.description,
      status: bot.status,
      language: bot.language,
      avatarMediaId: bot.avatarMediaId ?? "",
      workspaceId: bot.workspace?.id ?? "",
      projectId: bot.project?.id ?? "",
      characterId: bot.character?.id ?? "",
      tags: bot.tags.join(", "),
    },
  });
  const [openedVersion] = useState(bot.version);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);
  const saving = useIsPending({ intent: "update" });
  const sentWorkspace = fields.workspaceId.initialValue;
  const [workspaceId, setWorkspaceId] = useState(
    typeof sentWorkspace === "string" ? sentWorkspace : (bot.workspace?.id ?? ""),
  );
  const projectSearch = useChoiceSearch(
    "projects",
    projects,
    projectsTotal,
    bot.project ? { value: bot.project.id, label: bot.project.name } : null,
    { workspaceId },
  );
  const sentAvatar = fields.avatarMediaId.initialValue;
  return (
    <RecordForm form={form} formRef={formRef} intent="update" id={bot.id} version={openedVersion}>
      <fieldset disabled={!canManage} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t("details.title")}</legend>
        <InputField
          meta={fields.name}
          label={t("details.fields.name")}
          autoComplete="off"
          dir="auto"
          className="md:col-span-2"
        />
        <TextareaInput
          meta={fields.description}
          label={t("details.fields.description")}
          hint={t("details.hints.description")}
          rows={3}
          dir="auto"
          className="md:col-span-2"
        />
        <SelectInput
          meta={fields.status}
          label={t("details.fields.status")}
          hint={t("details.hints.status")}
          options={botStatuses.map((status) => ({
            value: status,
            label: t(`overview.status.${status}`),
          }))}
        />
        <SelectInput
          meta={fields.language}
          label={t("details.fields.language")}
          options={botLanguages.map((language) => ({
            value: language,
            label: t(`details.languages.${language}`),
          }))}
        />
        <SelectInput
          meta={fields.workspaceId}
          label={t("details.fields.workspace")}
          options={[{ value: "", label: t("details.noWorkspace") }, ...workspaces]}
          onChange={(event) => setWorkspaceId(event.target.value)}
        />
        <div className="space-y-1.5">
          <SelectInput
            meta={fields.projectId}
            label={t("details.fields.project")}
            hint={workspaceId ? t("details.hints.project") : undefined}
            options={[{ value: "", label: t("details.noProject") }, ...projectSearch.options]}
            onChange={projectSearch.onSelect}
          />
          {projectSearch.searchable ? (
            <ChoiceSearchInput
              label={t("details.findProject")}
              value={projectSearch.query}
              onChange={projectSearch.setQuery}
              controls={fields.projectId.id}
            />
          ) : null}
        </div>
        <SelectInput
          meta={fields.characterId}
          label={t("details.fields.character")}
          hint={t("details.hints.character")}
          options={[{ value: "", label: t("details.noCharacter") }, ...characters]}
        />
        <InputField
          meta={fields.tags}
          label={t("details.fields.tags")}
          hint={t("details.hints.tags")}
          autoComplete="off"
          dir="auto"
        />
      </fieldset>
      <div className="grid gap-5 md:grid-cols-2">
        <AvatarPicker
          avatars={avatars}
          name={fields.avatarMediaId.name}
          current={typeof sentAvatar === "string" ? sentAvatar : (bot.avatarMediaId ?? "")}
          disabled={!canManage}
        />
        {errorText(fields.avatarMediaId.errors) ? (
          <p className="text-xs text-danger md:col-span-2">
            {errorText(fields.avatarMediaId.errors)}
          </p>
        ) : null}
        <PublicId publicId={bot.publicId} />
      </div>
      {canManage ? (
        <FormFooter>
          <Button type="submit" disabled={saving}>
            {t("details.save")}
          </Button>
        </FormFooter>
      ) : (
        <p className="text-sm text-text-muted">{t("details.readOnly")}</p>
      )}
    </RecordForm>
  );
}

export default function XbotDetailsPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const [search] = useSearchParams();
  // A fresh form after each save, which comes back here by a redirect; a change that arrives
  // live keeps what is being typed, and its save is then refused as stale.
  const location = useLocation();
  const { t } = useTranslation("xbot");
  if (!loaded.bot) {
    return <XbotNoBot>{t("details.noBot")}</XbotNoBot>;
  }
  const notice = search.has("created")
    ? t("details.created")
    : search.has("saved")
      ? t("details.saved")
      : null;
  return (
    <section aria-labelledby="xbot-details-title" className="space-y-4">
      <h2 id="xbot-details-title" className="text-lg font-semibold">
        {t("details.title")}
      </h2>
      {answer?.stale ? (
        <StaleVersionAlert
          title={t("details.stale.title")}
          body={t("details.stale.body")}
          reloadTo="/x-bot/details"
          reloadLabel={t("details.stale.reload")}
        />
      ) : null}
      <FormAlert tone="success">{!answer && notice ? notice : null}</FormAlert>
      <Card className="p-6">
        <DetailsForm
          key={`${loaded.bot.id}:${location.key}`}
          bot={loaded.bot}
          canManage={loaded.canManage}
          workspaces={loaded.workspaces}
          projects={loaded.projects}
          projectsTotal={loaded.projectsTotal}
          characters={loaded.characters}
          avatars={loaded.avatars}
          answer={answer}
        />
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
