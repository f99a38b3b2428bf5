import {
  APICallError,
  type SharedV4Warning,
  type Experimental_VideoModelV4 as VideoModelV4,
  type Experimental_VideoModelV4CallOptions as VideoModelV4CallOptions,
} from "@ai-sdk/provider";
import sharp from "sharp";
import type { FetchFunction } from "./network";
import { maxJsonBodyBytes, maxVideoBytes, readBytes, readCutText } from "./response-limits";

type VideoJob = {
  id: string;
  status: "queued" | "in_progress" | "completed" | "failed";
  progress?: number;
  error?: { code?: string; message?: string } | null;
};

/**
 * A video model on OpenAI's video protocol, which OpenAI-compatible servers share:
 * `POST /videos` starts a job, `GET /videos/{id}` reports it, `GET /videos/{id}/content` is the
 * MP4. The AI SDK's providers have no video model for it, so this implements the SDK's video
 * model interface (start and status; the SDK polls). A start image goes as the multipart form's
 * `input_reference`, cropped to the frame asked for, as OpenAI wants it.
 */
export function openAiVideoModel(options: {
  modelId: string;
  baseUrl: string;
  apiKey?: string;
  fetch?: FetchFunction;
  provider?: string;
}): VideoModelV4 {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const provider = options.provider ?? "openai-compatible.video";
  const headers = (extra?: Record<string, string | undefined>) => {
    const all: Record<string, string> = {};
    if (options.apiKey) all.authorization = `Bearer ${options.apiKey}`;
    for (const [name, value] of Object.entries(extra ?? {})) if (value) all[name] = value;
    return all;
  };
  const response = (raw: Response) => ({
    timestamp: new Date(),
    modelId: options.modelId,
    headers: Object.fromEntries(raw.headers.entries()),
  });

  async function call(path: string, init: RequestInit, body?: unknown): Promise<Response> {
    const url = `${options.baseUrl}${path}`;
    const raw = await fetchFn(url, init);
    if (!raw.ok) {
      // An error's body is a message: its first kilobytes, never an endless read.
      const text = await readCutText(raw);
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
      } catch {
        // Not JSON: the text is the message.
      }
      throw new APICallError({
        message: message || raw.statusText,
        url,
        requestBodyValues: body ?? {},
        statusCode: raw.status,
        responseHeaders: Object.fromEntries(raw.headers.entries()),
        responseBody: text,
      });
    }
    return raw;
  }

  return {
    specificationVersion: "v4",
    provider,
    modelId: options.modelId,
    maxVideosPerCall: 1,

    async doStart(call_: VideoModelV4CallOptions) {
      const warnings: SharedV4Warning[] = [];
      for (const [setting, value] of Object.entries({
        aspectRatio: call_.aspectRatio,
        fps: call_.fps,
        seed: call_.seed,
        image: call_.image?.type === "url" ? call_.image : undefined,
      })) {
        if (value !== undefined) warnings.push({ type: "unsupported", feature: setting });
      }
      const fields = {
        model: options.modelId,
        prompt: call_.prompt ?? "",
        ...(call_.duration ? { seconds: String(call_.duration) } : {}),
        ...(call_.resolution ? { size: call_.resolution } : {}),
      };
      const start = call_.image?.type === "file" ? call_.image : undefined;
      let body: string | FormData = JSON.stringify(fields);
      if (start) {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        const image = await startFrame(start.data, call_.resolution);
        form.set("input_reference", new Blob([image], { type: "image/png" }), "start.png");
        body = form;
      }
      const raw = await call(
        "/videos",
        {
          method: "POST",
          // A form's fetch sets its own content type, with the boundary.
          headers: headers({
            ...(start ? {} : { "content-type": "application/json" }),
            ...call_.headers,
          }),
          body,
          signal: call_.abortSignal,
        },
        fields,
      );
      const job = await readJob(raw);
      return { operation: job.id, warnings, response: response(raw) };
    },

    async doStatus({ operation, abortSignal, headers: extra }) {
      const id = encodeURIComponent(String(operation));
      const raw = await call(`/videos/${id}`, {
        headers: headers(extra),
        signal: abortSignal,
      });
      const job = await readJob(raw);
      if (job.status === "failed") {
        return {
          status: "error" as const,
          error: job.error?.message ?? "The video could not be made",
          response: response(raw),
        };
      }
      if (job.status !== "completed")
        return { status: "pending" as const, response: response(raw) };
      const content = await call(`/videos/${id}/content`, {
        headers: headers(extra),
        signal: abortSignal,
      });
      return {
        status: "completed" as const,
        videos: [
          {
            type: "binary" as const,
            data: await readBytes(content, maxVideoBytes),
            mediaType: content.headers.get("content-type") ?? "video/mp4",
          },
        ],
        warnings: [],
        response: response(raw),
      };
    },
  };
}

/** A video job's state: a small JSON object, read up to `maxJsonBodyBytes`. */
async function readJob(raw: Response): Promise<VideoJob> {
  const bytes = await readBytes(raw, maxJsonBodyBytes);
  return JSON.parse(new TextDecoder().decode(bytes)) as VideoJob;
}

/** The start image as a PNG of the frame's size (`1280x720`), cropped to fill it; as it is without one. */
async function startFrame(data: string | Uint8Array, resolution: string | undefined) {
  const bytes = typeof data === "string" ? Buffer.from(data, "base64") : data;
  const [width, height] = (resolution ?? "").split("x").map(Number);
  const image = sharp(bytes);
  if (width && height) image.resize(width, height, { fit: "cover" });
  return new Uint8Array(await image.png().toBuffer());
}
