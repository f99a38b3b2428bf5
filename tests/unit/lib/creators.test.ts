import { describe, expect, it } from "vitest";
import { mediaIdsOf, requestOf } from "../../../app/lib/creator-kinds";
import { ImageForm, SpeechForm, VideoForm } from "../../../app/lib/creators";
import { generationBody } from "../../../app/lib/creators.server";

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );

const imageId = "0b6f2a8e-4c1d-4e8f-9a57-1f2e3d4c5b6a";
const stillId = "5d1c7e9a-2b3f-4a6c-8e0d-9f8e7d6c5b4a";

describe("the image creator's form", () => {
  it("takes a prompt alone, with one image and no style", () => {
    const result = ImageForm.safeParse({ prompt: "A lighthouse" });
    expect(result.data).toMatchObject({ prompt: "A lighthouse", count: 1, style: "none" });
    expect(result.data?.seed).toBeUndefined();
  });

  it("explains each bad field by its message key", () => {
    const result = ImageForm.safeParse({
      prompt: "x".repeat(4001),
      count: "5",
      seed: "-1",
      steps: "abc",
      guidance: "31",
    });
    expect(messages(result)).toEqual({
      prompt: "tooLong?count=4000",
      count: "tooBig?count=4",
      seed: "tooSmall?count=0",
      steps: "invalidNumber",
      guidance: "tooBig?count=30",
    });
  });
});

describe("the audio creator's form", () => {
  it("needs text and a voice, and reads MP3 at normal speed by default", () => {
    expect(messages(SpeechForm.safeParse({}))).toEqual({ text: "required", voice: "required" });
    expect(SpeechForm.parse({ text: "مرحبًا", voice: "ar" })).toMatchObject({
      format: "mp3",
      speed: 1,
      language: "auto",
    });
    expect(messages(SpeechForm.safeParse({ text: "Hi", voice: "en", speed: "3" }))).toEqual({
      speed: "tooBig?count=2",
    });
  });
});

describe("the video creator's form", () => {
  it("needs a prompt or an image", () => {
    expect(messages(VideoForm.safeParse({ duration: "5" }))).toEqual({ prompt: "promptOrImage" });
    expect(VideoForm.safeParse({ duration: "5", imageIds: [imageId] }).success).toBe(true);
  });
});

describe("the body of POST /generations", () => {
  it("leaves out empty fields, no style and the seed's lock", () => {
    const value = ImageForm.parse({ prompt: "A boat", seed: "7", lockSeed: "on" });
    expect(generationBody("image", value)).toEqual({
      kind: "image",
      prompt: "A boat",
      count: 1,
      seed: 7,
    });
  });

  it("takes the language from the text unless one is chosen", () => {
    const value = SpeechForm.parse({ text: "Hello", voice: "nova", language: "auto" });
    expect(generationBody("speech", value)).toEqual({
      kind: "speech",
      text: "Hello",
      voice: "nova",
      speed: 1,
      format: "mp3",
    });
  });

  it("makes the first chosen image the start image and the others stills, with narration", () => {
    const value = VideoForm.parse({
      prompt: "Dawn",
      imageIds: [imageId, stillId],
      duration: "10",
      narrationText: "Good morning.",
      narrationVoice: "en",
    });
    expect(generationBody("video", value)).toEqual({
      kind: "video",
      prompt: "Dawn",
      duration: 10,
      startImageId: imageId,
      imageIds: [stillId],
      narration: { text: "Good morning.", voice: "en" },
    });
  });
});

describe("a job as a creator shows it", () => {
  it("reads its items and what was asked", () => {
    expect(mediaIdsOf({ result: { mediaIds: [imageId, 3] } })).toEqual([imageId]);
    expect(mediaIdsOf({ result: null })).toEqual([]);
    expect(requestOf({ input: { kind: "speech", text: "Hello" } })).toBe("Hello");
    expect(requestOf({ input: "nonsense" })).toBe("");
  });
});
