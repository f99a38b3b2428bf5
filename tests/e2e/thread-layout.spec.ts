import type { Locator, Page } from "@playwright/test";
import { apiToken, expect, screenshotBothModes, signIn, test } from "./fixtures";
import { threadLabels } from "./support/labels";

// How a thread's page is laid out: a long conversation opens at its latest message, and the
// newest answer and its actions stay in view above the question box.

const conversation = (page: Page, name: string) => page.getByRole("list", { name });

/** A thread of four long questions and their answers, several windows tall. */
async function longThread(page: Page, arabic: boolean) {
  const account = await signIn(page);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
  const created = await page.request.post("/api/v1/threads", {
    headers,
    data: { title: arabic ? "محادثة طويلة" : "A long conversation" },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as number;
  const lines = Array.from({ length: 12 }, (_, n) =>
    arabic ? `سطر رقم ${n + 1}` : `Line number ${n + 1}`,
  ).join("\n");
  for (let n = 1; n <= 4; n++) {
    const asked = await page.request.post(`/api/v1/threads/${id}/messages`, {
      headers,
      data: { content: `${n}\n${lines}` },
    });
    expect(asked.status()).toBe(200);
    await asked.body();
  }
  return id;
}

/** The message ends above the question box that stays at the bottom of the window. */
async function expectClearOfComposer(message: Locator, composer: Locator) {
  await expect(message).toBeInViewport();
  const messageBox = await message.boundingBox();
  const composerBox = await composer.boundingBox();
  expect(messageBox && composerBox).toBeTruthy();
  if (messageBox && composerBox) {
    expect(messageBox.y + messageBox.height).toBeLessThanOrEqual(composerBox.y);
  }
}

for (const [prefix, l] of threadLabels) {
  test.describe(`thread layout ${prefix || "(en)"}`, () => {
    test("a long thread opens at its latest answer, clear of the question box", async ({
      page,
    }) => {
      const id = await longThread(page, Boolean(prefix));
      await page.goto(`${prefix}/threads/${id}`);
      const messages = conversation(page, l.conversation).getByRole("article");
      await expect(messages).toHaveCount(8);
      await expect(messages.first()).not.toBeInViewport();
      const box = page.getByRole("textbox", { name: l.message });
      await expectClearOfComposer(messages.last(), box.locator("xpath=ancestor::form"));
      await screenshotBothModes(page, "thread-open-at-latest");
    });

    test("a finished answer's actions are not left under the question box", async ({ page }) => {
      const id = await longThread(page, Boolean(prefix));
      await page.goto(`${prefix}/threads/${id}`);
      const messages = conversation(page, l.conversation).getByRole("article");
      await expect(messages).toHaveCount(8);
      const box = page.getByRole("textbox", { name: l.message });
      await box.fill(prefix ? "وسؤال أخير" : "And one more question");
      await box.press("Enter");
      await expect(messages).toHaveCount(10);
      const answer = messages.last();
      await expect(answer.getByRole("button", { name: prefix ? "نسخ" : "Copy" })).toBeVisible();
      await expectClearOfComposer(answer, box.locator("xpath=ancestor::form"));
    });
  });
}
