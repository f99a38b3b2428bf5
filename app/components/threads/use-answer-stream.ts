import { EventSourceParserStream } from "eventsource-parser/stream";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { AnswerMetadata, ThreadMessage } from "~/lib/threads";

/** An answer being written in this tab, shown before (and over) what the loader last read. */
export type LiveAnswer = {
  /** The question follows this message (an ask), or the answer written again follows it. */
  afterId: number | null;
  /** The question's text while it is on its way; null when an answer is written again. */
  question: string | null;
  threadId: number | null;
  userMessageId: number | null;
  assistantMessageId: number | null;
  text: string;
  status: "sending" | ThreadMessage["status"];
  error: { code: string; message: string | null } | null;
};

export type AnswerRequest =
  | { intent: "ask"; content: string; parentId?: number | null; afterId: number | null }
  | { intent: "regenerate"; messageId: number; afterId: number | null };

type Chunk = {
  type: string;
  delta?: string;
  errorText?: string;
  messageMetadata?: AnswerMetadata;
};

/**
 * Asks through the answer resource route and reads its event stream token by token. Stop aborts
 * the request, which stops the model on the server (the text so far is kept there, stopped).
 * Once the answer ends, the loaders are read again; `useSettledAnswer` lets the live answer give
 * way to them.
 */
export function useAnswerStream({ onThreadStarted }: { onThreadStarted: (id: number) => void }) {
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const controller = useRef<AbortController | null>(null);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const started = useRef(onThreadStarted);
  started.current = onThreadStarted;

  // Leaving the page stops the answer, as closing the tab does.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (threadId: number | "new", request: AnswerRequest) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    // Checked when the change is made: React applies the change later, after `finally`.
    const update = (change: Partial<LiveAnswer>) => {
      if (controller.current !== abort) return;
      setLive((current) => (current ? { ...current, ...change } : current));
    };
    setLive({
      afterId: request.afterId,
      question: request.intent === "ask" ? request.content : null,
      threadId: threadId === "new" ? null : threadId,
      userMessageId: null,
      assistantMessageId: null,
      text: "",
      status: "sending",
      error: null,
    });

    const body = new FormData();
    body.set("intent", request.intent);
    if (request.intent === "ask") {
      body.set("content", request.content);
      if (request.parentId !== undefined) body.set("parentId", String(request.parentId ?? ""));
    } else {
      body.set("messageId", String(request.messageId));
    }

    let text = "";
    try {
      const response = await fetch(`/threads/${threadId}/answer`, {
        method: "POST",
        body,
        signal: abort.signal,
        headers: { Accept: "text/event-stream" },
      });
      if (!response.ok || !response.body) {
        const answer = await response.json().catch(() => null);
        update({
          status: "failed",
          error: { code: answer?.error?.code ?? `HTTP_${response.status}`, message: null },
        });
        return;
      }
      const events = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream());
      const reader = events.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const event = read.value;
        if (event.data === "[DONE]") break;
        const chunk = JSON.parse(event.data) as Chunk;
        const metadata = chunk.messageMetadata;
        if (chunk.type === "start" && metadata) {
          update({
            threadId: metadata.threadId,
            userMessageId: metadata.userMessageId,
            assistantMessageId: metadata.assistantMessageId,
            status: "streaming",
          });
          if (threadId === "new") started.current(metadata.threadId);
        } else if (chunk.type === "text-delta" && chunk.delta) {
          text += chunk.delta;
          update({ text });
        } else if (chunk.type === "finish" && metadata) {
          update({ status: metadata.status, error: metadata.error });
        }
      }
    } catch (error) {
      if (abort.signal.aborted) update({ status: "stopped" });
      else update({ status: "failed", error: { code: "NETWORK", message: null } });
      if (!(error instanceof Error) || error.name !== "AbortError") console.error(error);
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        // The loaders read the answer as it was stored; the page then lets the live one go.
        revalidate.current();
      }
    }
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setLive(null), []);

  const busy = live?.status === "sending" || live?.status === "streaming";
  return { live, start, stop, dismiss, busy };
}

/**
 * Drops an ended answer once the loader has read it back: when the thread's data changes after
 * the end and has the answer settled (or no longer in the branch shown). A refusal before any
 * message was stored stays, as the composer's error, until the next question.
 */
export function useSettledAnswer(
  live: LiveAnswer | null,
  messages: ThreadMessage[] | undefined,
  dismiss: () => void,
) {
  const endedWith = useRef<ThreadMessage[] | undefined | null>(null);
  const ended = live !== null && live.status !== "sending" && live.status !== "streaming";
  useEffect(() => {
    if (!ended || live?.assistantMessageId == null) {
      endedWith.current = null;
      return;
    }
    if (endedWith.current === null) {
      endedWith.current = messages;
      return;
    }
    if (messages === endedWith.current) return;
    const stored = messages?.find((message) => message.id === live.assistantMessageId);
    if (stored?.status === "streaming") return;
    endedWith.current = null;
    dismiss();
  }, [ended, live, messages, dismiss]);
}
