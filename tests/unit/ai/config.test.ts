import { describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";

describe("aiEnvironment", () => {
  it("configures nothing when no model is named", () => {
    expect(aiEnvironment({})).toEqual({});
    expect(aiEnvironment({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_API_KEY: "k" })).toEqual(
      {},
    );
  });

  it("takes one OpenAI-compatible server for every capability that names a model", () => {
    const env = aiEnvironment({
      AI_BASE_URL: "http://127.0.0.1:11434/v1/",
      AI_API_KEY: "sk-shared",
      AI_CHAT_MODEL: "llama3.2",
      AI_EMBEDDING_MODEL: "nomic-embed-text",
    });
    expect(env).toEqual({
      chat: {
        provider: "openai-compatible",
        baseUrl: "http://127.0.0.1:11434/v1",
        apiKey: "sk-shared",
        model: "llama3.2",
        models: ["llama3.2"],
      },
      embedding: {
        provider: "openai-compatible",
        baseUrl: "http://127.0.0.1:11434/v1",
        apiKey: "sk-shared",
        model: "nomic-embed-text",
        models: ["nomic-embed-text"],
      },
    });
    expect(env.image).toBeUndefined();
  });

  it("is OpenAI itself when a model is named without a server", () => {
    expect(aiEnvironment({ AI_API_KEY: "sk-openai", AI_CHAT_MODEL: "gpt-4.1-mini" })).toEqual({
      chat: {
        provider: "openai",
        apiKey: "sk-openai",
        model: "gpt-4.1-mini",
        models: ["gpt-4.1-mini"],
      },
    });
  });

  it("overrides the provider, address and key per capability, without the shared ones", () => {
    const env = aiEnvironment({
      AI_BASE_URL: "http://127.0.0.1:8080/v1",
      AI_API_KEY: "sk-shared",
      AI_CHAT_MODEL: "local-chat",
      AI_SPEECH_MODEL: "eleven_multilingual_v2",
      AI_SPEECH_PROVIDER: "elevenlabs",
      AI_SPEECH_API_KEY: "el-key",
      AI_IMAGE_MODEL: "fal-ai/flux/schnell",
      AI_IMAGE_PROVIDER: "fal",
      AI_VIDEO_MODEL: "sora-2",
      AI_VIDEO_BASE_URL: "https://video.example/v1",
      AI_VIDEO_API_KEY: "sk-video",
    });
    expect(env.chat).toMatchObject({ provider: "openai-compatible", apiKey: "sk-shared" });
    // The shared OpenAI-compatible address and key are not another provider's.
    expect(env.speech).toEqual({
      provider: "elevenlabs",
      apiKey: "el-key",
      model: "eleven_multilingual_v2",
      models: ["eleven_multilingual_v2"],
    });
    expect(env.image).toEqual({
      provider: "fal",
      model: "fal-ai/flux/schnell",
      models: ["fal-ai/flux/schnell"],
    });
    expect(env.video).toEqual({
      provider: "openai-compatible",
      baseUrl: "https://video.example/v1",
      apiKey: "sk-video",
      model: "sora-2",
      models: ["sora-2"],
    });
  });

  it("lists the models that may be named in place of the configured one, which is always among them", () => {
    const env = aiEnvironment({
      AI_API_KEY: "sk-openai",
      AI_CHAT_MODEL: "gpt-4.1-mini",
      AI_CHAT_MODELS: " gpt-4.1 , gpt-4.1-mini,,o4-mini ",
      AI_IMAGE_MODEL: "gpt-image-1",
    });
    expect(env.chat?.models).toEqual(["gpt-4.1-mini", "gpt-4.1", "o4-mini"]);
    expect(env.image?.models).toEqual(["gpt-image-1"]);
    expect(() => aiEnvironment({ AI_VIDEO_MODELS: "sora-2" })).toThrow(
      /AI_VIDEO_MODELS is set without AI_VIDEO_MODEL/,
    );
  });

  it("stops the start on a setting that cannot work, naming the variable", () => {
    expect(() => aiEnvironment({ AI_CHAT_MODEL: "m", AI_CHAT_PROVIDER: "anthropic" })).toThrow(
      /AI_CHAT_PROVIDER must be one of openai, openai-compatible, elevenlabs, fal, replicate/,
    );
    expect(() => aiEnvironment({ AI_CHAT_MODEL: "m", AI_CHAT_PROVIDER: "replicate" })).toThrow(
      /AI_CHAT_PROVIDER: replicate does not offer chat models/,
    );
    expect(() => aiEnvironment({ AI_BASE_URL: "ftp://host/v1", AI_CHAT_MODEL: "m" })).toThrow(
      /AI_BASE_URL must be an http or https URL/,
    );
    expect(() => aiEnvironment({ AI_CHAT_MODEL: "m", AI_CHAT_BASE_URL: "not a url" })).toThrow(
      /AI_CHAT_BASE_URL must be an http or https URL/,
    );
    expect(() =>
      aiEnvironment({ AI_CHAT_MODEL: "m", AI_CHAT_PROVIDER: "openai-compatible" }),
    ).toThrow(/AI_CHAT_MODEL needs AI_BASE_URL or AI_CHAT_BASE_URL/);
    expect(() => aiEnvironment({ AI_SPEECH_PROVIDER: "elevenlabs" })).toThrow(
      /AI_SPEECH_PROVIDER is set without AI_SPEECH_MODEL/,
    );
  });

  it("ignores blank values as unset", () => {
    expect(aiEnvironment({ AI_CHAT_MODEL: "  ", AI_BASE_URL: "" })).toEqual({});
  });
});
