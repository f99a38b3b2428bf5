import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { threads } from "../../../api/db/schema";
import { enqueueJob } from "../../../api/media/jobs";
import type { OrganizationActor } from "../../../api/organizations/permissions";
import {
  createTestApi,
  ownerActor,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
  type TestResponse,
} from "../helpers";
import { eventually } from "../jobs/controlled-kind";

type Owner = SignedInUser & { organizationId: string };

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({
    // The deployment's provider is never reached: every model named here is refused first.
    ai: {
      environment: aiEnvironment({
        AI_BASE_URL: "http://127.0.0.1:9/v1",
        AI_CHAT_MODEL: "chat-small",
        AI_CHAT_MODELS: "chat-large, chat-small",
        AI_IMAGE_MODEL: "image-one",
      }),
      sentenceEncoder: false,
      offlineVoice: false,
      slideshow: false,
    },
  });
}, 60_000);

afterAll(async () => {
  await t.close();
});

function expectNotAllowed(response: TestResponse, field: string) {
  expect(response.status, response.text).toBe(422);
  expect(response.body.error.code).toBe("MODEL_NOT_ALLOWED");
  expect(response.body.error.fieldCodes).toEqual({ [field]: "MODEL_NOT_ALLOWED" });
}

describe("the models of the deployment's provider", () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await ownerWithSession(t);
  });

  it("are offered as the operator lists them, the configured model first", async () => {
    const ai = await t.request("GET", `/organizations/${owner.organizationId}/ai`, {
      token: owner.token,
    });
    const byCapability = Object.fromEntries(
      ai.body.items.map((item: { capability: string; models: string[] }) => [
        item.capability,
        item.models,
      ]),
    );
    expect(byCapability.chat).toEqual(["chat-small", "chat-large"]);
    expect(byCapability.image).toEqual(["image-one"]);
    expect(byCapability.video).toEqual([]);
    const options = await t.request("GET", "/generations/options", { token: owner.token });
    expect(options.body.image.models).toEqual(["image-one"]);
  });

  it("may be named by a thread when listed; another is refused on save", async () => {
    const listed = await t.request("POST", "/threads", {
      token: owner.token,
      json: { model: "chat-large" },
    });
    expect(listed.status, listed.text).toBe(201);
    expectNotAllowed(
      await t.request("POST", "/threads", { token: owner.token, json: { model: "gpt-5" } }),
      "model",
    );
    expectNotAllowed(
      await t.request("PATCH", `/threads/${listed.body.id}`, {
        token: owner.token,
        json: { model: "gpt-5" },
      }),
      "model",
    );
    const kept = await t.request("GET", `/threads/${listed.body.id}`, { token: owner.token });
    expect(kept.body.model).toBe("chat-large");
  });

  it("are the only ones a character may name as its default", async () => {
    expectNotAllowed(
      await t.request("POST", "/characters", {
        token: owner.token,
        json: { name: "Tutor", defaultModel: "gpt-5" },
      }),
      "defaultModel",
    );
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Tutor", defaultModel: "chat-large" },
    });
    expect(created.status, created.text).toBe(201);
    expectNotAllowed(
      await t.request("PATCH", `/characters/${created.body.id}`, {
        token: owner.token,
        json: { version: created.body.version, defaultModel: "gpt-5" },
      }),
      "defaultModel",
    );
  });

  it("are the configured model alone where the operator lists none", async () => {
    expectNotAllowed(
      await t.request("POST", "/generations", {
        token: owner.token,
        json: { kind: "image", prompt: "A lighthouse", model: "image-two" },
      }),
      "model",
    );
  });

  it("are checked again when the model is used, as it may have been saved before the list changed", async () => {
    const thread = await t.request("POST", "/threads", { token: owner.token, json: {} });
    // Saved while the list held it.
    await t.db.update(threads).set({ model: "chat-retired" }).where(eq(threads.id, thread.body.id));
    expectNotAllowed(
      await t.request("POST", `/threads/${thread.body.id}/messages`, {
        token: owner.token,
        json: { content: "Hello" },
      }),
      "model",
    );

    const kind = t.jobs.runner.kinds.get("image.generate");
    if (!kind) throw new Error("no image generation kind");
    const job = await enqueueJob(t.db, t.jobs, ownerActor(owner) as OrganizationActor, kind, {
      kind: "image",
      prompt: "A lighthouse",
      model: "image-retired",
      count: 1,
    });
    const failed = await eventually(async () => {
      const read = await t.request("GET", `/jobs/${job.id}`, { token: owner.token });
      return read.body.status === "failed" ? read.body : null;
    });
    expect(failed.error.code).toBe("MODEL_NOT_ALLOWED");
    expect(failed.attempts).toBe(1);
  });
});

describe("an organization's own provider", () => {
  it("takes any of its models", async () => {
    const owner = await ownerWithSession(t);
    const own = await t.request("PUT", `/organizations/${owner.organizationId}/ai/chat`, {
      token: owner.token,
      json: { provider: "openai-compatible", baseUrl: "https://llm.example/v1", model: "ours" },
    });
    expect(own.status, own.text).toBe(200);
    expect(own.body.models).toEqual([]);
    const thread = await t.request("POST", "/threads", {
      token: owner.token,
      json: { model: "gpt-5" },
    });
    expect(thread.status, thread.text).toBe(201);
  });
});
