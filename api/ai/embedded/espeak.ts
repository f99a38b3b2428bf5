import type { SharedV4Warning, SpeechModelV4 } from "@ai-sdk/provider";
import { AiError } from "../errors";
import { runTool, toolAvailable } from "./tools";

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
      const audio = await runTool(
        binary,
        ["-v", chosen, "-s", String(rate), "--stdout", "--stdin"],
        { input: text, signal: abortSignal, install: "espeak-ng" },
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

/** Whether espeak-ng runs here, to offer the offline voice or not. */
export function espeakAvailable(binary = "espeak-ng"): Promise<boolean> {
  return toolAvailable(binary);
}
