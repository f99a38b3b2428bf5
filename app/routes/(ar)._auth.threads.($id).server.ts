import { data } from "react-router";
import { z } from "zod";
import type { ApiClient, ApiSchema } from "~/lib/api/client";
import { isApiError } from "~/lib/api/errors";
import { type Language, localizedPath } from "~/lib/i18n";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { serviceUnavailable } from "~/lib/session.server";
import {
  maxAttachmentBytes,
  maxFeedbackNote,
  maxSystemPrompt,
  maxThreadTitle,
} from "~/lib/threads";
import { AnswerRequest, readWholeAnswer, requestAnswer, threadIdParam } from "~/lib/threads.server";

const messageId = z.coerce.number().int().min(1);

/** The thread page's forms, by intent; every one works without JavaScript. */
export const ThreadIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("variant"), messageId }),
  z.object({ intent: z.literal("next-greeting"), messageId }),
  z.object({
    intent: z.literal("rename"),
    title: z.string().trim().min(1, "required").max(maxThreadTitle, "tooLong"),
  }),
  z.object({ intent: z.enum(["pin", "unpin", "archive", "unarchive", "share", "unshare"]) }),
  z.object({
    intent: z.literal("settings"),
    model: z
      .string()
      .trim()
      .max(200, "tooLong")
      .regex(/^[\w.:/@+-]*$/, "invalidModel"),
    temperature: z.union([
      z.literal("").transform(() => null),
      z.coerce
        .number("invalidTemperature")
        .min(0, "invalidTemperature")
        .max(2, "invalidTemperature"),
    ]),
    systemPrompt: z.string().max(maxSystemPrompt, "tooLong"),
  }),
  z.object({
    intent: z.literal("feedback"),
    messageId,
    rating: z.enum(["up", "down", ""]).transform((value) => value || null),
    note: z.string().trim().max(maxFeedbackNote, "tooLong").default(""),
  }),
  z.object({ intent: z.literal("to-document"), messageId }),
]);

type Change = ApiSchema<"ThreadUpdate">;

const toggles = {
  pin: { pinned: true },
  unpin: { pinned: false },
  archive: { archived: true },
  unarchive: { archived: false },
  share: { visibility: "organization" },
  unshare: { visibility: "private" },
} as const;

/** An answer the browser waited for whole: the question, or the answer written again. */
export async function answerWhole(
  api: ApiClient,
  threadId: number | null,
  form: FormData,
  language: Language,
) {
  const parsed = AnswerRequest.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]?.message;
    return data(
      {
        intent: "ask" as const,
        error: issue === "tooLong" ? "TOO_LONG" : "REQUIRED",
        content: questionOf(form),
      },
      { status: 422 },
    );
  }
  try {
    const whole = await readWholeAnswer(await requestAnswer(api, threadId, parsed.data));
    const id = threadId ?? whole.threadId;
    return safeRedirect(localizedPath(id === null ? "/threads" : `/threads/${id}`, language));
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw serviceUnavailable(error);
    // Refused before it was sent: the question goes back into the box, beside the reason.
    return data(
      { intent: "ask" as const, error: error.code, content: questionOf(form) },
      { status: error.status },
    );
  }
}

/** The question of an ask form, as it was typed; none for an answer written again. */
function questionOf(form: FormData) {
  const content = form.get("intent") === "ask" ? form.get("content") : null;
  return typeof content === "string" ? content : null;
}

/** `?notice=` of a thread whose settings were just saved. */
const threadSettingsSaved = "thread-settings-saved";

/** Every other form of the page, on the thread of the page. */
export async function changeThread(
  api: ApiClient,
  threadId: number,
  form: FormData,
  language: Language,
) {
  const parsed = ThreadIntent.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const intent = String(form.get("intent"));
    if (intent !== "rename" && intent !== "settings" && intent !== "feedback") throw badRequest();
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    return data({ intent, fields }, { status: 422 });
  }
  const request = parsed.data;
  const path = { id: String(threadId) };
  const patch = (body: Change) => api.patch("/threads/{id}", { path, body });
  try {
    switch (request.intent) {
      case "variant":
        await patch({ currentMessageId: request.messageId });
        break;
      case "next-greeting":
        await api.post("/threads/{id}/messages/{messageId}/next-greeting", {
          path: { ...path, messageId: String(request.messageId) },
        });
        break;
      case "rename":
        await patch({ title: request.title });
        break;
      case "settings":
        await patch({
          model: request.model || null,
          temperature: request.temperature,
          systemPrompt: request.systemPrompt,
        });
        // Said by the address, which the live update that follows the change keeps (an action's
        // answer would be cleared when the page's data is read again).
        return safeRedirect(
          `${localizedPath(`/threads/${threadId}`, language)}?notice=${threadSettingsSaved}`,
        );
      case "feedback":
        await api.put("/threads/{id}/messages/{messageId}/feedback", {
          path: { ...path, messageId: String(request.messageId) },
          body: { rating: request.rating, note: request.note },
        });
        break;
      case "to-document": {
        const thread = await api.get("/threads/{id}", { path });
        const message = thread.messages.find((each) => each.id === request.messageId);
        if (!message) throw badRequest();
        const title = (thread.title || message.content.trim().split("\n")[0] || "").slice(0, 200);
        const document = await api.post("/documents", {
          body: { title: title.trim() || "—", markdown: message.content },
        });
        return safeRedirect(
          `${localizedPath(`/documents/${document.id}`, language)}?notice=document-created`,
        );
      }
      default:
        await patch(toggles[request.intent]);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isApiError(error) || error.status >= 500 || error.status === 404) {
      rethrowAsPageError(error);
    }
    return data(
      // Each field's code, which the page translates (never the API's English text).
      { intent: request.intent, error: error.code, fields: error.fieldCodes },
      { status: error.status },
    );
  }
  return data({ intent: request.intent, saved: true as const });
}

/** The largest file a thread takes (the API's limit), with room for the form around it. */
export const maxAttachmentFormBytes = maxAttachmentBytes + 64 * 1024;

const attachmentId = z.coerce.number().int().min(1);

/** Attaches a document or an uploaded file to the thread, or takes one off. */
export async function changeAttachments(api: ApiClient, threadId: number, form: FormData) {
  const intent = String(form.get("intent"));
  const path = { id: String(threadId) };
  try {
    if (intent === "detach") {
      const parsed = attachmentId.safeParse(form.get("attachmentId"));
      if (!parsed.success) throw badRequest();
      await api.delete("/threads/{id}/attachments/{attachmentId}", {
        path: { ...path, attachmentId: String(parsed.data) },
      });
    } else if (intent === "attach-document") {
      const documentId = z.uuid().safeParse(form.get("documentId"));
      if (!documentId.success) return data({ intent, error: "NO_DOCUMENT" }, { status: 422 });
      // This operation takes JSON or a file; the client types it by the file.
      const body = { documentId: documentId.data } as unknown as FormData;
      await api.post("/threads/{id}/attachments", { path, body });
    } else {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) {
        return data({ intent, error: "NO_FILE" }, { status: 422 });
      }
      const body = new FormData();
      body.set("file", file, file.name);
      await api.post("/threads/{id}/attachments", { path, body });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isApiError(error) || error.status >= 500) throw serviceUnavailable(error);
    const code = Object.values(error.fieldCodes)[0] ?? error.code;
    return data({ intent, error: code }, { status: error.status });
  }
  return data({ intent, saved: true as const });
}

/** Deletes the thread; the list then offers to bring it back. */
export async function deleteThread(api: ApiClient, threadId: number, language: Language) {
  await api.delete("/threads/{id}", { path: { id: String(threadId) } }).catch((error: unknown) => {
    throw serviceUnavailable(error);
  });
  return safeRedirect(`${localizedPath("/threads", language)}?deleted=${threadId}`);
}

export async function restoreThread(api: ApiClient, form: FormData, language: Language) {
  const id = threadIdParam(String(form.get("id") ?? ""));
  if (id === null) throw badRequest();
  await api.post("/threads/{id}/restore", { path: { id: String(id) } }).catch(rethrowAsPageError);
  return safeRedirect(localizedPath(`/threads/${id}`, language));
}
