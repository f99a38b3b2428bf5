import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { characterLabels, threadLabels } from "./support/labels";

const conversation = (page: Page, name: string) => page.getByRole("list", { name });

for (const [index, [prefix, l]] of threadLabels.entries()) {
  const c = characterLabels[index]?.[1];
  if (!c) throw new Error("no character labels");
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

    test("a chat is titled with the character, shows its picture, and Chat continues it", async ({
      page,
    }) => {
      const account = await signIn(page);
      const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
      const created = await page.request.post("/api/v1/characters", {
        headers,
        data: { name, firstMessage: greetings[0] },
      });
      const characterId = (await created.json()).id as string;
      const picture = await sharp({
        create: { width: 96, height: 96, channels: 3, background: "#0f766e" },
      })
        .png()
        .toBuffer();
      const avatar = await page.request.put(`/api/v1/characters/${characterId}/avatar`, {
        headers,
        multipart: { avatar: { name: "layla.png", mimeType: "image/png", buffer: picture } },
      });
      expect(avatar.status()).toBe(200);

      await page.goto(`${prefix}/characters`);
      const card = page.getByRole("article", { name });
      await card.getByRole("button", { name: c.chatWith(name) as string, exact: true }).click();
      await expect(page).toHaveURL(/\/threads\/\d+$/);
      const firstChat = page.url();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      const sidebar = page.getByRole("complementary");
      const listed = sidebar.getByRole("link", { name });
      await expect(listed).toHaveCount(1);
      await expect(listed.locator("img")).toBeVisible();
      const greeting = conversation(page, l.conversation).getByRole("article", { name });
      await expect(greeting.locator("img")).toBeVisible();

      // "Chat" again continues the same chat; "New chat" starts another.
      await page.goto(`${prefix}/characters`);
      await card.getByRole("button", { name: c.chatWith(name) as string, exact: true }).click();
      await expect(page).toHaveURL(firstChat);
      await page.goto(`${prefix}/characters`);
      await card.getByRole("button", { name: c.newChatWith(name) as string }).click();
      await expect(page).toHaveURL(/\/threads\/\d+$/);
      expect(page.url()).not.toBe(firstChat);
      await expect(sidebar.getByRole("link", { name })).toHaveCount(2);
      await screenshotBothModes(page, "character-chats");
      await expectNoAxeViolations(page);
      await page.goto(`${prefix}/characters`);
      await screenshotBothModes(page, "characters-chat-buttons");
    });
  });
}
