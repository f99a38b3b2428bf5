import { EventSourceParserStream } from "eventsource-parser/stream";
import { z } from "zod";
import type { ApiClient } from "./api/client";
import { notFound } from "./responses.server";
import { maxMessageContent } from "./threads";

/** A thread id in a path: digits only (SPEC.md §5), else the page does not exist. */
export function threadIdParam(value: string | undefined) {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

const messageId = z.coerce.number().int().min(1);

/** What the composer and the answer buttons post: a question, or an answer to write again. */
export const AnswerRequest = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("ask"),
    content: z
      .string()
      .refine((value) => value.trim() !== "", "required")
      .refine((value) => value.length <= maxMessageContent, "tooLong"),
    // Absent: after the branch's last message; empty: the thread's start (an edited first question).
    parentId: z
      .union([z.literal("").transform(() => null), messageId])
      .optional()
      .catch(undefined),
  }),
  z.object({ intent: z.literal("regenerate"), messageId }),
]);
export type AnswerRequest = z.infer<typeof AnswerRequest>;

/** The API's streamed answer for a question or a regeneration. */
export function requestAnswer(api: ApiClient, threadId: number | null, request: AnswerRequest) {
  if (threadId === null) {
    // A question in a new thread: the API makes the thread only once the question can be sent.
    if (request.intent !== "ask") throw notFound();
    return api.stream("/threads/messages", { body: { content: request.content } });
  }
  if (request.intent === "regenerate") {
    return api.stream("/threads/{id}/messages/{messageId}/regenerate", {
      path: { id: String(threadId), messageId: String(request.messageId) },
    });
  }
  return api.stream("/threads/{id}/messages", {
    path: { id: String(threadId) },
    body: {
      content: request.content,
      ...(request.parentId !== undefined ? { parentId: request.parentId } : {}),
    },
  });
}

/**
 * Reads an answer's stream to its end, for a browser without JavaScript whose form waits for the
 * whole answer: how it ended, as the stream's last metadata says.
 */
export async function readWholeAnswer(response: Response) {
  let status = "failed";
  let errorCode: string | null = null;
  let threadId: number | null = null;
  const events = response.body
    ?.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  if (!events) return { status, errorCode, threadId };
  const reader = events.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const event = read.value;
    if (event.data === "[DONE]") break;
    const chunk = JSON.parse(event.data) as {
      type: string;
      messageMetadata?: {
        status?: string;
        error?: { code: string } | null;
        threadId?: number;
      };
    };
    if (chunk.type === "start" && typeof chunk.messageMetadata?.threadId === "number") {
      threadId = chunk.messageMetadata.threadId;
    }
    if (chunk.type === "finish" && chunk.messageMetadata) {
      status = chunk.messageMetadata.status ?? status;
      errorCode = chunk.messageMetadata.error?.code ?? null;
    }
  }
  return { status, errorCode, threadId };
}
