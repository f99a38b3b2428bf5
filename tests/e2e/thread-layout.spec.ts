import type { Locator, Page } from "@playwright/test";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { threadLabels } from "./support/labels";

// How a thread's page is laid out: a long conversation opens at its latest message, and the
// newest answer and its actions stay in view above the question box.

const conversation = (page: Page, name: string) => page.getByRole("list", { name });

/** A thread of four long questions and their answers, several windows tall. */
async function longThread(page: Page, arabic: boolean) {
  const account = await signIn(page);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
  return { id: await writeLongThread(page, arabic, headers), headers };
}

async function writeLongThread(page: Page, arabic: boolean, headers: Record<string, string>) {
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
      const { id } = await longThread(page, Boolean(prefix));
      await page.goto(`${prefix}/threads/${id}`);
      const messages = conversation(page, l.conversation).getByRole("article");
      await expect(messages).toHaveCount(8);
      await expect(messages.first()).not.toBeInViewport();
      const box = page.getByRole("textbox", { name: l.message });
      await expectClearOfComposer(messages.last(), box.locator("xpath=ancestor::form"));
      await screenshotBothModes(page, "thread-open-at-latest");
    });

    test("a finished answer's actions are not left under the question box", async ({ page }) => {
      const { id } = await longThread(page, Boolean(prefix));
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

    test("the header is one row, and its menu works from the keyboard", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const { id } = await longThread(page, Boolean(prefix));
      await page.goto(`${prefix}/threads/${id}`);
      const title = page.getByRole("heading", { level: 1 });
      const header = title.locator("xpath=ancestor::header[1]");
      const height = (await header.boundingBox())?.height ?? 1000;
      expect(height).toBeLessThan(80);
      // Title, Share, Settings and More side by side.
      const more = page.locator("summary", { hasText: l.more });
      const titleBox = await title.boundingBox();
      const moreBox = await more.boundingBox();
      expect(titleBox && moreBox).toBeTruthy();
      if (titleBox && moreBox) expect(moreBox.y).toBeLessThan(titleBox.y + titleBox.height);

      // Enter opens the menu on its first item; the arrows move and wrap; Escape closes it and
      // gives the focus back.
      await more.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu", { name: l.more });
      await expect(menu).toBeVisible();
      const items = menu.getByRole("menuitem");
      await expect(items.first()).toBeFocused();
      await expect(items.first()).toHaveText(l.rename);
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: l.pin, exact: true })).toBeFocused();
      await page.keyboard.press("End");
      await expect(menu.getByRole("menuitem", { name: l.delete, exact: true })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(items.first()).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(items.last()).toBeFocused();
      await expectNoAxeViolations(page);
      await screenshotBothModes(page, "thread-menu");
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();

      // ArrowUp opens it on its last item; Space opens it too, and Enter chooses an item.
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitem", { name: l.delete, exact: true })).toBeFocused();
      await page.keyboard.press("Escape");
      await page.keyboard.press(" ");
      await expect(items.first()).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect(
        page.getByRole("complementary").getByRole("region", { name: l.pinned }),
      ).toContainText(prefix ? "محادثة طويلة" : "A long conversation");
      await expect(menu).toBeHidden();
      await more.click();
      await expect(menu.getByRole("menuitem", { name: l.unpin })).toBeVisible();
      // A click elsewhere closes it.
      await title.click();
      await expect(menu).toBeHidden();
      expect((await header.boundingBox())?.height ?? 1000).toBeLessThan(80);
    });

    test("files attach from the question box: its button, a drop and a paste", async ({ page }) => {
      const { id, headers } = await longThread(page, Boolean(prefix));
      await page.goto(`${prefix}/threads/${id}`);
      const box = page.getByRole("textbox", { name: l.message });
      const composer = box.locator("xpath=ancestor::form");
      const chips = composer.getByRole("list", { name: l.attachments });
      const names = {
        picked: prefix ? "ملاحظات.md" : "notes.md",
        dropped: prefix ? "مسودة.txt" : "draft.txt",
        pasted: prefix ? "ملصق.txt" : "pasted.txt",
      };

      // The paperclip opens the file picker.
      const chooser = page.waitForEvent("filechooser");
      await composer.getByRole("button", { name: l.attach }).click();
      await (await chooser).setFiles({
        name: names.picked,
        mimeType: "text/markdown",
        buffer: Buffer.from(
          prefix ? "# ملاحظات\n\nالإطلاق في الربيع." : "# Notes\n\nSpring launch.",
        ),
      });
      await expect(chips.getByRole("listitem").filter({ hasText: names.picked })).toBeVisible();

      // A file dropped on the question box.
      const files = (entries: { name: string; text: string; size?: number }[]) =>
        page.evaluateHandle((list) => {
          const transfer = new DataTransfer();
          for (const entry of list) {
            const body = entry.size ? new Uint8Array(entry.size).fill(97) : entry.text;
            transfer.items.add(new File([body], entry.name, { type: "text/plain" }));
          }
          return transfer;
        }, entries);
      const dropped = await files([{ name: names.dropped, text: "A draft to read." }]);
      await composer.dispatchEvent("dragenter", { dataTransfer: dropped });
      await composer.dispatchEvent("dragover", { dataTransfer: dropped });
      await composer.dispatchEvent("drop", { dataTransfer: dropped });
      await expect(chips.getByRole("listitem").filter({ hasText: names.dropped })).toBeVisible();

      // A file pasted into the question.
      await box.focus();
      const pasted = await files([{ name: names.pasted, text: "Pasted text." }]);
      await box.evaluate((field, transfer) => {
        const event = new ClipboardEvent("paste", {
          clipboardData: transfer as DataTransfer,
          bubbles: true,
          cancelable: true,
        });
        field.dispatchEvent(event);
      }, pasted);
      await expect(chips.getByRole("listitem").filter({ hasText: names.pasted })).toBeVisible();
      await expect(box).toHaveValue("");

      // They are the thread's context, for every answer.
      await expect(page.getByText(l.context3, { exact: true })).toBeVisible();
      const thread = await (await page.request.get(`/api/v1/threads/${id}`, { headers })).json();
      expect(thread.attachments.map((each: { name: string }) => each.name)).toEqual([
        names.picked,
        names.dropped,
        names.pasted,
      ]);

      // A file over the limit is refused before it is sent, in words.
      const large = await files([{ name: "huge.txt", text: "", size: 10 * 1024 * 1024 + 1 }]);
      await composer.dispatchEvent("drop", { dataTransfer: large });
      await expect(composer.getByRole("alert")).toHaveText(
        (l.fileTooLarge as (name: string) => string)("huge.txt"),
      );
      await expect(chips.getByRole("listitem")).toHaveCount(3);
      await expectNoAxeViolations(page);
      await screenshotBothModes(page, "thread-composer-attachments");

      // A chip's ✕ takes it off.
      await chips
        .getByRole("button", { name: (l.remove as (name: string) => string)(names.dropped) })
        .click();
      await expect(chips.getByRole("listitem")).toHaveCount(2);
      await expect(page.getByText(l.context2, { exact: true })).toBeVisible();
    });
  });
}
