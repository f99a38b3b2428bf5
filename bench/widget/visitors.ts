// The two sides the widget benchmark measures, one answer each: a visitor of the public chat
// through the API, as the widget talks to it, and the AI SDK's own streamText on the same fake
// provider (the reference). Both read their answer to the end and count its tokens.
import { performance } from "node:perf_hooks";
import { type LanguageModel, streamText } from "ai";
import type { ApiFetch } from "../support/api";

export type Answer = {
  /** From the request (or the call) to the first token, ms. */
  firstTokenMs: number;
  tokens: number;
  /** What went wrong, if anything: a status, an error event, a status other than complete. */
  error: string | null;
};

export const question = "What are your opening hours on Fridays?";

/**
 * A visitor's own address: the API reads the last X-Forwarded-For hop (the web server's), and the
 * public chat limits each address to 60 messages a minute, so every visitor comes from its own.
 */
export const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export type Conversation = { conversationId: string; token: string; address: string };

/** POST /public/bots/{publicId}/conversations, as the widget does when it first opens. */
export async function startConversation(
  api: ApiFetch,
  publicId: string,
  address: string,
): Promise<Conversation> {
  const response = await api(
    new Request(`http://localhost/api/v1/public/bots/${publicId}/conversations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ locale: "en" }),
    }),
  );
  const body = await response.text();
  if (response.status !== 201) throw new Error(`conversation: ${response.status} ${body}`);
  return { ...JSON.parse(body), address };
}

/**
 * POST …/conversations/{id}/messages, the answer's server-sent events read as they come (the UI
 * message stream: `text-delta`s, `error`, `finish` with the answer's status).
 */
export async function visitorAnswer(
  api: ApiFetch,
  publicId: string,
  conversation: Conversation,
  onFirstToken: () => void = () => {},
): Promise<Answer> {
  const started = performance.now();
  const response = await api(
    new Request(
      `http://localhost/api/v1/public/bots/${publicId}/conversations/${conversation.conversationId}/messages`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${conversation.token}`,
          "content-type": "application/json",
          "x-forwarded-for": conversation.address,
        },
        body: JSON.stringify({ text: question, clientMessageId: crypto.randomUUID() }),
      },
    ),
  );
  if (response.status !== 200 || !response.body) {
    return { firstTokenMs: 0, tokens: 0, error: `${response.status} ${await response.text()}` };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let first = 0;
  let tokens = 0;
  let error: string | null = null;
  let status: string | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!event.startsWith("data: ") || event === "data: [DONE]") continue;
      const chunk = JSON.parse(event.slice(6));
      if (chunk.type === "text-delta" && chunk.delta) {
        tokens++;
        if (!first) {
          first = performance.now();
          onFirstToken();
        }
      } else if (chunk.type === "error") {
        error ??= chunk.errorText;
      } else if (chunk.type === "finish") {
        status = chunk.messageMetadata?.status;
      }
    }
  }
  if (!error && status !== "complete") error = `the answer ended ${status ?? "without finishing"}`;
  return { firstTokenMs: first - started, tokens, error };
}

/** The reference: the AI SDK's streamText on the registry's model, its parts read to the end. */
export async function referenceAnswer(
  model: LanguageModel,
  onFirstToken: () => void = () => {},
): Promise<Answer> {
  const started = performance.now();
  const result = streamText({
    model,
    instructions: "Answer about the shop.",
    messages: [{ role: "user", content: question }],
  });
  let first = 0;
  let tokens = 0;
  let error: string | null = null;
  // The parts the product reads too (its cards come as tool calls).
  for await (const part of result.fullStream) {
    if (part.type === "error") error ??= String(part.error);
    if (part.type !== "text-delta" || !part.text) continue;
    tokens++;
    if (!first) {
      first = performance.now();
      onFirstToken();
    }
  }
  return { firstTokenMs: first - started, tokens, error };
}
