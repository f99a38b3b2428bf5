import { z } from "zod";
import type { ApiSchema } from "./api/client";

export type ThreadSummary = ApiSchema<"ThreadSummary">;
export type Thread = ApiSchema<"Thread">;
export type ThreadMessage = ApiSchema<"ThreadMessage">;

/** The API's limits (api/threads/threads.ts), for the forms' constraints. */
export const maxMessageContent = 100_000;
/** The largest file a thread takes as an attachment (the API's limit). */
export const maxAttachmentBytes = 10 * 1024 * 1024;
/** The files a thread takes, for a file picker's `accept`. */
export const attachmentAccept =
  ".txt,.md,.pdf,.docx,text/plain,text/markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const maxThreadTitle = 200;
export const maxSystemPrompt = 20_000;
export const maxFeedbackNote = 2_000;

/** The sidebar's query: a search, the archived threads or the bin, and its page. */
export const SidebarListing = z.object({
  q: z.string().trim().max(200).catch(""),
  view: z.enum(["archived", "deleted"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type SidebarListing = z.infer<typeof SidebarListing>;

export const sidebarPageSize = 30;

export type ThreadGroupName = "pinned" | "today" | "yesterday" | "week" | "older";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The sidebar's groups: pinned first, then by the day of the last activity (UTC, so that the
 * server and the browser draw the same groups), in the API's order within each.
 */
export function groupThreads(threads: ThreadSummary[], now: number) {
  const today = Math.floor(now / dayMs);
  const groups = new Map<ThreadGroupName, ThreadSummary[]>();
  for (const thread of threads) {
    const age = today - Math.floor(new Date(thread.lastActivityAt).getTime() / dayMs);
    const name: ThreadGroupName = thread.pinned
      ? "pinned"
      : age <= 0
        ? "today"
        : age === 1
          ? "yesterday"
          : age < 7
            ? "week"
            : "older";
    groups.set(name, [...(groups.get(name) ?? []), thread]);
  }
  const order: ThreadGroupName[] = ["pinned", "today", "yesterday", "week", "older"];
  return order.flatMap((name) => {
    const items = groups.get(name);
    return items ? [{ name, items }] : [];
  });
}

/** What the answer stream's metadata says (the `start` and `finish` chunks of the API). */
export type AnswerMetadata = {
  threadId: number;
  userMessageId: number;
  assistantMessageId: number;
  contextOmitted: number;
  status: ThreadMessage["status"];
  error: { code: string; message: string } | null;
};

/** The error codes of a failed answer that the page explains in its own words. */
export const answerErrorCodes = [
  "AI_NOT_CONFIGURED",
  "AI_BAD_KEY",
  "AI_UNKNOWN_MODEL",
  "AI_PROVIDER_QUOTA",
  "AI_REFUSED",
  "AI_PROVIDER_DOWN",
  "AI_TIMEOUT",
  "AI_CANCELLED",
  "AI_PRIVATE_ADDRESS",
  "AI_BAD_RESPONSE",
  "QUOTA_EXCEEDED",
  "TOO_MANY_REQUESTS",
  "MODEL_NOT_ALLOWED",
  "ANSWER_IN_PROGRESS",
  "THREAD_DELETED",
] as const;

/** A character's greeting: an answer that no question came before. */
export function isGreeting(message: Pick<ThreadMessage, "role" | "parentId">) {
  return message.role === "assistant" && message.parentId === null;
}

/** Why a character's next greeting could not be shown, as the page says it. */
export function greetingErrorKey(code: string | undefined) {
  if (code === "NO_OTHER_GREETING" || code === "NOT_A_GREETING") {
    return `threads:greetingErrors.${code}`;
  }
  return answerErrorKey(code);
}

export function answerErrorKey(code: string | undefined) {
  return (answerErrorCodes as readonly string[]).includes(code ?? "")
    ? `threads:errors.${code}`
    : "threads:errors.unknown";
}
