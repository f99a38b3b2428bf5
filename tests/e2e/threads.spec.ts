import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotBothModes, signIn, test } from "./fixtures";
import { threadLabels } from "./support/labels";

// The deployment's chat model is the fake provider's (playwright.config.ts): it answers "Hello
// from the fake model." at once, and its model `paced` streams a Markdown answer slowly enough
// to watch and to stop.

const conversation = (page: Page, name: string) => page.getByRole("list", { name });
const lastMessage = (page: Page, name: string) =>
  conversation(page, name).getByRole("article").last();

for (const [prefix, l] of threadLabels) {
  const question = prefix ? "ما الذي تتضمنه خطة الإطلاق؟" : "What should the launch plan hold?";
  const searchWord = prefix ? "خطة" : "launch";

  test.describe(`threads ${prefix || "(en)"}`, () => {
    test("streams answers, stops one, writes it again as a version, and finds the thread", async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`${prefix}/threads`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.startTitle);
      await expectNoAxeViolations(page);

      // The first question starts the thread; its answer streams in and gives it a title.
      const box = page.getByRole("textbox", { name: l.message });
      await box.fill(question);
      await box.press("Enter");
      await expect(page).toHaveURL(/\/threads\/\d+$/);
      await expect(lastMessage(page, l.conversation)).toContainText("Hello from the fake model.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Hello from the fake model/);
      const threadUrl = page.url();

      // Another tab of the same thread shows new messages as they come (STOMP events).
      const other = await page.context().newPage();
      await other.goto(threadUrl);
      await expect(lastMessage(other, l.conversation)).toContainText("Hello from the fake model.");

      // The thread's own model: one that writes slowly.
      await page.getByText(l.settings, { exact: true }).click();
      await page.getByLabel(l.model, { exact: true }).fill("paced");
      await page.getByRole("button", { name: l.saveSettings }).click();
      await expect(page.getByText(l.settingsSaved)).toBeVisible();

      // Files for the model to read: a Markdown brief is taken, a "PDF" that is not one is refused.
      await page.getByText(l.context0, { exact: true }).click();
      const file = page.getByLabel(l.file, { exact: true });
      await file.setInputFiles({
        name: "brief.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("not a pdf at all"),
      });
      await page.getByRole("button", { name: l.attachFile, exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(l.invalidPdf);
      await page.getByLabel(l.file, { exact: true }).setInputFiles({
        name: "brief.md",
        mimeType: "text/markdown",
        buffer: Buffer.from(
          prefix ? "# موجز\n\nالإطلاق في الربيع." : "# Brief\n\nLaunch in spring.",
        ),
      });
      await page.getByRole("button", { name: l.attachFile, exact: true }).click();
      await expect(page.getByText(l.context1, { exact: true })).toBeVisible();
      // Listed in the context panel, and as a chip above the question.
      await expect(page.getByRole("listitem").filter({ hasText: "brief.md" })).toHaveCount(2);
      await expect(
        page.getByRole("list", { name: l.attachments }).getByRole("listitem"),
      ).toContainText("brief.md");

      // Stop keeps what was written, marked as stopped.
      await box.fill(prefix ? "اكتب الخطة" : "Write the plan");
      await page.getByRole("button", { name: l.send }).click();
      await expect(lastMessage(page, l.conversation)).toContainText("Here is a plan");
      // From the keyboard: the page scrolls with the answer as it grows.
      await page.getByRole("button", { name: l.stop }).press("Enter");
      await expect(lastMessage(page, l.conversation)).toContainText(l.stopped);
      await expect(page.getByRole("button", { name: l.send })).toBeVisible();
      await expect(lastMessage(page, l.conversation)).not.toContainText("That is all for now");
      await expect(conversation(other, l.conversation)).toContainText(
        prefix ? "اكتب الخطة" : "Write the plan",
      );
      await expect(lastMessage(other, l.conversation)).toContainText(l.stopped);

      // Written again: a second version, whole, with its table and highlighted code.
      await lastMessage(page, l.conversation).getByRole("button", { name: l.regenerate }).click();
      const answer = lastMessage(page, l.conversation);
      await expect(answer).toContainText("That is all for now", { timeout: 30_000 });
      await expect(answer.getByRole("table")).toContainText("Omar");
      await expect(answer.locator("pre code.hljs")).toContainText("console.log(greeting)");
      await expect(answer).toContainText(l.versionOf("2", "2") as string);
      await expect(answer).not.toContainText(l.stopped);
      await screenshotBothModes(page, "thread");
      await expectNoAxeViolations(page);

      // The earlier version is still there, and the choice is kept.
      await answer.getByRole("button", { name: l.previousVersion }).click();
      await expect(lastMessage(page, l.conversation)).toContainText(
        l.versionOf("1", "2") as string,
      );
      await expect(lastMessage(page, l.conversation)).toContainText(l.stopped);
      await page.reload();
      await expect(lastMessage(page, l.conversation)).toContainText(l.stopped);

      // Renamed and pinned, it heads the sidebar; a search finds it by its question.
      // Rename and Pin are in the header's menu.
      await page.getByText(l.more, { exact: true }).click();
      await page.getByRole("menuitem", { name: l.rename }).click();
      await page.getByLabel(l.titleField).fill(prefix ? "خطة الإطلاق" : "Launch plan");
      await page.getByRole("button", { name: l.save, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        prefix ? "خطة الإطلاق" : "Launch plan",
      );
      await page.getByText(l.more, { exact: true }).click();
      await page.getByRole("menuitem", { name: l.pin, exact: true }).click();
      const sidebar = page.getByRole("complementary");
      await expect(sidebar.getByRole("region", { name: l.pinned })).toContainText(
        prefix ? "خطة الإطلاق" : "Launch plan",
      );
      await sidebar.getByRole("searchbox", { name: l.search }).fill(searchWord);
      await sidebar.getByRole("searchbox", { name: l.search }).press("Enter");
      const results = sidebar.getByRole("region", { name: l.results });
      await expect(results.locator("mark").first()).toHaveText(new RegExp(searchWord, "i"));
      await screenshotBothModes(page, "thread-search");
      await other.close();
    });
  });
}

test.describe("threads without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the question posts, the whole answer comes back, and a deleted thread can be undone", async ({
    page,
  }) => {
    const [, l] = threadLabels[0];
    await signIn(page);
    await page.goto("/threads");
    await expect(page.getByText(l.contextNote)).toBeVisible();
    await page.getByRole("textbox", { name: l.message }).fill("Hello without scripts");
    await page.getByRole("button", { name: l.send }).click();
    await expect(page).toHaveURL(/\/threads\/\d+$/);
    await expect(lastMessage(page, l.conversation)).toContainText("Hello from the fake model.");

    await lastMessage(page, l.conversation).getByRole("button", { name: l.regenerate }).click();
    await expect(lastMessage(page, l.conversation)).toContainText(l.versionOf("2", "2") as string);

    // An edited question is a new branch from the same point; the first stays as a version.
    const question = conversation(page, l.conversation).getByRole("article").first();
    await question.getByLabel(l.edit, { exact: true }).click();
    await question.getByLabel(l.editLabel).fill("Hello again, edited");
    await question.getByRole("button", { name: l.editSend }).click();
    const edited = conversation(page, l.conversation).getByRole("article").first();
    await expect(edited).toContainText("Hello again, edited");
    await expect(edited).toContainText(l.versionOf("2", "2") as string);
    await expect(conversation(page, l.conversation).getByRole("article")).toHaveCount(2);

    // A provider's refusal is the answer's, in words a member can act on; the question stays.
    await page.getByText(l.settings, { exact: true }).click();
    await page.getByLabel(l.model, { exact: true }).fill("missing-model");
    await page.getByRole("button", { name: l.saveSettings }).click();
    await expect(page.getByText(l.settingsSaved)).toBeVisible();
    await page.getByRole("textbox", { name: l.message }).fill("Are you there?");
    await page.getByRole("button", { name: l.send }).click();
    await expect(lastMessage(page, l.conversation)).toContainText(l.unknownModel);
    await expect(conversation(page, l.conversation)).toContainText("Are you there?");

    // The header's menu works without scripts too: Rename opens its form, Pin posts.
    await page.getByText(l.more, { exact: true }).click();
    await page.getByRole("link", { name: l.rename }).click();
    await page.getByLabel(l.titleField).fill("Renamed without scripts");
    await page.getByRole("button", { name: l.save, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renamed without scripts");
    await expect(page.getByLabel(l.titleField)).toHaveCount(0);
    await page.getByText(l.more, { exact: true }).click();
    await page.getByRole("button", { name: l.pin, exact: true }).click();
    await expect(
      page.getByRole("complementary").getByRole("region", { name: l.pinned }),
    ).toContainText("Renamed without scripts");

    // Deleting, from the header's menu, asks first, in the page; the list then offers to undo it.
    await page.getByText(l.more, { exact: true }).click();
    await page.getByRole("button", { name: l.delete, exact: true }).click();
    await page.getByRole("button", { name: l.deleteConfirm }).click();
    await expect(page).toHaveURL(/\/threads\?deleted=\d+$/);
    await page.getByRole("button", { name: l.undo }).click();
    await expect(page).toHaveURL(/\/threads\/\d+$/);
    await expect(conversation(page, l.conversation)).toContainText("Hello again, edited");
  });
});
