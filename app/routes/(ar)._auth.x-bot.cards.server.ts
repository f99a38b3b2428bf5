import { data } from "react-router";
import { z } from "zod";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import type { ApiClient } from "~/lib/api/client";
import { type ApiError, isApiError, isUserError } from "~/lib/api/errors";
import { type Language, localizedPath } from "~/lib/i18n";
import { pageAddress } from "~/lib/listing.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { botDetailLimits } from "~/lib/xbot";
import {
  type CardButtonKind,
  type CardsActionAnswer,
  cardButtonKinds,
  maxCardButtons,
} from "~/lib/xbot-cards";

const uuid = z.uuid();
const idOf = (value: FormDataEntryValue | null) => {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The page's address with `changes`, each view's own parameters dropped. */
function pagePath(url: URL, language: Language, changes: Record<string, string | null>) {
  return pageAddress(
    url,
    "/x-bot/cards",
    language,
    ["notice", "confirm", "deleted", "card", "bin"],
    changes,
  );
}

/** API codes → message keys of `validation`. */
const messageOfCode: Record<string, string> = {
  REQUIRED: "required",
  TOO_LONG: "tooLongPlain",
  TOO_BIG: "tooLongPlain",
  INVALID_FORMAT: "invalidUrl",
  INVALID_CHARACTERS: "invalidCharacters",
  UNKNOWN_IMAGE: "notAnImage",
};

/** A 422's fields, each with its translated message key; one for the form where none fits. */
function fieldErrors(error: ApiError, sent: Set<string>) {
  const errors: Record<string, string> = {};
  const codes = Object.keys(error.fieldCodes).length
    ? error.fieldCodes
    : Object.fromEntries(Object.keys(error.fields).map((field) => [field, error.code]));
  for (const [field, code] of Object.entries(codes)) {
    const message = messageOfCode[code] ?? "invalid";
    if (sent.has(field)) errors[field] ??= message;
    else if (field.startsWith("buttons") && !errors.buttons) errors.buttons = message;
  }
  return errors;
}

const answer = (value: CardsActionAnswer, status: number) =>
  data<CardsActionAnswer>(value, { status });

/** The card form as the API takes it: the buttons whose rows hold anything, in order. */
function readCard(form: FormData) {
  const buttons: { kind: CardButtonKind; label: string; value: string }[] = [];
  const values: Record<string, string> = {};
  for (const name of ["title", "text", "whenToShow", "imageMediaId"]) {
    values[name] = textOf(form, name);
  }
  for (let index = 0; index < maxCardButtons; index++) {
    const kindValue = textOf(form, `buttons.${index}.kind`);
    const kind = cardButtonKinds.find((one) => one === kindValue) ?? "reply";
    const label = textOf(form, `buttons.${index}.label`);
    const value = textOf(form, `buttons.${index}.value`);
    values[`buttons.${index}.kind`] = kind;
    values[`buttons.${index}.label`] = label;
    values[`buttons.${index}.value`] = value;
    if (label || value) buttons.push({ kind, label, value: kind === "lead_form" ? "" : value });
  }
  const imageMediaId = idOf(form.get("imageMediaId"));
  return {
    values,
    body: {
      title: values.title ?? "",
      text: values.text ?? "",
      whenToShow: values.whenToShow ?? "",
      imageMediaId,
      buttons,
    },
  };
}

/**
 * The page's action: the bots' buttons (create, duplicate, delete, restore, make current) and
 * the current bot's message cards (save, delete, move). Each lands back on the page as it was,
 * or answers with what the form must show.
 */
export async function cardsAction({
  request,
  form,
  api,
  language,
}: {
  request: Request;
  form: FormData;
  api: ApiClient;
  language: Language;
}) {
  const url = new URL(request.url);
  const intent = form.get("intent");
  const id = idOf(form.get("id"));

  switch (intent) {
    case "create": {
      const name = textOf(form, "name");
      if (!name) return answer({ intent, errors: { name: "required" }, values: { name } }, 422);
      try {
        const bot = await api.post("/bots", { body: { name } });
        await api.put("/user/current-bot", { body: { botId: bot.id } });
        return safeRedirect(localizedPath("/x-bot/details", language));
      } catch (error) {
        if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
        if (error.status === 403)
          return answer({ intent, formError: "cards.errors.forbidden" }, 403);
        return answer(
          { intent, errors: fieldErrors(error, new Set(["name"])), values: { name } },
          error.status,
        );
      }
    }
    case "duplicate": {
      if (!id) throw badRequest();
      const name = textOf(form, "name")?.slice(0, botDetailLimits.name);
      await api
        .post("/bots/{id}/duplicate", { path: { id }, body: name ? { name } : {} })
        .catch(rethrowAsPageError);
      return safeRedirect(pagePath(url, language, { notice: "bot-duplicated" }));
    }
    case "delete": {
      if (!id) throw badRequest();
      if (!isConfirmed(form)) return safeRedirect(pagePath(url, language, { confirm: id }));
      await api.delete("/bots/{id}", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(pagePath(url, language, { deleted: id }));
    }
    case "restore": {
      if (!id) throw badRequest();
      await api.post("/bots/{id}/restore", { path: { id } }).catch(rethrowAsPageError);
      return safeRedirect(pagePath(url, language, { notice: "bot-restored", page: null }));
    }
    case "make-current": {
      if (!id) throw badRequest();
      try {
        await api.put("/user/current-bot", { body: { botId: id } });
      } catch (error) {
        if (!isApiError(error, 422)) rethrowAsPageError(error);
        return answer({ intent, formError: "cards.errors.gone" }, 422);
      }
      return safeRedirect(pagePath(url, language, { notice: "bot-made-current" }));
    }
    case "card-save":
    case "card-delete":
    case "card-move":
      return cardIntent(intent, form, url, api, language);
    default:
      throw badRequest();
  }
}

async function cardIntent(
  intent: "card-save" | "card-delete" | "card-move",
  form: FormData,
  url: URL,
  api: ApiClient,
  language: Language,
) {
  const botId = idOf(form.get("botId"));
  const cardId = idOf(form.get("cardId"));
  if (!botId) throw badRequest();
  const tab = { tab: "messages" };

  if (intent === "card-save") {
    const { values, body } = readCard(form);
    if (!body.title) {
      return answer({ intent, errors: { title: "required" }, values, cardId }, 422);
    }
    try {
      if (cardId) {
        const version = Number(form.get("version"));
        if (!Number.isInteger(version) || version < 1) throw badRequest();
        await api.patch("/bots/{id}/cards/{cardId}", {
          path: { id: botId, cardId },
          body: { ...body, version },
        });
      } else {
        await api.post("/bots/{id}/cards", { path: { id: botId }, body });
      }
    } catch (error) {
      if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
      if (error.status === 409) {
        return answer({ intent, formError: "messageCards.errors.stale", values, cardId }, 409);
      }
      if (error.status === 403) {
        return answer({ intent, formError: "cards.errors.forbidden", values, cardId }, 403);
      }
      const errors = fieldErrors(error, new Set(Object.keys(values)));
      return answer(
        {
          intent,
          errors,
          formError: Object.keys(errors).length ? undefined : "messageCards.errors.invalid",
          values,
          cardId,
        },
        error.status,
      );
    }
    return safeRedirect(pagePath(url, language, { ...tab, notice: "message-card-saved" }));
  }

  if (!cardId) throw badRequest();
  if (intent === "card-delete") {
    if (!isConfirmed(form)) {
      return safeRedirect(pagePath(url, language, { ...tab, confirm: cardId }));
    }
    await api
      .delete("/bots/{id}/cards/{cardId}", { path: { id: botId, cardId } })
      .catch(rethrowAsPageError);
    return safeRedirect(pagePath(url, language, { ...tab, notice: "message-card-deleted" }));
  }

  // Moves the card one place up or down: it and its neighbour trade positions.
  const direction = form.get("direction") === "up" ? -1 : 1;
  const { items } = await api
    .get("/bots/{id}/cards", { path: { id: botId } })
    .catch(rethrowAsPageError);
  const index = items.findIndex((card) => card.id === cardId);
  const card = items[index];
  const neighbour = items[index + direction];
  if (card && neighbour) {
    // Equal positions (cards added together) still come apart in the order shown.
    const [first, second] =
      card.position === neighbour.position
        ? direction < 0
          ? [neighbour.position, neighbour.position + 1]
          : [neighbour.position + 1, neighbour.position]
        : [neighbour.position, card.position];
    try {
      await api.patch("/bots/{id}/cards/{cardId}", {
        path: { id: botId, cardId: card.id },
        body: { position: first, version: card.version },
      });
      await api.patch("/bots/{id}/cards/{cardId}", {
        path: { id: botId, cardId: neighbour.id },
        body: { position: second, version: neighbour.version },
      });
    } catch (error) {
      if (!isApiError(error, 409)) rethrowAsPageError(error);
    }
  }
  return safeRedirect(pagePath(url, language, tab));
}
