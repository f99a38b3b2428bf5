import { data } from "react-router";
import { z } from "zod";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import type { ApiClient, ApiSchema } from "~/lib/api/client";
import { type ApiError, isApiError, isUserError } from "~/lib/api/errors";
import type { Language } from "~/lib/i18n";
import { pageAddress } from "~/lib/listing.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import {
  type ImportRow,
  type KnowledgeAnswer,
  KnowledgeQaFields,
  KnowledgeTextFields,
  KnowledgeWebsiteFields,
  knowledgeLimits,
} from "~/lib/xbot-knowledge";

const uuid = z.uuid();
const idOf = (value: FormDataEntryValue | null) => {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const fileOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
};

/** The page's address with `changes`, one visit's parameters dropped. */
function pagePath(url: URL, language: Language, changes: Record<string, string | null>) {
  return pageAddress(url, "/x-bot/knowledge", language, ["notice", "confirm", "edit"], changes);
}

/**
 * A text's or a document's source as JSON: the client types the operation's body by its file
 * form, and sends JSON for anything that is not FormData.
 */
const sourceJson = (body: ApiSchema<"KnowledgeSourceCreate">) => body as unknown as FormData;

const answer = (value: KnowledgeAnswer, status: number) => data<KnowledgeAnswer>(value, { status });

/** API codes → message keys of `validation`; an unknown one is "invalid". */
const messageOfCode: Record<string, string> = {
  REQUIRED: "required",
  TOO_LONG: "tooLongPlain",
  TOO_BIG: "tooLongPlain",
};

/** A zod refusal's fields, each with its first message. */
function zodErrors(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A 422's fields that the form has, translated where the code is known. */
function apiFieldErrors(error: ApiError, sent: string[]) {
  const errors: Record<string, string> = {};
  const codes = Object.keys(error.fieldCodes).length
    ? error.fieldCodes
    : Object.fromEntries(Object.keys(error.fields).map((field) => [field, error.code]));
  for (const [field, code] of Object.entries(codes)) {
    if (sent.includes(field)) errors[field] ??= messageOfCode[code] ?? "invalid";
  }
  return errors;
}

/** The file refusals a source's form explains in its own words (`knowledge.errors.*`). */
const fileCodes = [
  "UNSUPPORTED_FILE_TYPE",
  "ENCRYPTED_FILE",
  "UNREADABLE_FILE",
  "EMPTY_FILE",
  "FILE_TOO_LARGE_UNPACKED",
];

/** What the whole form is told for an API refusal that is no field's. */
function formErrorOf(error: ApiError) {
  if (error.status === 403) return "knowledge.errors.forbidden";
  if (error.status === 413) return "knowledge.errors.FILE_TOO_LARGE";
  if (error.status === 429) return "knowledge.errors.busy";
  if (error.code === "TOO_MANY_SOURCES" || error.code === "TOO_MANY_QA") {
    return `knowledge.errors.${error.code}`;
  }
  if (error.code === "BOT_DELETED") return "knowledge.errors.BOT_DELETED";
  if (fileCodes.includes(error.code) || fileCodes.includes(error.fieldCodes.file ?? "")) {
    return `knowledge.errors.${fileCodes.includes(error.code) ? error.code : error.fieldCodes.file}`;
  }
  return "knowledge.errors.invalid";
}

/**
 * The page's action: sources (a text, a file, a document; sync, delete), questions and answers
 * (save, delete, import) and the test box's search. Each lands back on the page as it was, or
 * answers with what the form must show.
 */
export async function knowledgeAction({
  request,
  form,
  tooLarge,
  api,
  language,
  botId,
}: {
  request: Request;
  form: FormData;
  tooLarge: boolean;
  api: ApiClient;
  language: Language;
  botId: string;
}) {
  const url = new URL(request.url);
  const intent = String(form.get("intent") ?? "");
  const path = { id: botId };

  if (tooLarge) {
    return answer({ intent: "source-file", formError: "knowledge.errors.FILE_TOO_LARGE" }, 413);
  }

  /** A refusal of the API told on the form; anything else is the page's error. */
  const refused = (error: unknown, values: Record<string, string>, extra = {}) => {
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    const errors = apiFieldErrors(error, Object.keys(values));
    return answer(
      {
        intent,
        values,
        errors,
        formError: Object.keys(errors).length ? undefined : formErrorOf(error),
        ...extra,
      },
      error.status,
    );
  };

  switch (intent) {
    case "search": {
      const query = textOf(form, "query").trim();
      if (!query) return answer({ intent, errors: { query: "required" }, values: { query } }, 422);
      try {
        const result = await api.post("/bots/{id}/knowledge/search", {
          path,
          body: { query: query.slice(0, knowledgeLimits.query), limit: 5 },
        });
        return { intent, values: { query }, search: { query, result } } satisfies KnowledgeAnswer;
      } catch (error) {
        return refused(error, { query });
      }
    }
    case "source-text": {
      const values = { title: textOf(form, "title"), text: textOf(form, "text") };
      const parsed = KnowledgeTextFields.safeParse(values);
      if (!parsed.success) {
        return answer({ intent, values, errors: zodErrors(parsed.error) }, 422);
      }
      try {
        await api.post("/bots/{id}/knowledge/sources", {
          path,
          body: sourceJson({ kind: "text", ...parsed.data }),
        });
      } catch (error) {
        return refused(error, values);
      }
      return safeRedirect(
        pagePath(url, language, { tab: null, page: null, notice: "knowledge-added" }),
      );
    }
    case "source-file": {
      const file = fileOf(form, "file");
      if (!file) return answer({ intent, errors: { file: "required" } }, 422);
      if (file.size > knowledgeLimits.fileBytes) {
        return answer({ intent, formError: "knowledge.errors.FILE_TOO_LARGE" }, 413);
      }
      const body = new FormData();
      body.set("kind", "file");
      body.set("file", file, file.name);
      try {
        await api.post("/bots/{id}/knowledge/sources", { path, body });
      } catch (error) {
        return refused(error, {});
      }
      return safeRedirect(
        pagePath(url, language, { tab: null, page: null, notice: "knowledge-added" }),
      );
    }
    case "source-document": {
      const documentId = idOf(form.get("documentId"));
      if (!documentId) return answer({ intent, errors: { documentId: "required" } }, 422);
      try {
        await api.post("/bots/{id}/knowledge/sources", {
          path,
          body: sourceJson({ kind: "document", documentId }),
        });
      } catch (error) {
        if (isApiError(error, 404)) {
          return answer({ intent, errors: { documentId: "invalid" } }, 422);
        }
        return refused(error, { documentId });
      }
      return safeRedirect(
        pagePath(url, language, { tab: null, page: null, notice: "knowledge-added" }),
      );
    }
    case "source-website": {
      const values = {
        url: textOf(form, "url").trim(),
        reach: textOf(form, "reach"),
        depth: textOf(form, "depth").trim(),
        pageLimit: textOf(form, "pageLimit").trim(),
        include: textOf(form, "include"),
        exclude: textOf(form, "exclude"),
      };
      const parsed = KnowledgeWebsiteFields.safeParse(values);
      if (!parsed.success) {
        return answer({ intent, values, errors: zodErrors(parsed.error) }, 422);
      }
      const { url: address, reach, depth, pageLimit, include, exclude } = parsed.data;
      try {
        await api.post("/bots/{id}/knowledge/sources", {
          path,
          body: sourceJson(
            reach === "crawl"
              ? { kind: "crawl", url: address, depth, pageLimit, include, exclude }
              : { kind: reach, url: address },
          ),
        });
      } catch (error) {
        return refused(error, values);
      }
      return safeRedirect(
        pagePath(url, language, { tab: null, page: null, notice: "knowledge-added" }),
      );
    }
    case "source-sync": {
      const sourceId = idOf(form.get("sourceId"));
      if (!sourceId) throw badRequest();
      try {
        await api.post("/bots/{id}/knowledge/sources/{sourceId}/sync", {
          path: { ...path, sourceId },
        });
      } catch (error) {
        return refused(error, {});
      }
      return safeRedirect(pagePath(url, language, { notice: "knowledge-syncing" }));
    }
    case "source-delete": {
      const sourceId = idOf(form.get("sourceId"));
      if (!sourceId) throw badRequest();
      if (!isConfirmed(form)) return safeRedirect(pagePath(url, language, { confirm: sourceId }));
      await api
        .delete("/bots/{id}/knowledge/sources/{sourceId}", { path: { ...path, sourceId } })
        .catch(rethrowAsPageError);
      const source = url.searchParams.get("source");
      return safeRedirect(
        pagePath(url, language, {
          source: source === sourceId ? null : source,
          notice: "knowledge-deleted",
        }),
      );
    }
    case "qa-save": {
      const qaId = idOf(form.get("qaId")) ?? undefined;
      const values = { question: textOf(form, "question"), answer: textOf(form, "answer") };
      const parsed = KnowledgeQaFields.safeParse(values);
      if (!parsed.success) {
        return answer({ intent, values, qaId, errors: zodErrors(parsed.error) }, 422);
      }
      try {
        if (qaId) {
          const version = Number(form.get("version"));
          if (!Number.isInteger(version) || version < 1) throw badRequest();
          await api.patch("/bots/{id}/knowledge/qa/{qaId}", {
            path: { ...path, qaId },
            body: { ...parsed.data, version },
          });
        } else {
          await api.post("/bots/{id}/knowledge/qa", { path, body: parsed.data });
        }
      } catch (error) {
        if (isApiError(error, 409) && error.code === "STALE_VERSION") {
          return answer({ intent, values, qaId, formError: "knowledge.errors.stale" }, 409);
        }
        return refused(error, values, { qaId });
      }
      return safeRedirect(
        pagePath(url, language, {
          tab: "qa",
          ...(qaId ? {} : { page: null, q: null }),
          notice: "knowledge-qa-saved",
        }),
      );
    }
    case "qa-delete": {
      const qaId = idOf(form.get("qaId"));
      if (!qaId) throw badRequest();
      if (!isConfirmed(form)) {
        return safeRedirect(pagePath(url, language, { tab: "qa", confirm: qaId }));
      }
      await api
        .delete("/bots/{id}/knowledge/qa/{qaId}", { path: { ...path, qaId } })
        .catch(rethrowAsPageError);
      return safeRedirect(pagePath(url, language, { tab: "qa", notice: "knowledge-qa-deleted" }));
    }
    case "qa-import": {
      const file = fileOf(form, "file");
      if (!file) return answer({ intent, errors: { file: "required" } }, 422);
      if (file.size > knowledgeLimits.importBytes) {
        return answer({ intent, formError: "knowledge.errors.IMPORT_TOO_LARGE" }, 413);
      }
      const lines = /\.(jsonl|ndjson)$/i.test(file.name) || /ndjson|jsonl/i.test(file.type);
      const body = new Blob([await file.arrayBuffer()], {
        type: lines ? "application/x-ndjson" : "text/csv",
      });
      try {
        await api.post("/bots/{id}/knowledge/qa/import", { path, body: body as never });
      } catch (error) {
        if (isApiError(error, 422) && error.code === "INVALID_ROWS") {
          const rows = (Array.isArray(error.details.rows) ? error.details.rows : []) as ImportRow[];
          const invalidRows = Number(error.details.invalidRows) || rows.length;
          return answer(
            {
              intent,
              formError: "knowledge.errors.INVALID_ROWS",
              rows: rows.map(({ line, field, message }) => ({ line, field, message })),
              invalidRows,
            },
            422,
          );
        }
        if (isApiError(error, 422) && ["NO_ROWS", "INVALID_TEXT"].includes(error.code)) {
          return answer({ intent, formError: `knowledge.errors.${error.code}` }, 422);
        }
        if (isApiError(error, 413)) {
          return answer({ intent, formError: "knowledge.errors.IMPORT_TOO_LARGE" }, 413);
        }
        return refused(error, {});
      }
      return safeRedirect(
        pagePath(url, language, {
          tab: "qa",
          page: null,
          q: null,
          notice: "knowledge-qa-imported",
        }),
      );
    }
    default:
      throw badRequest();
  }
}
