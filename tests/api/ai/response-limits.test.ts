/**
 * A provider that never stops sending: a video without end, an error whose body goes on, an
 * answer larger than any answer. The product reads each up to its cap, closes the connection,
 * and the call fails as the provider's bad answer; a chat answer is asked for with its limit of
 * tokens.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText, experimental_generateVideo as generateVideo } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { classifyAiError } from "../../../api/ai/errors";
import { createAiRegistry } from "../../../api/ai/registry";
import {
  maxErrorBodyBytes,
  maxResponseBytes,
  maxVideoBytes,
} from "../../../api/ai/response-limits";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

/** What the hostile server sent of each endless answer, and whether the client hung up. */
type Sent = { bytes: number; closed: Promise<void> };

const chunk = Buffer.alloc(64 * 1024, "A");

/** Writes `chunk` until the client goes away; resolves `closed` then. */
function endless(response: ServerResponse, sent: Sent[]) {
  const record: Sent = {
    bytes: 0,
    closed: new Promise((resolve) => response.once("close", () => resolve())),
  };
  sent.push(record);
  const write = () => {
    while (!response.destroyed) {
      record.bytes += chunk.length;
      if (!response.write(chunk)) {
        response.once("drain", write);
        return;
      }
    }
  };
  write();
}

let hostileUrl: string;
const sent: Sent[] = [];
const hostile = createServer((request, response) => {
  const path = request.url ?? "";
  request.resume();
  if (request.method === "POST" && path.endsWith("/videos")) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ id: "endless", status: "queued" }));
  } else if (path.endsWith("/videos/endless")) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ id: "endless", status: "completed" }));
  } else if (path.endsWith("/videos/endless/content")) {
    response.writeHead(200, { "content-type": "video/mp4" });
    endless(response, sent);
  } else if (path.endsWith("/chat/completions")) {
    // The model's name says how to misbehave: an endless error, or an endless answer.
    let body = "";
    request.on("data", (data) => {
      body += data;
    });
    request.on("end", () => {
      const model = (JSON.parse(body) as { model: string }).model;
      response.writeHead(model === "endless-error" ? 400 : 200, {
        "content-type": "application/json",
      });
      response.write('{"error":{"message":"');
      endless(response, sent);
    });
  } else {
    response.writeHead(404).end();
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => hostile.close(() => resolve())));
beforeEach(() => {
  sent.length = 0;
});

const registry = () =>
  createAiRegistry({
    environment: aiEnvironment({
      AI_BASE_URL: hostileUrl,
      AI_API_KEY: "key",
      AI_CHAT_MODEL: "endless-error",
      AI_VIDEO_MODEL: "endless-video",
    }),
  });

async function failureOf(call: () => Promise<unknown>) {
  const error = await call().then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).not.toBeNull();
  return classifyAiError(error);
}

describe("reads from a provider", () => {
  it("stop at the video cap: an endless video fails the call and the connection is closed", async () => {
    const failure = await failureOf(() =>
      generateVideo({
        model: registry().modelFor("video").model,
        prompt: "forever",
        poll: { intervalMs: 10, timeoutMs: 60_000 },
      }),
    );
    expect(failure.code).toBe("AI_BAD_RESPONSE");
    expect(failure.detail).toContain("256 MB");
    const [content] = sent;
    await content?.closed;
    // What was sent past the cap is what the sockets held when the reader stopped.
    expect(content?.bytes).toBeGreaterThan(maxVideoBytes);
    expect(content?.bytes).toBeLessThan(maxVideoBytes + 16 * 1024 * 1024);
  }, 60_000);

  it("stop at a few kB of an error's body, which still fails the call with its status", async () => {
    const failure = await failureOf(() =>
      generateText({
        model: registry().modelFor("chat", undefined, { modelId: "endless-error" }).model,
        prompt: "Hello",
        maxRetries: 0,
      }),
    );
    expect(failure.code).toBe("AI_BAD_RESPONSE");
    expect(failure.providerStatus).toBe(400);
    const [error] = sent;
    await error?.closed;
    expect(error?.bytes).toBeLessThan(maxErrorBodyBytes + 16 * 1024 * 1024);
  });

  it("stop at the chat cap: an answer that never ends fails the call", async () => {
    const models = createAiRegistry({
      environment: aiEnvironment({
        AI_BASE_URL: hostileUrl,
        AI_API_KEY: "key",
        AI_CHAT_MODEL: "endless-answer",
      }),
    });
    const failure = await failureOf(() =>
      generateText({ model: models.modelFor("chat").model, prompt: "Hello", maxRetries: 0 }),
    );
    expect(failure.code).toBe("AI_BAD_RESPONSE");
    const [answer] = sent;
    await answer?.closed;
    expect(answer?.bytes).toBeLessThan(maxResponseBytes.chat + 16 * 1024 * 1024);
  });
});

describe("a chat answer", () => {
  let fake: FakeAiServer;
  let t: TestApi;

  beforeAll(async () => {
    fake = await startFakeAiServer();
    t = await createTestApi({
      ai: {
        environment: aiEnvironment({
          AI_BASE_URL: fake.baseUrl,
          AI_API_KEY: fake.apiKey,
          AI_CHAT_MODEL: "fake-chat",
        }),
        offlineVoice: false,
        maxOutputTokens: { chat: 321 },
      },
    });
  });
  afterAll(async () => {
    await Promise.all([t.close(), fake.close()]);
  });

  it("is asked for with the configured limit of tokens", async () => {
    const owner = await ownerWithSession(t);
    const thread = await t.request("POST", "/threads", {
      token: owner.token,
      json: { title: "Limits" },
    });
    expect(thread.status, thread.text).toBe(201);
    const response = await t.api.fetch(
      new Request(
        `http://qalam.test/api/v1/threads/${(thread.body as { id: number }).id}/messages`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
          body: JSON.stringify({ content: "Hello" }),
        },
      ),
    );
    expect(response.status).toBe(200);
    await response.text();
    const answer = fake.requests.find(
      (request) =>
        request.path === "/chat/completions" && (request.body as { stream?: boolean }).stream,
    );
    expect(answer?.body).toMatchObject({ max_tokens: 321 });
  });
});
