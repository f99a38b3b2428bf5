import { describe, expect, it } from "vitest";
import {
  defaultMaxOutputTokens,
  limitBody,
  maxOutputTokensFromEnv,
  ResponseTooLargeError,
  readCutText,
} from "../../../api/ai/response-limits";

/** A body of `chunks` chunks of `size` bytes that counts how many were pulled. */
function counted(chunks: number, size: number) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) return controller.close();
      state.pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(65));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe("a provider's body read up to its cap", () => {
  it("passes a body within its cap whole", async () => {
    const { body } = counted(4, 10);
    const bytes = await new Response(limitBody(body, 40, "fail")).arrayBuffer();
    expect(bytes.byteLength).toBe(40);
  });

  it("fails past the cap, and reads no further than the chunk that passed it", async () => {
    const { body, state } = counted(Number.POSITIVE_INFINITY, 1024);
    const read = new Response(limitBody(body, 10 * 1024, "fail")).arrayBuffer();
    await expect(read).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(state.pulled).toBeLessThanOrEqual(11 + 2);
    expect(state.cancelled).toBe(true);
  });

  it("cuts an error's message at its cap and stops reading", async () => {
    const { body, state } = counted(Number.POSITIVE_INFINITY, 1000);
    const text = await readCutText(new Response(body), 2_500);
    expect(text).toBe("A".repeat(2_500));
    expect(state.cancelled).toBe(true);
  });

  it("says it as the provider's bad answer", () => {
    expect(new ResponseTooLargeError(16 * 1024 * 1024).failure).toEqual({
      code: "AI_BAD_RESPONSE",
      detail: "The provider's answer is larger than 16 MB",
    });
  });
});

describe("AI_CHAT_MAX_OUTPUT_TOKENS", () => {
  it("is 4,096 tokens unless set", () => {
    expect(defaultMaxOutputTokens.chat).toBe(4_096);
    expect(maxOutputTokensFromEnv({})).toEqual({ chat: 4_096 });
    expect(maxOutputTokensFromEnv({ AI_CHAT_MAX_OUTPUT_TOKENS: " " })).toEqual({ chat: 4_096 });
  });

  it("takes a positive whole number of tokens", () => {
    expect(maxOutputTokensFromEnv({ AI_CHAT_MAX_OUTPUT_TOKENS: "800" })).toEqual({ chat: 800 });
  });

  it("stops the start on anything else, naming the variable", () => {
    for (const value of ["0", "-5", "1.5", "many", "1e3"]) {
      expect(() => maxOutputTokensFromEnv({ AI_CHAT_MAX_OUTPUT_TOKENS: value })).toThrow(
        /AI_CHAT_MAX_OUTPUT_TOKENS/,
      );
    }
  });
});
