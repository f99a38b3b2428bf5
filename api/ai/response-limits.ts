import type { Capability } from "./capabilities";
import { AiError } from "./errors";
import type { FetchFunction } from "./network";

/**
 * How much the product reads of what a provider sends. A provider, or an address an organization
 * typed, can send an endless body: read whole, it grows in memory until the process ends. Every
 * answer is read up to its capability's cap and fails past it (AI_BAD_RESPONSE); an error body
 * is only a message, so it is cut at `maxErrorBodyBytes` and the rest is not read.
 */

const mib = 1024 * 1024;

/** The largest video a provider may send, in bytes: minutes of 1080p H.264. */
export const maxVideoBytes = 256 * mib;

/** The most bytes of one answer, per capability (a chat answer's stream counts whole). */
export const maxResponseBytes: Record<Capability, number> = {
  chat: 16 * mib,
  embedding: 32 * mib,
  // Images and speech come as base64 JSON or audio files.
  image: 64 * mib,
  speech: 64 * mib,
  transcription: 16 * mib,
  video: maxVideoBytes,
  // A score per passage.
  rerank: 4 * mib,
};

/** The most bytes read of an error's body: enough for any provider's message. */
export const maxErrorBodyBytes = 16 * 1024;

/** The most bytes of a small JSON answer (a video job's state). */
export const maxJsonBodyBytes = 1 * mib;

/** A provider's answer that passed its cap; the call fails as a bad response. */
export class ResponseTooLargeError extends AiError {
  constructor(readonly maxBytes: number) {
    super({
      code: "AI_BAD_RESPONSE",
      detail: `The provider's answer is larger than ${formatBytes(maxBytes)}`,
    });
  }
}

function formatBytes(bytes: number) {
  return bytes >= mib ? `${bytes / mib} MB` : `${bytes / 1024} kB`;
}

/**
 * A body that ends after `maxBytes`: with an error (`over: "fail"`) or, for a message that may
 * be cut, with what came until then (`over: "cut"`). Either way the rest is never read: the
 * source is cancelled, which closes the connection.
 */
export function limitBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  over: "fail" | "cut",
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      received += value.byteLength;
      if (received <= maxBytes) {
        controller.enqueue(value);
        return;
      }
      reader.cancel().catch(() => {});
      if (over === "fail") {
        controller.error(new ResponseTooLargeError(maxBytes));
        return;
      }
      controller.enqueue(value.subarray(0, value.byteLength - (received - maxBytes)));
      controller.close();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * A fetch whose answers are read up to `maxBytes` (an error's body up to `maxErrorBodyBytes`),
 * for the AI SDK's providers, which read bodies whole. An answer that says in advance that it is
 * larger fails before its body is read.
 */
export function limitResponses(fetch: FetchFunction, maxBytes: number): FetchFunction {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const declared = Number(response.headers.get("content-length"));
    if (response.ok && declared > maxBytes) {
      response.body.cancel().catch(() => {});
      throw new ResponseTooLargeError(maxBytes);
    }
    const body = response.ok
      ? limitBody(response.body, maxBytes, "fail")
      : limitBody(response.body, maxErrorBodyBytes, "cut");
    const limited = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // A Response made here has no address; the providers' messages name the one asked.
    Object.defineProperty(limited, "url", { value: response.url });
    return limited;
  };
}

/** A response's bytes, up to `maxBytes` (ResponseTooLargeError past them). */
export async function readBytes(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) {
    response.body.cancel().catch(() => {});
    throw new ResponseTooLargeError(maxBytes);
  }
  return new Uint8Array(
    await new Response(limitBody(response.body, maxBytes, "fail")).arrayBuffer(),
  );
}

/** A response's text, cut at `maxBytes`: for messages. */
export async function readCutText(response: Response, maxBytes = maxErrorBodyBytes) {
  if (!response.body) return "";
  return new Response(limitBody(response.body, maxBytes, "cut")).text();
}

/** The most tokens a model may write in one answer, per capability that writes text. */
export type MaxOutputTokens = { chat: number };

/** A chat answer of about 3,000 words: a long answer, not an endless one. */
export const defaultMaxOutputTokens: MaxOutputTokens = { chat: 4_096 };

/**
 * `AI_CHAT_MAX_OUTPUT_TOKENS` (default 4,096): the most tokens of one chat answer, sent to the
 * provider as the answer's limit. A value that is not a positive whole number stops the start.
 */
export function maxOutputTokensFromEnv(env: Record<string, string | undefined>): MaxOutputTokens {
  const name = "AI_CHAT_MAX_OUTPUT_TOKENS";
  const value = env[name]?.trim();
  if (!value) return { ...defaultMaxOutputTokens };
  const tokens = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(tokens) || tokens < 1) {
    throw new Error(`${name} must be a positive whole number of tokens, got "${value}"`);
  }
  return { chat: tokens };
}
