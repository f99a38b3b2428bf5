import type { Locator, Page } from "@playwright/test";
import { FAKE_AI_KEY, FAKE_AI_URL } from "../../playwright.config";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { aiProviderLabels, modelListLabels, threadLabels } from "./support/labels";

// The fake provider (tests/support/fake-ai-server.ts) lists the models fake-chat-large,
// fake-chat-small and fake-tts at GET /models, and the voices af_bella and am_adam at
// GET /audio/voices, as OpenAI-compatible speech servers do.
const listedModels = ["fake-chat-large", "fake-chat-small", "fake-tts"];
const listedVoices = ["af_bella", "am_adam"];

/** The values that a field's datalist, labelled `label` within `scope`, suggests. */
async function suggestions(page: Page, label: string, scope: Page | Locator = page) {
  const field = scope.getByLabel(label, { exact: true });
  const list = await field.getAttribute("list");
  expect(list, `${label} has a list`).toBeTruthy();
  return page
    .locator(`datalist[id="${list}"] option`)
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
}

for (const [index, [prefix, l]] of aiProviderLabels.entries()) {
  const thread = (threadLabels[index] as (typeof threadLabels)[number])[1];
  const m = (modelListLabels[index] as (typeof modelListLabels)[number])[1];

  test.describe(`model lists ${prefix || "(en)"}`, () => {
    test("the model and voice fields suggest what the organization's provider lists", async ({
      page,
    }) => {
      const account = await registerAccount(page.request);
      await signIn(page, account);
      const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
      const me = await (await page.request.get("/api/v1/user", { headers })).json();
      const organizationId = me.account.currentOrganizationId as string;
      // The organization's own OpenAI-compatible server for chat and speech.
      for (const capability of ["chat", "speech"]) {
        const saved = await page.request.put(
          `/api/v1/organizations/${organizationId}/ai/${capability}`,
          {
            headers,
            data: {
              provider: "openai-compatible",
              baseUrl: FAKE_AI_URL,
              model: capability === "chat" ? "fake-chat-small" : "fake-tts",
              apiKey: FAKE_AI_KEY,
            },
          },
        );
        expect(saved.status()).toBe(200);
      }

      // The organization's AI settings: the chat model field suggests the server's models.
      await page.goto(`${prefix}/account/organization/${organizationId}/ai`);
      const ai = page.getByRole("region", { name: l.title });
      const chat = ai
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: l.chat, exact: true }) });
      await chat.getByText(l.change(l.chat)).click();
      await expect(chat.getByText(m.listedHint)).toBeVisible();
      expect(await suggestions(page, l.model, chat)).toEqual(listedModels);
      await screenshotBothModes(page, "model-lists-organization");
      await expectNoAxeViolations(page);

      // A thread's settings suggest them too.
      const created = await page.request.post("/api/v1/threads", {
        headers,
        data: { title: "Models" },
      });
      expect(created.status()).toBe(201);
      await page.goto(`${prefix}/threads/${(await created.json()).id}`);
      await page.getByText(thread.settings, { exact: true }).click();
      expect(await suggestions(page, thread.model)).toEqual(listedModels);
      // Free text stays: a model the list does not show is taken.
      await page.getByLabel(thread.model, { exact: true }).fill("a-model-not-listed");
      await page.getByRole("button", { name: thread.saveSettings }).click();
      await expect(page.getByText(thread.settingsSaved)).toBeVisible();
      await screenshotBothModes(page, "model-lists-thread");
      await expectNoAxeViolations(page);

      // A character's default model and voice.
      await page.goto(`${prefix}/characters?new=1`);
      expect(await suggestions(page, m.characterModel)).toEqual(listedModels);
      expect(await suggestions(page, m.characterVoice)).toEqual(listedVoices);
      await page.getByLabel(m.characterVoice, { exact: true }).scrollIntoViewIfNeeded();
      await screenshotBothModes(page, "model-lists-character");
    });
  });
}
