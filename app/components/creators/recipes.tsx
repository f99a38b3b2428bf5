import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { CheckboxInput, InputField, SelectInput, TextareaInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { useOnNotice } from "~/components/notice";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/ui/search-form";
import { useAppForm } from "~/lib/app-form";
import { type GenerationOptions, imageStyles } from "~/lib/creators";
import { isRecipeNotice, type Recipe, RecipeForm, recipeFormValues } from "~/lib/recipes";
import type { RecipeAnswer, RecipesPage } from "~/lib/recipes.server";
import { useIsPending } from "~/lib/use-is-pending";
import { useVoiceLabel } from "./speech-form";

type Offers = {
  image: GenerationOptions["image"] | null;
  video: GenerationOptions["video"];
  speech: GenerationOptions["speech"] | null;
};

function RecipeItem({
  recipe,
  answer,
  editing,
}: {
  recipe: Recipe;
  answer: RecipeAnswer | undefined;
  editing: boolean;
}) {
  const { t } = useTranslation("creators");
  const running = useIsPending({ intent: "run-recipe" });
  const [searchParams] = useSearchParams();
  const edit = new URLSearchParams(searchParams);
  edit.set("recipe", recipe.id);
  const refused =
    answer?.intent === "run-recipe" && answer.recipeId === recipe.id ? answer.error : undefined;
  return (
    <li
      className={cx(
        "space-y-2 rounded-control border p-3",
        editing ? "border-accent bg-accent/5" : "border-border",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p dir="auto" className="truncate text-sm font-medium text-text">
            {recipe.name}
          </p>
          <p dir="auto" className="line-clamp-2 text-xs text-text-muted [overflow-wrap:anywhere]">
            {recipe.steps.image.prompt}
          </p>
          <p className="mt-1 text-xs text-text-muted">
            {t("seconds", { count: recipe.steps.video.duration })}
            {recipe.steps.narration ? ` · ${t("recipes.narrated")}` : ""}
            {recipe.mine ? "" : ` · ${t("recipes.by", { name: recipe.author.name })}`}
          </p>
        </div>
        {recipe.visibility === "organization" ? (
          <Badge tone="neutral">{t("recipes.shared")}</Badge>
        ) : null}
      </div>
      {refused ? (
        <p role="alert" className="text-sm text-danger">
          {t([`errors.${refused}`, "errors.UNKNOWN"])}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {recipe.mine ? (
          <Button variant="secondary" size="sm" asChild>
            <Link
              to={`?${edit}#recipe-form`}
              aria-label={t("recipes.editLabel", { name: recipe.name })}
              aria-current={editing ? "true" : undefined}
            >
              <Icon name="pencil" />
              {t("recipes.edit")}
            </Link>
          </Button>
        ) : null}
        {recipe.mine ? (
          <ConfirmDialog
            intent="delete-recipe"
            fields={{ recipeId: recipe.id }}
            title={t("recipes.confirmTitle", { name: recipe.name })}
            description={t("recipes.confirmBody")}
            confirmLabel={t("recipes.delete")}
            cancelLabel={t("recipes.keep")}
            asking={answer?.intent === "delete-recipe" && answer.confirm === recipe.id}
            trigger={
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                aria-label={t("recipes.deleteLabel", { name: recipe.name })}
              >
                <Icon name="trash-2" />
                {t("recipes.delete")}
              </Button>
            }
          />
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="run-recipe" />
          <input type="hidden" name="recipeId" value={recipe.id} />
          <Button
            type="submit"
            size="sm"
            disabled={running}
            aria-label={t("recipes.runLabel", { name: recipe.name })}
          >
            <Icon name="sparkles" />
            {t("recipes.run")}
          </Button>
        </Form>
      </div>
    </li>
  );
}

/**
 * "Save as recipe": the image's description and look, the video's length and frame, narration.
 * With a recipe of the member's own (`?recipe=`), the same form changes it.
 */
function SaveRecipeForm({
  offers,
  answer,
  editing,
}: {
  offers: Offers & { image: GenerationOptions["image"] };
  answer: RecipeAnswer | undefined;
  editing: Recipe | undefined;
}) {
  const { t } = useTranslation("creators");
  const voiceLabel = useVoiceLabel();
  const { image, video, speech } = offers;
  const intent = editing ? "update-recipe" : "save-recipe";
  const [form, fields] = useAppForm(RecipeForm, {
    id: "recipe-form",
    lastResult: answer?.intent === intent ? answer.result : undefined,
    defaultValue: editing
      ? recipeFormValues(editing)
      : {
          imageSize: image.sizes[0],
          style: "none",
          duration: String(video.durations[0] ?? 5),
          frame: video.sizes[0],
          narrationVoice: "",
        },
  });
  const saving = useIsPending({ intent });
  const [searchParams] = useSearchParams();
  const stop = new URLSearchParams(searchParams);
  stop.delete("recipe");
  // A recipe saved from the empty form lands back here: the form empties for the next one.
  useOnNotice("recipe-saved", () => form.reset());
  const gone = answer?.intent === "update-recipe" && answer.error === "NOT_FOUND";
  // Asked to change a recipe, the form takes the focus (the page scrolled to it by its address).
  const editingId = editing?.id;
  const nameId = fields.name.id;
  useEffect(() => {
    if (editingId) document.getElementById(nameId)?.focus({ preventScroll: true });
  }, [editingId, nameId]);
  return (
    <Form
      method="post"
      preventScrollReset
      className="scroll-mt-6 space-y-4 border-t border-border pt-4"
      aria-labelledby="recipe-form-title"
      {...getFormProps(form)}
      noValidate
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="recipe-form-title" dir="auto" className="text-sm font-semibold text-text">
          {editing ? t("recipes.editTitle", { name: editing.name }) : t("recipes.saveTitle")}
        </h3>
        {editing ? (
          <Link
            to={`?${stop}#creator-recipes`}
            preventScrollReset
            className="text-sm text-accent underline-offset-4 hover:underline"
          >
            {t("recipes.stopEditing")}
          </Link>
        ) : null}
      </div>
      <input type="hidden" name="intent" value={intent} />
      {editing ? <input type="hidden" name="recipeId" value={editing.id} /> : null}
      <FormErrors errors={form.errors} />
      {gone ? (
        <FormAlert tone="error">
          <p>{t("errors.NOT_FOUND")}</p>
        </FormAlert>
      ) : null}
      <InputField meta={fields.name} label={t("recipes.fields.name")} dir="auto" />
      <TextareaInput meta={fields.prompt} label={t("recipes.fields.prompt")} rows={3} dir="auto" />
      {image.supports.negativePrompt ? (
        <TextareaInput
          meta={fields.negativePrompt}
          label={t("recipes.fields.negativePrompt")}
          hint={t("hints.negativePrompt")}
          rows={2}
          dir="auto"
        />
      ) : null}
      {image.sizes.length > 0 ? (
        <SelectInput
          meta={fields.imageSize}
          label={t("recipes.fields.imageSize")}
          options={image.sizes.map((size) => ({ value: size, label: size }))}
        />
      ) : null}
      <SelectInput
        meta={fields.style}
        label={t("recipes.fields.style")}
        options={imageStyles.map((style) => ({ value: style, label: t(`styles.${style}`) }))}
      />
      {video.durations.length > 0 ? (
        <SelectInput
          meta={fields.duration}
          label={t("recipes.fields.duration")}
          options={video.durations.map((seconds) => ({
            value: String(seconds),
            label: t("seconds", { count: seconds }),
          }))}
        />
      ) : (
        <InputField
          meta={fields.duration}
          label={t("recipes.fields.duration")}
          type="number"
          inputMode="numeric"
          min={1}
          dir="ltr"
        />
      )}
      {video.sizes.length > 0 ? (
        <SelectInput
          meta={fields.frame}
          label={t("recipes.fields.frame")}
          options={video.sizes.map((size) => ({ value: size, label: t(`frames.${size}`, size) }))}
        />
      ) : null}
      {speech?.configured ? (
        <>
          <TextareaInput
            meta={fields.narrationText}
            label={t("recipes.fields.narrationText")}
            hint={t("recipes.hints.narration")}
            rows={2}
            dir="auto"
          />
          <SelectInput
            meta={fields.narrationVoice}
            label={t("recipes.fields.narrationVoice")}
            options={[
              { value: "", label: t("narration.defaultVoice") },
              ...speech.voices.map((voice) => ({ value: voice.id, label: voiceLabel(voice) })),
            ]}
          />
        </>
      ) : null}
      <CheckboxInput meta={fields.shared} label={t("recipes.fields.shared")} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={saving}>
          <Icon name={editing ? "check" : "plus"} />
          {editing ? t("recipes.saveChanges") : t("recipes.save")}
        </Button>
      </div>
    </Form>
  );
}

const noticeText = {
  "recipe-saved": "recipes.saved",
  "recipe-changed": "recipes.changed",
  "recipe-queued": "recipes.queued",
  "recipe-deleted": "recipes.deleted",
  "recipe-restored": "recipes.restored",
} as const;

/**
 * What a recipe's action did (`?notice=`), in the card: a deletion with Undo. Dismissed by a link
 * that drops it from the address.
 */
function RecipeNotice() {
  const { t } = useTranslation("creators");
  const [searchParams] = useSearchParams();
  const restoring = useIsPending({ intent: "restore-recipe" });
  const notice = searchParams.get("notice");
  if (!isRecipeNotice(notice)) return null;
  const deleted = notice === "recipe-deleted" ? searchParams.get("recipeDeleted") : null;
  const rest = new URLSearchParams(searchParams);
  rest.delete("notice");
  rest.delete("recipeDeleted");
  return (
    <FormAlert tone="success">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>{t(noticeText[notice])}</p>
        <div className="flex items-center gap-1">
          {deleted ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="restore-recipe" />
              <input type="hidden" name="recipeId" value={deleted} />
              <Button type="submit" variant="secondary" size="sm" disabled={restoring}>
                <Icon name="undo-2" />
                {t("recipes.undo")}
              </Button>
            </Form>
          ) : null}
          <Link
            to={`?${rest}#creator-recipes`}
            replace
            preventScrollReset
            aria-label={t("recipes.dismiss")}
            title={t("recipes.dismiss")}
            className="rounded-control p-1 hover:bg-success/10"
          >
            <Icon name="x" />
          </Link>
        </div>
      </div>
    </FormAlert>
  );
}

/**
 * The video creator's recipes: an image, a video that starts from it and its narration, run
 * again with one click (the job shows in "Your latest"), and a form to save one.
 */
export function Recipes({
  recipes,
  offers,
  answer,
}: {
  recipes: RecipesPage;
  offers: Offers;
  answer: RecipeAnswer | undefined;
}) {
  const { t } = useTranslation("creators");
  const [searchParams] = useSearchParams();
  const { image } = offers;
  const { items, editing, search } = recipes;
  // The search keeps what else the address holds (a reused item, a start image), not the page.
  const keep = Object.fromEntries(
    [...searchParams].filter(([name]) => !["recipeSearch", "recipePage", "recipe"].includes(name)),
  );
  const searchable = search !== "" || recipes.total > recipes.pageSize;
  return (
    <section
      aria-labelledby="creator-recipes"
      className="space-y-4 rounded-card border border-border bg-surface p-5 shadow-card"
    >
      <div>
        <h2 id="creator-recipes" className="text-base font-semibold text-text">
          {t("recipes.title")}
        </h2>
        <p className="mt-1 text-sm text-text-muted">{t("recipes.description")}</p>
      </div>
      <RecipeNotice />
      {searchable ? (
        <SearchForm
          id="recipe-search"
          name="recipeSearch"
          keep={keep}
          hash="#creator-recipes"
          label={t("recipes.search")}
          placeholder={t("recipes.searchPlaceholder")}
          submitLabel={t("recipes.searchButton")}
          defaultValue={search}
        />
      ) : null}
      {items.length === 0 && search ? (
        <div className="space-y-2 rounded-control border border-dashed border-border px-4 py-6 text-center text-sm text-text-muted">
          <p>
            <IsolatedMessage ns="creators" i18nKey="recipes.noMatch" values={{ search }} />
          </p>
          <Link
            to={`?${new URLSearchParams(keep)}#creator-recipes`}
            preventScrollReset
            className="text-accent underline-offset-4 hover:underline"
          >
            {t("recipes.clearSearch")}
          </Link>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-control border border-dashed border-border px-4 py-6 text-center text-sm text-text-muted">
          {t("recipes.empty")}
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((recipe) => (
            <RecipeItem
              key={recipe.id}
              recipe={recipe}
              answer={answer}
              editing={recipe.id === editing?.id}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={recipes.page}
        pageSize={recipes.pageSize}
        total={recipes.total}
        param="recipePage"
        hash="#creator-recipes"
        label={t("recipes.pages")}
      />
      {image?.configured ? (
        <SaveRecipeForm
          key={editing ? `${editing.id}-${editing.updatedAt}` : "new"}
          offers={{ ...offers, image }}
          answer={answer}
          editing={editing}
        />
      ) : (
        <p className="text-sm text-text-muted">{t("recipes.noImageModel")}</p>
      )}
    </section>
  );
}
