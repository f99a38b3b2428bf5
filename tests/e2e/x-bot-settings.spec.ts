import type { APIRequestContext } from "@playwright/test";
import {
  type Account,
  apiToken,
  expect,
  expectNoAxeViolations,
  joinOrganization,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";

type BotJson = {
  id: string;
  version: number;
  temperature: number;
  answerLength: string;
  instructions: string;
  knowledgeOnly: boolean;
  fallbackMessage: string;
  rateLimit: { messages: number; seconds: number };
  retentionDays: number;
  appearance: { headerTitle: string; accentColor: string; position: string; theme: string };
};

async function makeBot(request: APIRequestContext, account: Account, data: object = {}) {
  const headers = { Authorization: `Bearer ${await apiToken(request, account)}` };
  const made = await request.post("/api/v1/bots", { headers, data: { name: "Support", ...data } });
  expect(made.status()).toBe(201);
  const bot = (await made.json()) as BotJson;
  return {
    bot,
    headers,
    read: async () =>
      (await (await request.get(`/api/v1/bots/${bot.id}`, { headers })).json()) as BotJson,
  };
}

const languages = [
  [
    "",
    {
      template: "Start from a template",
      instructions: "Instructions",
      support: "Customer support",
      use: "Use template",
      supportText: "customer support assistant",
      undo: "Undo",
      temperature: "Temperature",
      answerLength: "Answer length",
      short: "Short",
      knowledgeOnly: "Answer only from the bot's knowledge",
      fallback: "Fallback message",
      messages: "Messages",
      seconds: "In seconds",
      retention: "Keep conversations (days)",
      save: "Save settings",
      saved: "The settings are saved.",
      tooBig: "Enter 2 or less.",
      tooSmall: "Enter 20 or more.",
      longest: "Longest message (characters)",
      headerTitle: "Header title",
      accent: "Accent colour",
      theme: "Theme",
      lowContrast: "Low contrast",
      saveLook: "Save appearance",
      savedLook: "The appearance is saved.",
      position: "Bottom start",
      title: "Help desk",
      noModel: "No chat model is set up",
    },
  ],
  [
    "/ar",
    {
      template: "ابدأ من قالب",
      instructions: "التعليمات",
      support: "دعم العملاء",
      use: "استخدم القالب",
      supportText: "مساعد دعم العملاء",
      undo: "تراجع",
      temperature: "درجة الحرارة",
      answerLength: "طول الإجابة",
      short: "قصيرة",
      knowledgeOnly: "الإجابة من معرفة الروبوت فقط",
      fallback: "الرسالة البديلة",
      messages: "الرسائل",
      seconds: "خلال ثوانٍ",
      retention: "الاحتفاظ بالمحادثات (بالأيام)",
      save: "حفظ الإعدادات",
      saved: "حُفظت الإعدادات.",
      tooBig: "أدخل 2 أو أقل.",
      tooSmall: "أدخل 20 أو أكثر.",
      longest: "أطول رسالة (بالأحرف)",
      headerTitle: "عنوان الترويسة",
      accent: "اللون المميِّز",
      theme: "السمة",
      lowContrast: "تباين منخفض",
      saveLook: "حفظ المظهر",
      savedLook: "حُفظ المظهر.",
      position: "أسفل بداية السطر",
      title: "مكتب المساعدة",
      noModel: "لم يُضبط نموذج محادثة",
    },
  ],
] as const;

for (const [prefix, s] of languages) {
  const lang = prefix ? "ar" : "en";

  test(`settings: a template, bad input by its field, and a save (${lang})`, async ({ page }) => {
    const account = await signIn(page);
    const { read } = await makeBot(page.request, account);
    await page.goto(`${prefix}/x-bot/settings`);

    // A starter template fills the instructions in the page's language; Undo brings them back.
    const instructions = page.getByRole("textbox", { name: s.instructions, exact: true });
    await page.getByLabel(s.template).selectOption({ label: s.support });
    await page.getByRole("button", { name: s.use }).click();
    await expect(instructions).toHaveValue(new RegExp(s.supportText));
    await page.getByRole("button", { name: s.undo }).click();
    await expect(instructions).toHaveValue("");
    await page.getByLabel(s.template).selectOption({ label: s.support });
    await page.getByRole("button", { name: s.use }).click();

    // Out of range: refused by the field, in the page's language, before anything is sent.
    await page.getByLabel(s.temperature).fill("3");
    await page.getByLabel(s.longest).fill("5");
    await page.getByRole("button", { name: s.save }).click();
    await expect(page.getByText(s.tooBig)).toBeVisible();
    await expect(page.getByText(s.tooSmall)).toBeVisible();
    await expect(page.getByLabel(s.temperature)).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel(s.temperature).fill("0.3");
    await page.getByLabel(s.longest).fill("500");
    await page.getByLabel(s.answerLength).selectOption({ label: s.short });
    await page.getByLabel(s.knowledgeOnly).check();
    await page.getByLabel(s.fallback).fill("Our team will answer by email.");
    await page.getByLabel(s.messages, { exact: true }).fill("5");
    await page.getByLabel(s.seconds).fill("30");
    await page.getByLabel(s.retention).fill("30");
    await page.getByRole("button", { name: s.save }).click();
    await expect(page.getByRole("status").filter({ hasText: s.saved })).toBeVisible();

    const saved = await read();
    expect(saved.temperature).toBe(0.3);
    expect(saved.answerLength).toBe("short");
    expect(saved.knowledgeOnly).toBe(true);
    expect(saved.fallbackMessage).toBe("Our team will answer by email.");
    expect(saved.rateLimit).toEqual({ messages: 5, seconds: 30 });
    expect(saved.retentionDays).toBe(30);
    expect(saved.instructions).toContain(s.supportText);
    await expect(page.getByLabel(s.knowledgeOnly)).toBeChecked();

    // The form now stands on the saved version: a second save goes through too.
    await page.getByLabel(s.retention).fill("60");
    await page.getByRole("button", { name: s.save }).click();
    await expect.poll(async () => (await read()).retentionDays).toBe(60);

    await screenshotBothModes(page, "xbot-settings");
    await expectNoAxeViolations(page);

    // The deployment has a chat model: no notice that the bot would answer with its fallback.
    await expect(page.getByRole("note").filter({ hasText: s.noModel })).toHaveCount(0);
  });

  test(`appearance: the live preview follows the form, and a save keeps it (${lang})`, async ({
    page,
  }) => {
    const account = await signIn(page);
    const { read } = await makeBot(page.request, account);
    await page.goto(`${prefix}/x-bot/appearance`);

    // The real widget, in its shadow root (Playwright's locators pierce open ones).
    const preview = page.getByTestId("appearance-preview");
    await expect(preview.locator("qalam-bot")).toHaveCount(1);
    await expect(preview.getByRole("heading", { name: "Support" })).toBeVisible();
    const host = preview.locator("qalam-bot");
    expect(await host.evaluate((element) => Boolean(element.shadowRoot))).toBe(true);

    await page.getByLabel(s.headerTitle).fill(s.title);
    await expect(preview.getByRole("heading", { name: s.title })).toBeVisible();
    // Not saved yet: the bot still has none.
    expect((await read()).appearance.headerTitle).toBe("");
    const shadowTitle = await host.evaluate(
      (element) => element.shadowRoot?.querySelector("h2")?.textContent,
    );
    expect(shadowTitle).toBe(s.title);

    // A light accent on the light widget: a warning, and the preview takes the colour.
    await page.getByLabel(s.theme).selectOption("light");
    await expect(page.getByTestId("contrast-note")).not.toContainText(s.lowContrast);
    await page.getByLabel(s.accent).fill("#ffee00");
    await expect(page.getByTestId("contrast-note")).toContainText(s.lowContrast);
    await expect
      .poll(() =>
        host.evaluate((element) =>
          (element.shadowRoot?.querySelector(".qb") as HTMLElement | null)?.style.getPropertyValue(
            "--qb-accent",
          ),
        ),
      )
      .toBe("#ffee00");
    await page.getByLabel(new RegExp(s.position)).check();
    // Bottom start: the left in English, the right in Arabic.
    const frame = await preview.boundingBox();
    const launcher = await preview.locator(".launcher").boundingBox();
    if (!frame || !launcher) throw new Error("no preview");
    const onTheLeft = launcher.x + launcher.width / 2 < frame.x + frame.width / 2;
    expect(onTheLeft).toBe(lang === "en");

    await screenshotBothModes(page, "xbot-appearance");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: s.saveLook }).click();
    await expect(page.getByRole("status").filter({ hasText: s.savedLook })).toBeVisible();
    const saved = await read();
    expect(saved.appearance.headerTitle).toBe(s.title);
    expect(saved.appearance.accentColor).toBe("#ffee00");
    expect(saved.appearance.position).toBe("start");
    expect(saved.appearance.theme).toBe("light");
    await page.reload();
    await expect(page.getByLabel(s.headerTitle)).toHaveValue(s.title);
    await expect(page.getByLabel(s.accent)).toHaveValue("#ffee00");
    await expect(preview.getByRole("heading", { name: s.title })).toBeVisible();
  });
}

test.describe("x-bot settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test("the server refuses bad input by its field, a stale form, and saves", async ({ page }) => {
    const account = await registerAccount(page.request);
    await signIn(page, account);
    const { bot, headers } = await makeBot(page.request, account);
    await page.goto("/x-bot/settings");
    await page.getByLabel("Temperature").fill("3");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter 2 or less.")).toBeVisible();
    await expect(page.getByLabel("Temperature")).toHaveAttribute("aria-invalid", "true");

    // Someone else saves meanwhile: this form's save is refused, and says so.
    const changed = await page.request.patch(`/api/v1/bots/${bot.id}`, {
      headers,
      data: { version: bot.version, instructions: "Theirs" },
    });
    expect(changed.status()).toBe(200);
    await page.getByLabel("Temperature").fill("1");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("This bot changed meanwhile")).toBeVisible();

    await page.goto("/x-bot/settings");
    await page.getByLabel("Temperature").fill("1");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("The settings are saved.")).toBeVisible();
    await expect(page.getByLabel("Temperature")).toHaveValue("1");

    await page.goto("/x-bot/appearance");
    await page.getByLabel("Header title").fill("No script");
    await page.getByLabel("Welcome message 1").fill("Hello there");
    await page.getByRole("button", { name: "Save appearance" }).click();
    await expect(page.getByText("The appearance is saved.")).toBeVisible();
    await expect(page.getByLabel("Header title")).toHaveValue("No script");
    await expect(page.getByLabel("Welcome message 2")).toHaveValue("");
  });
});

test.describe("x-bot settings for a viewer", () => {
  test("settings and appearance are read-only", async ({ page }) => {
    const owner = await registerAccount(page.request);
    const viewer = await registerAccount(page.request);
    await joinOrganization(page.request, owner, viewer, "viewer");
    await makeBot(page.request, owner);
    await signIn(page, viewer);
    await page.goto("/x-bot/settings");
    await expect(page.getByLabel("Temperature")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save settings" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Use template" })).toHaveCount(0);
    await page.goto("/x-bot/appearance");
    await expect(page.getByLabel("Header title")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save appearance" })).toHaveCount(0);
  });
});
