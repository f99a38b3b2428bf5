import { createParser } from "eventsource-parser";
import type { MessageStatus } from "./contract";

/**
 * Reads an answer sent as the AI SDK's UI message stream over SSE (decision 018): every event is
 * one JSON chunk, then `[DONE]`. The widget needs a few chunk types; the others (reasoning,
 * tools, sources, data the widget does not know) are passed over, so that the server may add
 * them without breaking a widget cached on a visitor's browser.
 */
export type AnswerEvent =
  | {
      type: "start";
      conversationId: string | null;
      userMessageId: string | null;
      assistantMessageId: string | null;
    }
  | { type: "delta"; text: string }
  | { type: "finish"; status: MessageStatus; error: string | null }
  | { type: "error"; message: string }
  | { type: "data"; name: string; data: unknown }
  | { type: "done" };

type Chunk = {
  type?: unknown;
  delta?: unknown;
  errorText?: unknown;
  data?: unknown;
  messageMetadata?: Record<string, unknown> | null;
};

const id = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : null;

const statuses: readonly string[] = ["streaming", "complete", "stopped", "failed"];

/** The widget's event for one chunk of the stream, or null for one it passes over. */
export function answerEvent(data: string): AnswerEvent | null {
  if (data === "[DONE]") return { type: "done" };
  let chunk: Chunk;
  try {
    chunk = JSON.parse(data) as Chunk;
  } catch {
    return null;
  }
  if (!chunk || typeof chunk !== "object") return null;
  const metadata = chunk.messageMetadata ?? {};
  switch (chunk.type) {
    case "start":
      return {
        type: "start",
        conversationId: id(metadata.conversationId),
        userMessageId: id(metadata.userMessageId),
        assistantMessageId: id(metadata.assistantMessageId),
      };
    case "text-delta":
      return typeof chunk.delta === "string" ? { type: "delta", text: chunk.delta } : null;
    case "finish": {
      const status = statuses.includes(metadata.status as string)
        ? (metadata.status as MessageStatus)
        : "complete";
      const error = metadata.error as { code?: unknown } | string | null | undefined;
      const code = typeof error === "string" ? error : (error?.code ?? null);
      return { type: "finish", status, error: typeof code === "string" ? code : null };
    }
    case "error":
      return { type: "error", message: typeof chunk.errorText === "string" ? chunk.errorText : "" };
    default:
      if (typeof chunk.type === "string" && chunk.type.startsWith("data-")) {
        return { type: "data", name: chunk.type.slice(5), data: chunk.data };
      }
      return null;
  }
}

/**
 * A reader fed with the body's bytes as they come, cut anywhere: inside a line, between `\r` and
 * `\n`, or inside a character of several bytes.
 */
export function createAnswerReader(onEvent: (event: AnswerEvent) => void) {
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent(message) {
      const event = answerEvent(message.data);
      if (event) onEvent(event);
    },
  });
  return {
    push(bytes: Uint8Array) {
      parser.feed(decoder.decode(bytes, { stream: true }));
    },
    end() {
      const rest = decoder.decode();
      if (rest) parser.feed(rest);
      // An event without its blank line when the stream closes is incomplete: dropped.
      parser.reset();
    },
  };
}

/** Reads a response's body to its end, calling `onEvent` for each event. */
export async function readAnswer(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: AnswerEvent) => void,
): Promise<void> {
  const reader = createAnswerReader(onEvent);
  const source = body.getReader();
  for (let read = await source.read(); !read.done; read = await source.read()) {
    reader.push(read.value);
  }
  reader.end();
}
