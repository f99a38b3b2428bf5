import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  BotSettingsFields,
  chatModelState,
  instructionTemplates,
  modelOptions,
  settingsChanges,
} from "~/lib/xbot-settings";
import arXbot from "../../../locales/ar/xbot.json";
import enXbot from "../../../locales/en/xbot.json";

const formOf = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

const valid = {
  chatModel: "",
  temperature: "0.4",
  answerLength: "short",
  instructions: "Be brief.",
  knowledgeOnly: "on",
  fallbackMessage: "Ask our team.",
  rateLimitMessages: "10",
  rateLimitSeconds: "60",
  dailyMessageCap: "500",
  maxMessageLength: "1000",
  retentionDays: "30",
  version: "4",
};

describe("the settings form", () => {
  it("becomes PATCH /bots/{id}'s body, the default model as null", () => {
    const submission = parseWithZod(formOf(valid), { schema: BotSettingsFields });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(settingsChanges(submission.value)).toEqual({
      version: 4,
      chatModel: null,
      temperature: 0.4,
      answerLength: "short",
      instructions: "Be brief.",
      knowledgeOnly: true,
      fallbackMessage: "Ask our team.",
      rateLimit: { messages: 10, seconds: 60 },
      dailyMessageCap: 500,
      maxMessageLength: 1000,
      retentionDays: 30,
    });
  });

  it("reads an unticked knowledge-only box as off, and keeps a named model", () => {
    const { knowledgeOnly: _, ...rest } = valid;
    const submission = parseWithZod(formOf({ ...rest, chatModel: "gpt-4o-mini" }), {
      schema: BotSettingsFields,
    });
    if (submission.status !== "success") throw new Error("refused");
    const body = settingsChanges(submission.value);
    expect(body.knowledgeOnly).toBe(false);
    expect(body.chatModel).toBe("gpt-4o-mini");
  });

  it("refuses numbers out of the API's ranges, by field", () => {
    const submission = parseWithZod(
      formOf({
        ...valid,
        temperature: "3",
        rateLimitMessages: "0",
        rateLimitSeconds: "1.5",
        maxMessageLength: "5",
        retentionDays: "400",
        dailyMessageCap: "",
      }),
      { schema: BotSettingsFields },
    );
    const errors = submission.reply().error ?? {};
    expect(errors.temperature).toEqual(["tooBig?count=2"]);
    expect(errors.rateLimitMessages).toEqual(["tooSmall?count=1"]);
    expect(errors.rateLimitSeconds).toEqual(["invalidNumber"]);
    expect(errors.maxMessageLength).toEqual(["tooSmall?count=20"]);
    expect(errors.retentionDays).toEqual(["tooBig?count=365"]);
    expect(errors.dailyMessageCap).toBeDefined();
  });

  it("refuses a model name the API would", () => {
    const submission = parseWithZod(formOf({ ...valid, chatModel: "gpt 4" }), {
      schema: BotSettingsFields,
    });
    expect(submission.reply().error?.chatModel).toEqual(["invalid"]);
  });
});

describe("the chat models offered", () => {
  it("are those listed, with the bot's own first when the list lacks it", () => {
    expect(modelOptions(["a", "b", "a"], null)).toEqual(["a", "b"]);
    expect(modelOptions(["a", "b"], "b")).toEqual(["a", "b"]);
    expect(modelOptions(["a"], "old")).toEqual(["old", "a"]);
    expect(modelOptions([], "mine")).toEqual(["mine"]);
  });
});

describe("the starter instructions", () => {
  it("exist in both languages, each with its name", () => {
    for (const locale of [enXbot, arXbot]) {
      for (const name of instructionTemplates) {
        expect(locale.settings.templates.names[name]).toBeTruthy();
        expect(locale.settings.templates.bodies[name].length).toBeGreaterThan(100);
      }
    }
    expect(arXbot.settings.templates.bodies.support).toMatch(/[\u0600-\u06ff]/);
  });
});

describe("the chat model the settings page tells of", () => {
  it("is missing when neither the organization nor the deployment has one", () => {
    expect(chatModelState(null)).toEqual({ configured: false, defaultModel: null });
    expect(chatModelState({ source: null, model: null })).toEqual({
      configured: false,
      defaultModel: null,
    });
  });

  it("is there from the organization or the deployment, with its default", () => {
    expect(chatModelState({ source: "environment", model: "gpt-4o-mini" })).toEqual({
      configured: true,
      defaultModel: "gpt-4o-mini",
    });
    expect(chatModelState({ source: "organization", model: "llama" })?.configured).toBe(true);
  });

  it("is not claimed either way when the API could not say", () => {
    expect(chatModelState(undefined)).toBeNull();
  });
});
