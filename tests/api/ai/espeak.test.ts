import { generateSpeech } from "ai";
import { describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { espeakSpeechModel, offlineVoiceFor } from "../../../api/ai/embedded/espeak";
import { classifyAiError } from "../../../api/ai/errors";
import { createAiRegistry } from "../../../api/ai/registry";

/** The format, rate and length of a WAV file, read from its header. */
function wavInfo(bytes: Uint8Array) {
  const wav = Buffer.from(bytes);
  expect(wav.toString("latin1", 0, 4)).toBe("RIFF");
  expect(wav.toString("latin1", 8, 12)).toBe("WAVE");
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString("latin1", 36, 40)).toBe("data");
  const dataBytes = wav.readUInt32LE(40);
  expect(dataBytes).toBe(wav.length - 44);
  const channels = wav.readUInt16LE(22);
  const sampleRate = wav.readUInt32LE(24);
  const bitsPerSample = wav.readUInt16LE(34);
  return {
    channels,
    sampleRate,
    bitsPerSample,
    seconds: dataBytes / (sampleRate * channels * (bitsPerSample / 8)),
  };
}

async function speak(text: string, options: { voice?: string; speed?: number } = {}) {
  return generateSpeech({ model: espeakSpeechModel(), text, ...options });
}

describe("the offline voice (espeak-ng, run for real)", () => {
  it("speaks English as a WAV file of the right length", async () => {
    const result = await speak("Hello, and welcome to the studio.");
    const info = wavInfo(result.audio.uint8Array);
    expect(info).toMatchObject({ channels: 1, bitsPerSample: 16, sampleRate: 22_050 });
    expect(info.seconds).toBeGreaterThan(1);
    expect(info.seconds).toBeLessThan(6);
    expect(result.providerMetadata).toMatchObject({ embedded: { voice: "en" } });
  });

  it("speaks Arabic in the Arabic voice, chosen from the script", async () => {
    const result = await speak("مرحبا بكم في الاستوديو");
    expect(wavInfo(result.audio.uint8Array).seconds).toBeGreaterThan(0.8);
    expect(result.providerMetadata).toMatchObject({ embedded: { voice: "ar" } });
    expect(offlineVoiceFor({ text: "Hello", language: "ar" })).toBe("ar");
    expect(offlineVoiceFor({ text: "مرحبا", voice: "en" })).toBe("en");
  });

  it("speaks faster at a higher speed", async () => {
    const text = "One two three four five six seven eight nine ten.";
    const normal = wavInfo((await speak(text)).audio.uint8Array).seconds;
    const fast = wavInfo((await speak(text, { speed: 2 })).audio.uint8Array).seconds;
    expect(fast).toBeLessThan(normal * 0.75);
  });

  it("reads text that looks like an option as text", async () => {
    const result = await speak("--version --help");
    expect(wavInfo(result.audio.uint8Array).seconds).toBeGreaterThan(0.5);
  });

  it("says what to install when espeak-ng is missing", async () => {
    const model = espeakSpeechModel({ binary: "espeak-ng-not-installed" });
    const error = await generateSpeech({ model, text: "Hello" }).catch((caught: unknown) => caught);
    expect(classifyAiError(error)).toMatchObject({
      code: "AI_TOOL_MISSING",
      detail: expect.stringContaining("apt-get install espeak-ng"),
    });
  });

  it("stops when the caller goes away", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await generateSpeech({
      model: espeakSpeechModel(),
      text: "Hello",
      abortSignal: controller.signal,
    }).catch((caught: unknown) => caught);
    expect(classifyAiError(error).code).toBe("AI_CANCELLED");
  });

  it("is the speech model when nothing else is set up, and gives way to one that is", () => {
    const embedded = { speech: espeakSpeechModel() };
    const bare = createAiRegistry({ environment: {}, embedded });
    expect(bare.modelFor("speech")).toMatchObject({
      source: "embedded",
      provider: null,
      modelId: "espeak-ng",
    });
    expect(bare.sourceOf("image")).toBeNull();
    const configured = createAiRegistry({
      environment: aiEnvironment({ AI_SPEECH_MODEL: "tts-1", AI_API_KEY: "k" }),
      embedded,
    });
    expect(configured.modelFor("speech")).toMatchObject({
      source: "environment",
      provider: "openai",
    });
  });
});
