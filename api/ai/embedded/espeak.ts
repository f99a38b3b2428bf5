import { spawn } from "node:child_process";
import type { SharedV4Warning, SpeechModelV4 } from "@ai-sdk/provider";
import { AiError } from "../errors";

/** The offline voices: espeak-ng's English and Arabic. */
export const offlineVoices = ["en", "ar"] as const;
export type OfflineVoice = (typeof offlineVoices)[number];

/** What one call may speak; the audio creator splits longer text. */
export const maxOfflineSpeechCharacters = 5_000;

/** espeak-ng's default rate, in words a minute; `speed` multiplies it. */
const defaultWordsPerMinute = 175;

const arabicLetter = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The voice for a text: the one asked for, else the language's, else Arabic for Arabic script. */
export function offlineVoiceFor(options: { voice?: string; language?: string; text: string }) {
  const asked = [options.voice, options.language?.slice(0, 2)].find(
    (value): value is OfflineVoice => (offlineVoices as readonly string[]).includes(value ?? ""),
  );
  return asked ?? (arabicLetter.test(options.text) ? "ar" : "en");
}

/**
 * The embedded speech model: espeak-ng, run on this machine (`apt-get install espeak-ng`). A
 * basic, robotic voice in English and Arabic, labelled so in the UI ("Offline voice (basic)"); it
 * answers WAV. The text goes through standard input, never as an argument.
 */
export function espeakSpeechModel(options: { binary?: string } = {}): SpeechModelV4 {
  const binary = options.binary ?? "espeak-ng";
  return {
    specificationVersion: "v4",
    provider: "embedded.espeak-ng",
    modelId: "espeak-ng",
    async doGenerate({ text, voice, language, speed, outputFormat, abortSignal }) {
      const warnings: SharedV4Warning[] = [];
      if (outputFormat && outputFormat !== "wav") {
        warnings.push({ type: "unsupported", feature: "outputFormat", details: "WAV only" });
      }
      if (text.length > maxOfflineSpeechCharacters) {
        throw new AiError({
          code: "AI_BAD_RESPONSE",
          detail: `The offline voice speaks at most ${maxOfflineSpeechCharacters} characters at a time`,
        });
      }
      const chosen = offlineVoiceFor({ voice, language, text });
      const rate = Math.round(defaultWordsPerMinute * Math.min(Math.max(speed ?? 1, 0.5), 2));
      const audio = await run(
        binary,
        ["-v", chosen, "-s", String(rate), "--stdout", "--stdin"],
        text,
        abortSignal,
      );
      return {
        audio: withWavSizes(audio),
        warnings,
        response: { timestamp: new Date(), modelId: "espeak-ng" },
        providerMetadata: { embedded: { voice: chosen, wordsPerMinute: rate } },
      };
    },
  };
}

/**
 * espeak-ng writes WAV to a pipe as a stream, with the largest sizes in its header rather than the
 * real ones; players then read past the end. The sizes are set to the data's.
 */
export function withWavSizes(wav: Uint8Array): Uint8Array {
  const bytes = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  if (bytes.length < 44 || bytes.toString("latin1", 0, 4) !== "RIFF") return wav;
  if (bytes.toString("latin1", 36, 40) !== "data") return wav;
  bytes.writeUInt32LE(bytes.length - 8, 4);
  bytes.writeUInt32LE(bytes.length - 44, 40);
  return wav;
}

/** Runs a tool with `input` on standard input; resolves with what it wrote to standard output. */
function run(binary: string, args: string[], input: string, signal?: AbortSignal) {
  return new Promise<Uint8Array>((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["pipe", "pipe", "pipe"], signal });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(
          new AiError({
            code: "AI_TOOL_MISSING",
            detail: `${binary} is not installed on the server (apt-get install espeak-ng)`,
          }),
        );
      } else reject(error);
    });
    child.on("close", (code) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else if (!signal?.aborted) {
        reject(
          new AiError({
            code: "AI_BAD_RESPONSE",
            detail: `${binary} failed: ${err.trim().slice(0, 300)}`,
          }),
        );
      }
    });
    child.stdin.on("error", () => {
      // The tool ended before reading everything: its exit code says why.
    });
    child.stdin.end(input);
  });
}

const available = new Map<string, Promise<boolean>>();

/**
 * Whether espeak-ng runs here, to offer the offline voice or not: asked once per process, not at
 * every start of an API (tests start hundreds).
 */
export function espeakAvailable(binary = "espeak-ng"): Promise<boolean> {
  let answer = available.get(binary);
  if (!answer) {
    answer = new Promise((resolve) => {
      const child = spawn(binary, ["--version"], { stdio: "ignore" });
      child.on("error", () => resolve(false));
      child.on("close", (code) => resolve(code === 0));
    });
    available.set(binary, answer);
  }
  return answer;
}
