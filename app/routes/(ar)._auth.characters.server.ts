import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { modelChoices } from "~/lib/ai-models.server";
import type { ApiClient } from "~/lib/api/client";
import { type ApiError, isApiError, isUserError } from "~/lib/api/errors";
import {
  type Character,
  type CharacterActionAnswer,
  CharacterFields,
  CloneFields,
  characterBookOf,
  characterVisibilities,
  ImportFields,
  importErrorKeys,
  splitList,
} from "~/lib/characters";
import { readMultipartForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { maxImageBytes } from "~/lib/images";
import { pageAddress } from "~/lib/listing.server";
import type { MemberAccount } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";

/** A character form with its avatar, and room for long texts and a lorebook. */
export const maxCharacterFormBytes = maxImageBytes + 4 * 1024 * 1024;

/** Parameters of the list that belong to one visit of it, not to the list itself. */
const passing = ["id", "new", "notice", "confirm", "deleted", "avatarError"];

/**
 * The list as it was (its search, tag, sort and page), with `changes`: where the page's forms
 * land once they are done.
 */
export function listPath(url: URL, language: Language, changes: Record<string, string> = {}) {
  return pageAddress(url, "/characters", language, passing, changes);
}

/**
 * The chat models and the voices a character's form suggests: the deployment's list, or what
 * the organization's providers list (free text beside them).
 */
export async function characterSuggestions(api: ApiClient, user: MemberAccount) {
  const organizationId = user.account.currentOrganizationId;
  const [chat, speech] = await Promise.all([
    modelChoices(api, organizationId, "chat"),
    modelChoices(api, organizationId, "speech"),
  ]);
  return { models: chat.models, voices: speech.voices };
}

const answer = (value: CharacterActionAnswer, status: number) =>
  data<CharacterActionAnswer>(value, { status });

const formError = (submission: Submission<unknown>, message: string) =>
  submission.reply({ formErrors: [message] });

/**
 * Checks the create or edit form and sends it (POST /characters, or PATCH /characters/{id} on
 * the version the form was opened on), then its avatar (PUT or DELETE /characters/{id}/avatar).
 * An edit keeps what the form does not show of its lorebook's entries.
 */
async function submitCharacterForm(
  api: ApiClient,
  form: FormData,
  target: { intent: "create" } | { intent: "update"; id: string },
): Promise<{ answer: ReturnType<typeof answer> } | { character: Character; avatarError?: string }> {
  const { intent } = target;
  const submission = parseWithZod(form, { schema: CharacterFields });
  if (submission.status !== "success") {
    // A list's Add or Remove sent without JavaScript comes back with the list changed.
    const status = submission.status === "error" ? 422 : 200;
    return { answer: answer({ intent, result: submission.reply() }, status) };
  }
  const { version, tags, book, avatar, removeAvatar, alternateGreetings, ...rest } =
    submission.value;
  const current =
    target.intent === "update"
      ? await api.get("/characters/{id}", { path: { id: target.id } }).catch(rethrowAsPageError)
      : undefined;
  const body = {
    ...rest,
    tags: splitList(tags),
    alternateGreetings: alternateGreetings.filter(Boolean),
    characterBook: characterBookOf(book, current?.characterBook),
    defaultModel: rest.defaultModel || null,
    defaultVoice: rest.defaultVoice || null,
  };
  let character: Character;
  try {
    character =
      target.intent === "create"
        ? await api.post("/characters", { body })
        : await api.patch("/characters/{id}", {
            path: { id: target.id },
            // What the form does not show (the card's extensions) the API keeps as it is.
            body: { ...body, version: version ?? 0 },
          });
  } catch (error) {
    if (isApiError(error, 409) && error.code === "STALE_VERSION") {
      // The page says what happened, with a way to the saved version; the form keeps what was typed.
      return { answer: answer({ intent, stale: true, result: submission.reply() }, 409) };
    }
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    const result = refusal(submission, error);
    return { answer: answer({ intent, result }, error.status) };
  }

  if (!avatar && !removeAvatar) return { character };
  const path = { id: character.id };
  try {
    if (avatar) {
      const avatarForm = new FormData();
      avatarForm.set("avatar", avatar, avatar.name);
      character = await api.put("/characters/{id}/avatar", { path, body: avatarForm });
    } else {
      character = await api.delete("/characters/{id}/avatar", { path });
    }
    return { character };
  } catch (error) {
    // Only the image is the form's to mend.
    if (!isApiError(error, 422) && !isApiError(error, 413)) rethrowAsPageError(error);
    const result = replyWithApiError(submission, error);
    if (target.intent === "update") {
      return {
        answer: answer({ intent, result, version: character.version }, error.status),
      };
    }
    return { character, avatarError: result.error?.avatar?.[0] ?? "invalidImage" };
  }
}

/** A 403, 409 or 422 of the API as the form explains it. */
function refusal(submission: Submission<unknown>, error: ApiError) {
  if (error.status === 403) return formError(submission, "characters:errors.notYours");
  if (error.code === "CHARACTER_DELETED") return formError(submission, "characters:errors.deleted");
  return replyWithApiError(submission, error);
}

/**
 * The page's action: the create and edit forms, the import, and the buttons of a character
 * (chat, clone, share, delete, restore). Each lands back on the list as it was, or answers
 * with what to show.
 */
export async function characterAction({
  request,
  api,
  language,
}: {
  request: Request;
  api: ApiClient;
  language: Language;
}) {
  const url = new URL(request.url);
  const read = await readMultipartForm(request, maxCharacterFormBytes);
  if (read.tooLarge) {
    // Unread: the page it was sent from says which form it was.
    const intent = url.searchParams.has("id") ? "update" : "create";
    const field = url.searchParams.has("id") || url.searchParams.has("new") ? "avatar" : "file";
    const result = { status: "error" as const, error: { [field]: ["fileTooLarge"] } };
    return answer(field === "file" ? { intent: "import", result } : { intent, result }, 413);
  }
  const { form } = read;
  const intent = form.get("intent");
  const id = form.get("id");
  const characterId = typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  const path = characterId ? { id: characterId } : null;

  if (intent === "create" || (intent === "update" && characterId)) {
    const submitted = await submitCharacterForm(
      api,
      form,
      intent === "create" ? { intent } : { intent: "update", id: characterId as string },
    );
    if ("answer" in submitted) return submitted.answer;
    if (submitted.avatarError) {
      return safeRedirect(
        listPath(url, language, {
          id: submitted.character.id,
          notice: "character-created-without-avatar",
          avatarError: submitted.avatarError,
        }),
      );
    }
    const notice = intent === "create" ? "character-created" : "character-saved";
    return safeRedirect(listPath(url, language, { notice }));
  }

  if (intent === "import") {
    const submission = parseWithZod(form, { schema: ImportFields });
    if (submission.status !== "success") {
      return answer({ intent, result: submission.reply() }, 422);
    }
    const body = new FormData();
    body.set("file", submission.value.file, submission.value.file.name);
    try {
      const character = await api.post("/characters/import", { body });
      return safeRedirect(
        listPath(url, language, { id: character.id, notice: "character-imported" }),
      );
    } catch (error) {
      if (!isUserError(error)) rethrowAsPageError(error);
      const code = error.fieldCodes.file ?? error.code;
      const message = importErrorKeys[code] ?? "characters:errors.invalidCard";
      return answer(
        { intent, result: submission.reply({ fieldErrors: { file: [message] } }) },
        error.status,
      );
    }
  }

  if (!path) throw badRequest();
  switch (intent) {
    case "chat":
    case "new-chat": {
      try {
        // "Chat" continues the member's last chat with the character; "New chat" starts another.
        const body = intent === "chat" ? { resume: true } : {};
        const { threadId } = await api.post("/characters/{id}/chat", { path, body });
        return safeRedirect(localizedPath(`/threads/${threadId}`, language));
      } catch (error) {
        if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
        const message = error.status === 403 ? "errors.chatNotAllowed" : "errors.chatFailed";
        // Said where either chat button's answer is said.
        return answer({ intent: "chat", error: message }, error.status);
      }
    }
    case "clone": {
      const submission = parseWithZod(form, { schema: CloneFields });
      if (submission.status !== "success") {
        return answer({ intent, result: submission.reply() }, 422);
      }
      const name = submission.value.name || undefined;
      try {
        const copy = await api.post("/characters/{id}/clone", { path, body: { name } });
        return safeRedirect(listPath(url, language, { id: copy.id, notice: "character-cloned" }));
      } catch (error) {
        if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
        return answer({ intent, result: replyWithApiError(submission, error) }, error.status);
      }
    }
    case "share": {
      const visibility = characterVisibilities.find((value) => value === form.get("visibility"));
      const version = Number(form.get("version"));
      if (!visibility || !Number.isInteger(version) || version < 1) throw badRequest();
      try {
        await api.patch("/characters/{id}", { path, body: { visibility, version } });
      } catch (error) {
        if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
        const message = error.code === "STALE_VERSION" ? "errors.staleShare" : "errors.notYours";
        return answer({ intent, error: message }, error.status);
      }
      const notice = visibility === "organization" ? "character-shared" : "character-unshared";
      const stay: Record<string, string> = url.searchParams.has("id") ? { id: path.id } : {};
      return safeRedirect(listPath(url, language, { ...stay, notice }));
    }
    case "delete": {
      // Without JavaScript the question is asked in the character's panel first.
      if (!isConfirmed(form)) {
        return safeRedirect(listPath(url, language, { id: path.id, confirm: "delete" }));
      }
      await api.delete("/characters/{id}", { path }).catch(rethrowAsPageError);
      return safeRedirect(listPath(url, language, { deleted: path.id }));
    }
    case "restore": {
      await api.post("/characters/{id}/restore", { path }).catch(rethrowAsPageError);
      const search = new URL(listPath(url, language), "http://qalam");
      search.searchParams.delete("bin");
      search.searchParams.set("notice", "character-restored");
      return safeRedirect(`${search.pathname}${search.search}`);
    }
    default:
      throw badRequest();
  }
}
