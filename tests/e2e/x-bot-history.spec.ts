import type { APIRequestContext } from "@playwright/test";
import { type FakeAiServer, startFakeAiServer } from "../support/fake-ai-server";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  openHydrated,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { messagesOf } from "./support/messages";

let fake: FakeAiServer;
test.beforeAll(async () => {
  fake = await startFakeAiServer();
});
test.afterAll(() => fake.close());

const site = "http://shop.localhost";

/** A visitor's question to the bot from the site, read to the end of its answer. */
async function askAsVisitor(request: APIRequestContext, publicId: string, text: string) {
  const headers = { origin: site };
  const started = await request.post(`/api/v1/public/bots/${publicId}/conversations`, {
    headers,
    data: { locale: "en" },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { conversationId, token } = await started.json();
  const sent = await request.post(
    `/api/v1/public/bots/${publicId}/conversations/${conversationId}/messages`,
    {
      headers: { ...headers, Authorization: `Bearer ${token}` },
      data: { text, clientMessageId: crypto.randomUUID() },
    },
  );
  expect(sent.status(), await sent.text()).toBe(200);
}

const journeys = [
  {
    prefix: "",
    language: "en",
    title: "Returns policy",
    text: "# Refunds\n\nRefunds are paid within five working days of the parcel's return.",
    question: "How long do refunds take?",
    reply: "Refunds take five working days [1].",
    improved: "Refunds are paid within five working days of the parcel reaching us.",
  },
  {
    prefix: "/ar",
    language: "ar",
    title: "سياسة الإرجاع",
    text: "# المبالغ المستردة\n\nتُردّ المبالغ خلال خمسة أيام عمل من إرجاع الطرد.",
    question: "كم يستغرق استرداد المبلغ؟",
    reply: "خلال خمسة أيام عمل [1].",
    improved: "تُردّ المبالغ خلال خمسة أيام عمل من وصول الطرد إلينا.",
  },
] as const;

for (const k of journeys) {
  test(`the history lists visitors' conversations and shows each answer's sources and model (${k.language})`, async ({
    page,
  }) => {
    const t = messagesOf(k.language);
    const account = await signIn(page);
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const me = await (await page.request.get("/api/v1/user", { headers })).json();
    const organizationId = me.account.currentOrganizationId;
    const chat = await page.request.put(`/api/v1/organizations/${organizationId}/ai/chat`, {
      headers,
      data: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "history-chat",
        apiKey: fake.apiKey,
      },
    });
    expect(chat.status(), await chat.text()).toBe(200);
    const made = await page.request.post("/api/v1/bots", {
      headers,
      data: { name: "Support", status: "live", allowedDomains: ["shop.localhost"] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const bot = (await made.json()) as { id: string; publicId: string };
    await page.request.put("/api/v1/user/current-bot", { headers, data: { botId: bot.id } });

    // Before anyone talks to it: the history says where conversations will come from.
    await openHydrated(page, `${k.prefix}/x-bot/history`);
    await expect(page.getByRole("heading", { name: t("history.empty.title") })).toBeVisible();

    const source = await page.request.post(`/api/v1/bots/${bot.id}/knowledge/sources`, {
      headers,
      data: { kind: "text", title: k.title, text: k.text },
    });
    expect(source.status(), await source.text()).toBe(201);
    const { id: sourceId } = await source.json();
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.get(`/api/v1/bots/${bot.id}/knowledge/sources/${sourceId}`, {
                headers,
              })
            ).json()
          ).status,
        { timeout: 30_000 },
      )
      .toBe("ready");
    fake.reply = k.reply;
    await askAsVisitor(page.request, bot.publicId, k.question);

    // The overview's latest conversations lead to their transcript in the history.
    await openHydrated(page, `${k.prefix}/x-bot`);
    await page.getByRole("link", { name: k.question }).click();
    await expect(page).toHaveURL(new RegExp(`${k.prefix}/x-bot/history\\?conversation=\\d+$`));
    const list = page.getByRole("list", { name: t("history.list.label") });
    const conversation = list.getByRole("link", { name: new RegExp(k.question) });
    await expect(conversation).toHaveAttribute("aria-current", "true");
    const transcript = page.getByRole("article");
    await expect(transcript).toContainText(k.question);
    await expect(transcript).toContainText(k.reply);
    await expect(transcript).toContainText(t("history.transcript.sources"));
    await expect(transcript.getByText(k.title, { exact: true })).toBeVisible();
    await expect(transcript).toContainText("history-chat");
    await screenshotBothModes(page, "xbot-history");
    await expectNoAxeViolations(page);

    // The export follows the list's filters: a message a row, the page's language's address too.
    const exportCsv = page.getByRole("link", { name: t("history.export.csv") });
    await expect(exportCsv).toHaveAttribute("href", `${k.prefix}/x-bot/history/export?format=csv`);
    const download = await page.request.get(`${k.prefix}/x-bot/history/export?format=csv`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("text/csv");
    const exported = await download.text();
    expect(exported).toContain(k.question);
    expect(exported).toContain("history-chat");

    // A search that matches nothing says so, and clears back to the whole list.
    const search = page.getByRole("searchbox", { name: t("filters.search") });
    await search.fill("zzzz");
    await page.getByRole("button", { name: t("filters.apply") }).click();
    await expect(page.getByRole("heading", { name: t("history.noMatch.title") })).toBeVisible();
    await page.getByRole("link", { name: t("history.noMatch.clear") }).click();
    await expect(list.getByRole("link", { name: new RegExp(k.question) })).toBeVisible();

    // "Improve answer" writes the right answer into the bot's knowledge, as a question and answer.
    await list.getByRole("link", { name: new RegExp(k.question) }).click();
    await transcript.getByRole("link", { name: t("history.improve.open") }).click();
    const improve = page.getByRole("form", { name: t("history.improve.title") });
    await expect(improve.getByLabel(t("history.improve.question"))).toHaveValue(k.question);
    await expect(improve.getByLabel(t("history.improve.answer"))).toHaveValue(k.reply);
    await improve.getByLabel(t("history.improve.answer")).fill("");
    await improve.getByRole("button", { name: t("history.improve.submit") }).click();
    await expect(improve.getByText(t("validation:required"))).toBeVisible();
    await improve.getByLabel(t("history.improve.answer")).fill(k.improved);
    await screenshotBothModes(page, "xbot-history-improve");
    await expectNoAxeViolations(page);
    await improve.getByRole("button", { name: t("history.improve.submit") }).click();
    await expect(page.getByText(t("common:notices.answer-improved"))).toBeVisible();
    await expect(improve).toHaveCount(0);
    await expect(transcript).toContainText(k.reply);
    const pairs = await (
      await page.request.get(`/api/v1/bots/${bot.id}/knowledge/qa`, { headers })
    ).json();
    expect(pairs.items).toMatchObject([{ question: k.question, answer: k.improved }]);
  });
}

test.describe("improving an answer without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hydration: false });
  test("the server refuses an empty answer by its field, then adds the pair", async ({ page }) => {
    const t = messagesOf("en");
    const account = await signIn(page);
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const made = await page.request.post("/api/v1/bots", {
      headers,
      data: { name: "Support", status: "live", allowedDomains: ["shop.localhost"] },
    });
    const bot = (await made.json()) as { id: string; publicId: string };
    await page.request.put("/api/v1/user/current-bot", { headers, data: { botId: bot.id } });
    // Without a chat model the bot answers with its fallback message: an answer to improve.
    await askAsVisitor(page.request, bot.publicId, "Do you ship to Jeddah?");

    await page.goto("/x-bot/history");
    await page.getByRole("link", { name: /Do you ship to Jeddah\?/ }).click();
    await page.getByRole("link", { name: t("history.improve.open") }).click();
    const improve = page.getByRole("form", { name: t("history.improve.title") });
    await improve.getByLabel(t("history.improve.answer")).fill("");
    await improve.getByRole("button", { name: t("history.improve.submit") }).click();
    await expect(improve.getByText(t("validation:required"))).toBeVisible();
    await expect(improve.getByLabel(t("history.improve.question"))).toHaveValue(
      "Do you ship to Jeddah?",
    );
    await improve.getByLabel(t("history.improve.answer")).fill("Yes, within two days.");
    await improve.getByRole("button", { name: t("history.improve.submit") }).click();
    await expect(page.getByText(t("common:notices.answer-improved"))).toBeVisible();
    const pairs = await (
      await page.request.get(`/api/v1/bots/${bot.id}/knowledge/qa`, { headers })
    ).json();
    expect(pairs.items).toMatchObject([
      { question: "Do you ship to Jeddah?", answer: "Yes, within two days." },
    ]);
  });
});
