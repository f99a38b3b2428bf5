import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { runTool } from "../../api/ai/embedded/tools";
import { silence } from "../../api/ai/probe";

/**
 * A server on loopback that speaks the OpenAI-compatible protocol the product calls: streamed
 * `/chat/completions` (text and tool calls), `/embeddings`, `/images/generations`,
 * `/audio/speech`, `/audio/transcriptions`, the video jobs of `/videos` and `/rerank` in the shape
 * of Cohere's API (a passage's score: the share of the question's words it holds; the
 * `reverse-rerank` model puts the passages in the reverse of the order given), and lists its models
 * (`GET /models`, `listedModels`) and voices (`GET /audio/voices`, `listedVoices`, as speech
 * servers such as Kokoro-FastAPI do; null answers 404). The model name picks
 * the behaviour, so one server serves every case of a test file:
 *
 * - any model: answers normally (chat streams `reply` word by word, or the tool call `tool`);
 * - `missing-model`: 404 as for a model the server does not have;
 * - `rate-limited`: 429 with `Retry-After: 1` for the first `rateLimitedTimes` calls, then answers;
 * - `broken`: 500 for the first `brokenTimes` calls (every call by default), then answers;
 * - `refusing`: 400 as a content filter answers;
 * - `stalled`: a chat stream that sends one token and then nothing, until the client gives up;
 * - `malformed`: a chat stream whose second event is not JSON;
 * - `no-usage`: a chat stream without the usage chunk, as servers that ignore `stream_options`;
 * - `failing-video`: a video job that ends as failed;
 * - `slow-…`: any answer, after `slowMs` (6 s by default); `slow-<n>s-…` after n seconds, for a
 *   call that must still be running when a test stops it, however busy the machine;
 * - `no-image`: an image answer whose `b64_json` is not an image;
 * - `paced`: a chat stream of a Markdown answer (a heading with the call's number, a list, code and
 *   a table) at a reader's pace, one token every 150 ms and a pause of 12 s before its last
 *   sentence, for a reader to watch and to stop.
 *
 * Images are real PNGs of the size asked for, a gradient whose colours come from the prompt, so
 * that two prompts look apart; speech is WAV (whatever `response_format` asked), a tone as long as
 * the text; a video's content is a real two-second H.264 MP4 (made once with ffmpeg).
 *
 * A request without `Authorization: Bearer <apiKey>` gets 401.
 */
export type FakeAiServer = {
  /** `http://127.0.0.1:<port>/v1`, for AI_BASE_URL. */
  baseUrl: string;
  apiKey: string;
  /** Every request, oldest first. */
  requests: RecordedRequest[];
  /** What chat answers; tokens are its words, each with the space before it. */
  reply: string;
  /** When set, chat answers with this tool call instead of text. */
  tool: { name: string; arguments: Record<string, unknown> } | null;
  rateLimitedTimes: number;
  brokenTimes: number;
  /** How long a `slow-…` model takes to answer. */
  slowMs: number;
  /** The pause between streamed tokens (ms; 0: all at once), as a model's pace. */
  tokenDelayMs: number;
  /**
   * When set, a chat stream that has sent its first token waits for this before the rest: a
   * benchmark holds many answers open at once to measure what each open one costs.
   */
  hold: Promise<void> | null;
  /** What `GET /models` lists. */
  listedModels: string[];
  /** What `GET /audio/voices` lists; null: 404, as a server without the route. */
  listedVoices: string[] | null;
  /** How long the lists take to answer (ms). */
  listingDelayMs: number;
  /** When set, the lists answer this error status instead. */
  listingStatus: number | null;
  /** Requests that are still open (the stalled streams among them). */
  openRequests(): number;
  reset(): void;
  close(): Promise<void>;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** Parsed JSON, or the raw text of another body (multipart). */
  body: unknown;
};

/** The smallest valid PNG: one transparent pixel. */
export const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** What the fake speaks: a tenth of a second of silence as WAV. */
export function silentWav(): Buffer {
  return Buffer.from(silence(0.1));
}

/** A PNG of `size` (`WxH`): a diagonal gradient in two colours drawn from a hash of the prompt. */
export async function fakeImage(prompt: string, size = "256x256"): Promise<Buffer> {
  const [width, height] = size.split("x").map(Number) as [number, number];
  const hash = createHash("sha256").update(prompt).digest();
  const colour = (offset: number) =>
    `rgb(${hash[offset] ?? 0},${hash[offset + 1] ?? 0},${hash[offset + 2] ?? 0})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colour(0)}"/><stop offset="1" stop-color="${colour(3)}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${(hash[6] ?? 0) % 100}%" cy="${(hash[7] ?? 0) % 100}%" r="${Math.min(width, height) / 5}" fill="${colour(8)}" fill-opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** What the fake speaks for a text: a quiet tone, a tenth of a second and 20 ms a character. */
export function fakeSpeech(text: string): Buffer {
  const seconds = Math.min(0.1 + text.length * 0.02, 5);
  const rate = 16_000;
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.sin((Math.PI * i) / samples);
    wav.writeInt16LE(
      Math.round(8000 * envelope * Math.sin((2 * Math.PI * 440 * i) / rate)),
      44 + i * 2,
    );
  }
  return wav;
}

let mp4: Promise<Buffer> | undefined;

/** A real video file: two seconds of ffmpeg's test pattern, 320x180, H.264 in MP4, made once. */
export function fakeMp4(): Promise<Buffer> {
  mp4 ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), "qalam-fake-video-"));
    try {
      const out = join(dir, "fake.mp4");
      await runTool(
        "ffmpeg",
        ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=10"]
          .concat(["-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"])
          .concat([out]),
        { install: "ffmpeg" },
      );
      return await readFile(out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return mp4;
}

const embeddingSize = 8;

/** A deterministic unit vector for a text, so that equal texts embed equally. */
export function fakeEmbedding(text: string): number[] {
  const vector = Array.from({ length: embeddingSize }, (_, index) => {
    let sum = index + 1;
    for (const char of text) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) % 1000;
    return sum / 1000;
  });
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

/** The `paced` model's answer: Markdown that a thread renders, numbered by the call. */
const pacedReply = (call: number) =>
  [
    `## Answer ${call}`,
    "",
    "Here is a plan in three steps:",
    "",
    "1. Draft the outline",
    "2. Write the **first** section",
    "3. Review it with the team",
    "",
    "```js",
    'const greeting = "hello";',
    "console.log(greeting);",
    "```",
    "",
    "| Step | Owner |",
    "| --- | --- |",
    "| Outline | Nadia |",
    "| Review | Omar |",
    "",
    "That is all for now, and the rest follows once the outline is agreed by everyone involved.",
  ].join("\n");

/** A multipart form's text fields, and each file as its name, type and (for an image) size. */
async function formFields(raw: Buffer, type: string) {
  const form = await new Request("http://fake/", {
    method: "POST",
    headers: { "content-type": type },
    body: new Uint8Array(raw),
  }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      fields[name] = value;
      continue;
    }
    const bytes = Buffer.from(await value.arrayBuffer());
    const { width, height, format } = await sharp(bytes)
      .metadata()
      .catch(() => ({ width: undefined, height: undefined, format: undefined }));
    fields[name] = { file: value.name, type: value.type, width, height, format };
  }
  return fields;
}

/** The lists a fresh fake answers. */
const defaultListings = () => ({
  listedModels: ["fake-chat-large", "fake-chat-small", "fake-tts"],
  listedVoices: ["af_bella", "am_adam"] as string[] | null,
  listingDelayMs: 0,
  listingStatus: null as number | null,
});

export async function startFakeAiServer(
  options: { apiKey?: string; port?: number } = {},
): Promise<FakeAiServer> {
  const apiKey = options.apiKey ?? "sk-test-fake-ai-key";
  const requests: RecordedRequest[] = [];
  const calls = new Map<string, number>();
  const videos = new Map<string, { model: string; polls: number }>();
  const open = new Set<ServerResponse>();

  const state: FakeAiServer = {
    baseUrl: "",
    apiKey,
    requests,
    reply: "Hello from the fake model.",
    tool: null,
    rateLimitedTimes: 1,
    brokenTimes: Number.POSITIVE_INFINITY,
    slowMs: 6_000,
    tokenDelayMs: 0,
    hold: null,
    ...defaultListings(),
    openRequests: () => open.size,
    reset() {
      requests.length = 0;
      calls.clear();
      videos.clear();
      state.reply = "Hello from the fake model.";
      state.tool = null;
      state.rateLimitedTimes = 1;
      state.brokenTimes = Number.POSITIVE_INFINITY;
      state.slowMs = 6_000;
      state.tokenDelayMs = 0;
      state.hold = null;
      Object.assign(state, defaultListings());
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function json(response: ServerResponse, status: number, body: unknown, headers = {}) {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  }

  function error(response: ServerResponse, status: number, message: string, code: string) {
    json(response, status, { error: { message, type: "invalid_request_error", code } });
  }

  /** Answers a model's failure case, if it has one; true when it did. */
  function failure(model: string, response: ServerResponse): boolean {
    const count = (calls.get(model) ?? 0) + 1;
    calls.set(model, count);
    if (model === "missing-model") {
      error(response, 404, `The model \`${model}\` does not exist.`, "model_not_found");
      return true;
    }
    if (model === "rate-limited" && count <= state.rateLimitedTimes) {
      json(
        response,
        429,
        { error: { message: "Rate limit reached.", type: "rate_limit_exceeded", code: null } },
        { "retry-after": "1" },
      );
      return true;
    }
    if (model === "broken" && count <= state.brokenTimes) {
      error(response, 500, "The server had an error while processing your request.", "server");
      return true;
    }
    if (model === "refusing") {
      error(
        response,
        400,
        "Your request was rejected as a result of our safety system.",
        "content_filter",
      );
      return true;
    }
    return false;
  }

  async function chat(body: Record<string, unknown>, response: ServerResponse) {
    const model = String(body.model);
    const id = `chatcmpl-${randomUUID()}`;
    const chunk = (delta: unknown, finishReason: string | null = null, usage?: unknown) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
        ...(usage ? { usage } : {}),
      })}\n\n`;
    const paced = model === "paced";
    const tokens = (paced ? pacedReply(calls.get(model) ?? 1) : state.reply).split(/(?= )/);
    const usage = { prompt_tokens: 12, completion_tokens: tokens.length, total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

    if (body.stream !== true) {
      const message = state.tool
        ? {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: {
                  name: state.tool.name,
                  arguments: JSON.stringify(state.tool.arguments),
                },
              },
            ],
          }
        : { role: "assistant", content: state.reply };
      json(response, 200, {
        id,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: state.tool ? "tool_calls" : "stop" }],
        usage,
      });
      return;
    }

    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.write(chunk({ role: "assistant", content: "" }));
    if (model === "stalled") {
      response.write(chunk({ content: tokens[0] ?? "" }));
      return; // Nothing more, ever: the client's deadline has to end it.
    }
    if (model === "malformed") {
      response.write(chunk({ content: tokens[0] ?? "" }));
      response.write("data: {not json\n\n");
      response.end();
      return;
    }
    if (state.tool) {
      const args = JSON.stringify(state.tool.arguments);
      const half = Math.ceil(args.length / 2);
      response.write(
        chunk({
          tool_calls: [
            {
              index: 0,
              id: "call_1",
              type: "function",
              function: { name: state.tool.name, arguments: args.slice(0, half) },
            },
          ],
        }),
      );
      response.write(
        chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }),
      );
      response.write(chunk({}, "tool_calls", usage));
    } else {
      for (const [index, token] of tokens.entries()) {
        // The paced model stops to think before its last sentence, as models do: a reader has
        // time to stop it, however busy the machine.
        const thinking = paced && token.includes("That");
        const delayMs = thinking ? 12_000 : paced ? 150 : state.tokenDelayMs;
        if (delayMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (response.destroyed) return;
        }
        response.write(chunk({ content: token }));
        if (index === 0 && state.hold) {
          await state.hold;
          if (response.destroyed) return;
        }
      }
      response.write(chunk({}, "stop", model === "no-usage" ? undefined : usage));
    }
    response.end("data: [DONE]\n\n");
  }

  function video(body: Record<string, unknown>, response: ServerResponse) {
    const id = `video_${randomUUID()}`;
    videos.set(id, { model: String(body.model), polls: 0 });
    json(response, 200, {
      id,
      object: "video",
      model: body.model,
      status: "queued",
      progress: 0,
      seconds: String(body.seconds ?? "4"),
      size: String(body.size ?? "1280x720"),
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  function videoStatus(id: string, response: ServerResponse) {
    const job = videos.get(id);
    if (!job) return error(response, 404, `No video ${id}.`, "not_found");
    job.polls += 1;
    const failed = job.model === "failing-video";
    const done = job.polls >= 2;
    json(response, 200, {
      id,
      object: "video",
      model: job.model,
      status: !done ? "in_progress" : failed ? "failed" : "completed",
      progress: done ? 100 : 50,
      ...(done && failed
        ? { error: { code: "video_generation_failed", message: "The video could not be made." } }
        : {}),
    });
  }

  /** `GET /models` in OpenAI's shape, `GET /audio/voices` in Kokoro-FastAPI's. */
  async function listing(path: string, response: ServerResponse) {
    if (state.listingDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, state.listingDelayMs));
    }
    if (state.listingStatus !== null) {
      return error(response, state.listingStatus, "The list is not available.", "server_error");
    }
    if (path === "/models") {
      return json(response, 200, {
        object: "list",
        data: state.listedModels.map((id) => ({ id, object: "model", owned_by: "fake" })),
      });
    }
    if (state.listedVoices === null) return error(response, 404, "No route.", "not_found");
    json(response, 200, { voices: state.listedVoices });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = request.headers["content-type"] ?? "";
    let body: unknown = raw.toString("latin1");
    if (type.includes("application/json") && raw.length > 0)
      body = JSON.parse(raw.toString("utf8"));
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname.replace(/^\/v1/, "");
    // A video's start image comes in a form: its fields, and the image as what it is.
    if (path === "/videos" && type.includes("multipart/form-data")) {
      body = await formFields(raw, type);
    }
    requests.push({ method: request.method ?? "GET", path, headers: request.headers, body });

    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return error(response, 401, "Incorrect API key provided.", "invalid_api_key");
    }
    const fields = (typeof body === "object" && body ? body : {}) as Record<string, unknown>;
    const model =
      "model" in fields
        ? String(fields.model)
        : (/name="model"\r\n\r\n([^\r]*)/.exec(String(body))?.[1] ?? "");
    if (request.method === "POST" && failure(model, response)) return;
    if (model.startsWith("slow-")) {
      const seconds = /^slow-(\d+)s-/.exec(model)?.[1];
      const delay = seconds ? Number(seconds) * 1000 : state.slowMs;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }

    if (request.method === "GET" && (path === "/models" || path === "/audio/voices")) {
      return listing(path, response);
    }
    if (request.method === "POST" && path === "/chat/completions") return chat(fields, response);
    if (request.method === "POST" && path === "/embeddings") {
      const input = (fields as { input?: string | string[] }).input ?? [];
      const texts = Array.isArray(input) ? input : [input];
      return json(response, 200, {
        object: "list",
        model,
        data: texts.map((text, index) => ({
          object: "embedding",
          index,
          embedding: fakeEmbedding(text),
        })),
        usage: { prompt_tokens: texts.length * 4, total_tokens: texts.length * 4 },
      });
    }
    if (request.method === "POST" && path === "/rerank") {
      const { query = "", documents = [] } = fields as { query?: string; documents?: string[] };
      const words = (text: string) => new Set(text.toLocaleLowerCase().match(/\p{L}{3,}/gu) ?? []);
      const asked = words(query);
      const scores = documents.map((document, index) => {
        if (model === "reverse-rerank") return (index + 1) / documents.length;
        const held = words(document);
        const shared = [...asked].filter((word) => held.has(word)).length;
        return asked.size ? shared / asked.size : 0;
      });
      const results = scores
        .map((relevance_score, index) => ({ index, relevance_score }))
        .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
      const topN = (fields as { top_n?: number }).top_n;
      return json(response, 200, {
        id: "rerank-1",
        results: topN ? results.slice(0, topN) : results,
        meta: { billed_units: { search_units: 1 } },
      });
    }
    if (request.method === "POST" && path === "/images/generations") {
      const n = Number((fields as { n?: number }).n ?? 1);
      const prompt = String((fields as { prompt?: string }).prompt ?? "");
      const size = /^\d{1,4}x\d{1,4}$/.test(String(fields.size)) ? String(fields.size) : undefined;
      const images = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          model === "no-image"
            ? Buffer.from("not an image")
            : fakeImage(n > 1 ? `${prompt} ${i}` : prompt, size),
        ),
      );
      return json(response, 200, {
        created: Math.floor(Date.now() / 1000),
        data: images.map((image) => ({ b64_json: image.toString("base64") })),
      });
    }
    if (request.method === "POST" && path === "/audio/speech") {
      response.writeHead(200, { "content-type": "audio/wav" });
      return response.end(fakeSpeech(String((fields as { input?: string }).input ?? "")));
    }
    if (request.method === "POST" && path === "/audio/transcriptions") {
      return json(response, 200, {
        text: state.reply,
        language: "english",
        duration: 1.5,
        segments: [],
      });
    }
    if (request.method === "POST" && path === "/videos") return video(fields, response);
    const videoPath = /^\/videos\/([^/]+)(\/content)?$/.exec(path);
    if (request.method === "GET" && videoPath?.[1]) {
      if (!videoPath[2]) return videoStatus(videoPath[1], response);
      const video = await fakeMp4();
      response.writeHead(200, { "content-type": "video/mp4" });
      return response.end(video);
    }
    error(response, 404, `No route ${request.method} ${path}.`, "not_found");
  }

  const server = createServer((request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    handle(request, response).catch((cause: unknown) => {
      if (!response.headersSent) error(response, 500, String(cause), "fake_server_error");
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
