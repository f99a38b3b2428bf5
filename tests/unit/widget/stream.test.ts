import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AnswerEvent,
  answerEvent,
  createAnswerReader,
  readAnswer,
} from "../../../widget/stream";

const sse = (chunk: unknown) => `data: ${JSON.stringify(chunk)}\n\n`;

/** An answer as the server streams it (decision 018), with Arabic and an emoji of 4 bytes. */
const stream = [
  ": keep-alive\n\n",
  sse({
    type: "start",
    messageId: "12",
    messageMetadata: { conversationId: 7, userMessageId: "11", assistantMessageId: 12 },
  }),
  sse({ type: "text-start", id: "t" }),
  sse({ type: "text-delta", id: "t", delta: "مرحبًا " }),
  sse({ type: "reasoning-delta", id: "r", delta: "not shown" }),
  sse({ type: "text-delta", id: "t", delta: "👋 **there**\n" }),
  sse({ type: "data-lead", data: { email: "a@example.com" } }),
  sse({ type: "text-end", id: "t" }),
  sse({ type: "finish", messageMetadata: { status: "complete", error: null } }),
  "data: [DONE]\n\n",
].join("");

const expected: AnswerEvent[] = [
  { type: "start", conversationId: "7", userMessageId: "11", assistantMessageId: "12" },
  { type: "delta", text: "مرحبًا " },
  { type: "delta", text: "👋 **there**\n" },
  { type: "data", name: "lead", data: { email: "a@example.com" } },
  { type: "finish", status: "complete", error: null },
  { type: "done" },
];

/** Feeds the bytes cut at the given offsets. */
function read(bytes: Uint8Array, cuts: number[]) {
  const events: AnswerEvent[] = [];
  const reader = createAnswerReader((event) => events.push(event));
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.push(bytes.slice(at, cut));
    at = cut;
  }
  reader.push(bytes.slice(at));
  reader.end();
  return events;
}

describe("the widget's answer stream", () => {
  const bytes = new TextEncoder().encode(stream);

  it("reads the UI message stream's chunks the widget uses and passes over the others", () => {
    expect(read(bytes, [])).toEqual(expected);
  });

  it("reads the same events whichever byte the stream is cut at, inside characters too", () => {
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(read(bytes, [cut]), `cut at ${cut}`).toEqual(expected);
    }
  });

  it("reads the same events cut in many places, byte by byte at worst", () => {
    expect(read(bytes, [...bytes.keys()])).toEqual(expected);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 30 }),
        (cuts) => {
          expect(read(bytes, cuts)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads CRLF line ends, even cut between CR and LF", () => {
    const crlf = new TextEncoder().encode(stream.replace(/\n/g, "\r\n"));
    for (let cut = 0; cut <= crlf.length; cut += 7) {
      expect(read(crlf, [cut, cut + 1])).toEqual(expected);
    }
  });

  it("drops an event cut off by the end of the stream", () => {
    const cut = new TextEncoder().encode(
      `${sse({ type: "text-delta", delta: "a" })}data: {"type":"text-del`,
    );
    expect(read(cut, [])).toEqual([{ type: "delta", text: "a" }]);
  });

  it("reads how an answer ended, and its error chunk", () => {
    expect(
      answerEvent(
        JSON.stringify({
          type: "finish",
          messageMetadata: { status: "failed", error: { code: "AI_TIMEOUT" } },
        }),
      ),
    ).toEqual({ type: "finish", status: "failed", error: "AI_TIMEOUT" });
    expect(answerEvent(JSON.stringify({ type: "finish" }))).toEqual({
      type: "finish",
      status: "complete",
      error: null,
    });
    expect(answerEvent(JSON.stringify({ type: "error", errorText: "The model failed" }))).toEqual({
      type: "error",
      message: "The model failed",
    });
    for (const junk of ["not json", "null", "42", '"text"', '{"type":"text-delta","delta":5}']) {
      expect(answerEvent(junk), junk).toBeNull();
    }
  });

  it("reads a response body to its end", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 13) controller.enqueue(bytes.slice(at, at + 13));
        controller.close();
      },
    });
    const events: AnswerEvent[] = [];
    await readAnswer(body, (event) => events.push(event));
    expect(events).toEqual(expected);
  });
});
