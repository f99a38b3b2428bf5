import type { Page } from "@playwright/test";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { threadLabels } from "./support/labels";

const conversation = (page: Page, name: string) => page.getByRole("list", { name });

for (const [prefix, l] of threadLabels) {
  const greetings = prefix
    ? ["أهلًا {{user}}، أنا {{char}}.", "عدت يا {{user}}؟", "المتحف يفتح في التاسعة."]
    : ["Hello {{user}}, I am {{char}}.", "Back again, {{user}}?", "The museum opens at nine."];
  const name = prefix ? "ليلى" : "Layla";

  test.describe(`character chats ${prefix || "(en)"}`, () => {
    test("a greeting cycles through the character's greetings, and the thread keeps it", async ({
      page,
    }) => {
      const account = await signIn(page);
      const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
      const created = await page.request.post("/api/v1/characters", {
        headers,
        data: { name, firstMessage: greetings[0], alternateGreetings: greetings.slice(1) },
      });
      expect(created.status()).toBe(201);
      const chat = await page.request.post(`/api/v1/characters/${(await created.json()).id}/chat`, {
        headers,
      });
      const { threadId } = await chat.json();
      const filled = greetings.map((text) =>
        text.replaceAll("{{user}}", account.firstName).replaceAll("{{char}}", name),
      );

      await page.goto(`${prefix}/threads/${threadId}`);
      const greeting = conversation(page, l.conversation).getByRole("article", { name });
      await expect(greeting).toContainText(filled[0] as string);
      await expect(greeting).toContainText(l.versionOf("1", "3") as string);
      // A greeting is not an answer to write again: no "Write the answer again" on it.
      await expect(greeting.getByRole("button", { name: l.regenerate })).toHaveCount(0);

      await greeting.getByRole("button", { name: l.nextGreeting }).click();
      await expect(greeting).toContainText(filled[1] as string);
      await expect(greeting).toContainText(l.versionOf("2", "3") as string);
      await expect(conversation(page, l.conversation).getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("alert")).toHaveCount(0);
      await screenshotBothModes(page, "character-greeting");
      await expectNoAxeViolations(page);

      await greeting.getByRole("button", { name: l.nextGreeting }).click();
      await expect(greeting).toContainText(filled[2] as string);
      // After the last, the first again; the choice is the thread's.
      await greeting.getByRole("button", { name: l.nextGreeting }).click();
      await expect(greeting).toContainText(filled[0] as string);
      await expect(greeting).toContainText(l.versionOf("1", "3") as string);
      await greeting.getByRole("button", { name: l.nextGreeting }).click();
      await expect(greeting).toContainText(l.versionOf("2", "3") as string);
      await page.reload();
      await expect(greeting).toContainText(filled[1] as string);
    });
  });
}
