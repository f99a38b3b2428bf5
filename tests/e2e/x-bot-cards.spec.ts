import {
  apiToken,
  expect,
  expectNoAxeViolations,
  joinOrganization,
  openHydrated,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { messagesOf } from "./support/messages";

for (const [prefix, language] of [
  ["", "en"],
  ["/ar", "ar"],
] as const) {
  test(`bots are created, copied, deleted and restored, made current, and given a message card ${language}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const t = messagesOf(language);
    await signIn(page);
    await openHydrated(page, `${prefix}/x-bot/cards`);

    // No bot yet: one button creates the first, whose details open next.
    await expect(page.getByRole("heading", { name: t("cards.empty.title") })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: t("cards.empty.action") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/details$`));
    const first = t("cards.empty.defaultName");
    await expect(page.getByTestId("xbot-current")).toContainText(first);

    // A named one becomes current too.
    await openHydrated(page, `${prefix}/x-bot/cards`);
    await page.getByLabel(t("cards.create.name")).fill("Sales");
    await page.getByRole("button", { name: t("cards.create.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/details$`));
    await expect(page.getByTestId("xbot-current")).toContainText("Sales");

    await openHydrated(page, `${prefix}/x-bot/cards`);
    const cards = page.getByTestId("bot-card");
    await expect(cards).toHaveCount(2);
    const sales = cards.filter({ hasText: "Sales" });
    await expect(sales).toContainText(t("cards.current"));
    await expect(sales).toContainText(
      language === "ar"
        ? t("cards.conversations_zero")
        : t("cards.conversations_other", { count: "0" }),
    );

    // Duplicate: a draft copy.
    await page.getByRole("button", { name: t("cards.duplicateLabel", { name: "Sales" }) }).click();
    await expect(page.getByText(t("common:notices.bot-duplicated"))).toBeVisible();
    await expect(cards).toHaveCount(3);
    // Named in the page's language: "Sales (copy)", "Sales (نسخة)".
    const copy = t("cards.copyName", { name: "Sales" });
    await expect(cards.filter({ hasText: copy })).toBeVisible();

    // Make the first one current.
    await page.getByRole("button", { name: t("cards.makeCurrentLabel", { name: first }) }).click();
    await expect(page.getByText(t("common:notices.bot-made-current"))).toBeVisible();
    await expect(page.getByTestId("xbot-current")).toContainText(first);
    await expect(cards.filter({ hasText: first })).toContainText(t("cards.current"));

    // Delete asks first, then offers to undo.
    await page.getByRole("button", { name: t("cards.deleteLabel", { name: copy }) }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(t("cards.confirmDelete.title", { name: copy }));
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: t("cards.confirmDelete.confirm") }).click();
    await expect(page.getByText(t("cards.undo.body", { name: copy }))).toBeVisible();
    await expect(cards).toHaveCount(2);
    const undoAddress = page.url();
    // The bin has it, with Restore.
    await openHydrated(page, `${prefix}/x-bot/cards?bin=1`);
    await expect(page.getByTestId("bot-card")).toHaveCount(1);
    await expect(
      page.getByRole("button", { name: t("cards.bin.restoreLabel", { name: copy }) }),
    ).toBeVisible();
    await openHydrated(page, undoAddress);
    await page.getByRole("button", { name: t("cards.undo.action") }).click();
    await expect(page.getByText(t("common:notices.bot-restored"))).toBeVisible();
    await expect(cards).toHaveCount(3);
    await screenshotBothModes(page, "xbot-cards-bots");
    await expectNoAxeViolations(page);

    // Message cards of the current bot.
    await page.getByRole("link", { name: t("cards.tabs.messages") }).click();
    await expect(page).toHaveURL(/tab=messages/);
    await expect(page.getByRole("heading", { name: t("messageCards.empty.title") })).toBeVisible();
    await page.getByRole("link", { name: t("messageCards.add") }).click();
    const form = page.getByRole("form", { name: t("messageCards.form.newTitle") });
    await form.getByLabel(t("messageCards.form.title")).fill("Book a visit");
    await form.getByLabel(t("messageCards.form.text")).fill("See our rooms.");
    await form.getByLabel(t("messageCards.form.whenToShow")).fill("When they ask about visits");
    await form.getByLabel(`${t("messageCards.form.kind")} 1`).selectOption("link");
    await form.getByLabel(`${t("messageCards.form.label")} 1`).fill("Visit");
    await form.getByLabel(`${t("messageCards.form.value")} 1`).fill("not an address");
    await form.getByRole("button", { name: t("messageCards.form.save") }).click();
    // The API's refusal is told by its field, translated.
    const value = form.getByLabel(`${t("messageCards.form.value")} 1`);
    await expect(value).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(t("validation:invalidUrl"))).toBeVisible();
    await screenshotBothModes(page, "xbot-cards-message-form");
    await expectNoAxeViolations(page);
    await value.fill("https://example.com/visit");
    await form.getByRole("button", { name: t("messageCards.form.save") }).click();
    await expect(page.getByText(t("common:notices.message-card-saved"))).toBeVisible();
    const card = page.getByTestId("message-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Book a visit");
    await expect(card).toContainText("Visit");
    await expect(card).toContainText("https://example.com/visit");
    await screenshotBothModes(page, "xbot-cards-messages");
    await expectNoAxeViolations(page);
  });
}

test.describe("x-bot cards without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hydration: false });
  test("a bot is created and deleted after the question in the page", async ({ page }) => {
    const t = messagesOf("en");
    await signIn(page);
    await page.goto("/x-bot/cards");
    await page.getByRole("button", { name: t("cards.empty.action") }).click();
    await expect(page).toHaveURL(/\/x-bot\/details$/);
    await page.goto("/x-bot/cards");
    const name = t("cards.empty.defaultName");
    await page.getByRole("button", { name: t("cards.deleteLabel", { name }) }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      t("cards.confirmDelete.title", { name }),
    );
    await page.getByRole("button", { name: t("cards.confirmDelete.confirm") }).click();
    await expect(page.getByText(t("cards.undo.body", { name }))).toBeVisible();
  });
});

test("a viewer sees the bots and their cards, and may only choose the current bot", async ({
  page,
}) => {
  const t = messagesOf("en");
  const owner = await registerAccount(page.request);
  const viewer = await registerAccount(page.request);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, owner)}` };
  for (const name of ["Support", "Sales"]) {
    const made = await page.request.post("/api/v1/bots", { headers, data: { name } });
    expect(made.status()).toBe(201);
  }
  await joinOrganization(page.request, owner, viewer, "viewer");
  await signIn(page, viewer);
  await openHydrated(page, "/x-bot/cards");
  await expect(page.getByTestId("bot-card")).toHaveCount(2);
  await expect(page.getByRole("button", { name: t("cards.create.submit") })).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: t("cards.duplicateLabel", { name: "Support" }) }),
  ).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: t("cards.deleteLabel", { name: "Support" }) }),
  ).toHaveCount(0);
  await expect(page.getByRole("link", { name: t("cards.bin.link") })).toHaveCount(0);
  await page.getByRole("button", { name: t("cards.makeCurrentLabel", { name: "Sales" }) }).click();
  await expect(page.getByTestId("xbot-current")).toContainText("Sales");
  await page.getByRole("link", { name: t("cards.tabs.messages") }).click();
  await expect(page.getByText(t("messageCards.empty.bodyReader"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("messageCards.add") })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
