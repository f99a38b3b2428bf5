import {
  embed,
  generateImage,
  generateSpeech,
  generateText,
  experimental_generateVideo as generateVideo,
  rerank,
  transcribe,
} from "ai";
import { QuotaExceededError } from "../errors";
import { type CallUsage, estimateTokens } from "./ai-usage";
import type { Capability } from "./capabilities";
import { type AiFailure, classifyAiError } from "./errors";
import { callSignal, type ResolvedModel } from "./registry";

/** Silence as a 16 kHz mono 16-bit WAV file, a second by default: what a transcription probe sends. */
export function silence(seconds = 1): Uint8Array {
  const data = Math.round(16_000 * seconds) * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(16_000, 24);
  wav.writeUInt32LE(32_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(data, 40);
  return new Uint8Array(wav);
}

const chatPrompt = "Reply with the word OK.";
const rerankProbe = { query: "test", documents: ["test", "OK"] };
const chatMaxOutputTokens = 16;

/** What a probe may use at most, in its capability's unit: its reservation of the month's quota. */
export const probeEstimates: Record<Capability, number> = {
  chat: estimateTokens(chatPrompt) + chatMaxOutputTokens,
  embedding: estimateTokens("test"),
  image: 1,
  speech: 2,
  transcription: 1,
  video: 0,
  rerank: estimateTokens(rerankProbe.query) + estimateTokens(rerankProbe.documents.join("\n")),
};

export type ProbeResult = { ok: true; latencyMs: number } | { ok: false; failure: AiFailure };

/** How long a probe may take, retries included. */
export const probeDeadlineMs = 30_000;

/**
 * The smallest real call a capability's model answers: a few tokens of chat, one embedding, one
 * image at its smallest size, a word of speech, a second of silence to transcribe, two words to
 * rerank. A video is not
 * made (it costs minutes): its provider is asked for the job of an id that does not exist, which
 * tells a wrong key or address from a working one.
 */
export async function probeModel<C extends Capability>(
  resolved: ResolvedModel<C>,
  options: {
    signal?: AbortSignal;
    /** Runs the call, for example through the usage records and quotas (runAiCall). */
    run?: (call: () => Promise<{ value: undefined; usage: CallUsage }>) => Promise<unknown>;
  } = {},
): Promise<ProbeResult> {
  const signal = callSignal({ signal: options.signal, deadlineMs: probeDeadlineMs });
  const run = options.run ?? ((call) => call());
  const started = performance.now();
  try {
    await run(async () => ({
      value: undefined,
      usage: await probeCall(resolved as ResolvedModel<Capability>, signal.abortSignal),
    }));
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    // Over quota is the caller's answer (429), not the provider's.
    if (error instanceof QuotaExceededError) throw error;
    return { ok: false, failure: classifyAiError(error, { timedOut: signal.timedOut() }) };
  }
}

async function probeCall(
  resolved: ResolvedModel<Capability>,
  abortSignal: AbortSignal,
): Promise<CallUsage> {
  const common = { abortSignal, maxRetries: 1 };
  const { model } = resolved;
  switch (resolved.capability) {
    case "chat": {
      const result = await generateText({
        model: model as ResolvedModel<"chat">["model"],
        prompt: chatPrompt,
        maxOutputTokens: chatMaxOutputTokens,
        ...common,
      });
      const inputTokens = result.usage.inputTokens ?? 0;
      const outputTokens = result.usage.outputTokens ?? 0;
      return { units: inputTokens + outputTokens, inputTokens, outputTokens };
    }
    case "embedding": {
      const result = await embed({
        model: model as ResolvedModel<"embedding">["model"],
        value: "test",
        ...common,
      });
      const tokens = result.usage?.tokens ?? 0;
      return { units: tokens, inputTokens: tokens };
    }
    case "image":
      await generateImage({
        model: model as ResolvedModel<"image">["model"],
        prompt: "A plain grey square",
        n: 1,
        ...common,
      });
      return { units: 1 };
    case "speech":
      await generateSpeech({
        model: model as ResolvedModel<"speech">["model"],
        text: "OK",
        ...common,
      });
      return { units: 2 };
    case "transcription":
      await transcribe({
        model: model as ResolvedModel<"transcription">["model"],
        audio: silence(),
        ...common,
      });
      return { units: 1 };
    case "video": {
      const video = model as ResolvedModel<"video">["model"];
      if (!video.doStatus) {
        // A model that answers at once (the slideshow) makes the shortest video it can.
        await generateVideo({
          model: video,
          prompt: "OK",
          duration: 2,
          generateAudio: false,
          ...common,
        });
        return { units: 0 };
      }
      try {
        await video.doStatus({ operation: "qalam-probe", abortSignal });
      } catch (error) {
        // "No such video" is the answer of a provider that took the key.
        if (classifyAiError(error).code !== "AI_UNKNOWN_MODEL") throw error;
      }
      return { units: 0 };
    }
    case "rerank":
      await rerank({
        model: model as ResolvedModel<"rerank">["model"],
        ...rerankProbe,
        ...common,
      });
      return { units: probeEstimates.rerank, inputTokens: probeEstimates.rerank };
  }
}
