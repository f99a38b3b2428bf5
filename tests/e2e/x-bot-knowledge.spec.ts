import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { FAKE_AI_KEY, FAKE_AI_URL } from "../../playwright.config";
import {
  type Account,
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

/** A bot of `account`'s organization, made its current one. */
async function currentBot(request: APIRequestContext, account: Account) {
  const headers = { Authorization: `Bearer ${await apiToken(request, account)}` };
  const made = await request.post("/api/v1/bots", { headers, data: { name: "Support" } });
  expect(made.status()).toBe(201);
  const bot = (await made.json()) as { id: string };
  const chosen = await request.put("/api/v1/user/current-bot", {
    headers,
    data: { botId: bot.id },
  });
  expect(chosen.ok()).toBe(true);
  return { bot, headers };
}

const hours =
  "# Opening hours\n\nThe shop opens at nine in the morning and closes at five in the evening, " +
  "Sunday to Thursday.\n\n# Parking\n\nFree parking is behind the building.";

for (const [prefix, language] of [
  ["", "en"],
  ["/ar", "ar"],
] as const) {
  test(`a bot is taught a text and a question, and the test box finds them ${language}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const t = messagesOf(language);
    const account = await signIn(page);
    await currentBot(page.request, account);
    await openHydrated(page, `${prefix}/x-bot/knowledge`);

    // Nothing yet: the empty list says what knowledge is for.
    await expect(
      page.getByRole("heading", { name: t("knowledge.sources.empty.title") }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // A text: queued, then read by the job, the page following it live.
    const textForm = page.getByRole("form", { name: t("knowledge.add.text.title") });
    await textForm.getByLabel(t("knowledge.add.text.name"), { exact: true }).fill("Hours");
    await textForm.getByLabel(t("knowledge.add.text.text"), { exact: true }).fill(hours);
    await textForm.getByRole("button", { name: t("knowledge.add.text.submit") }).click();
    await expect(page.getByText(t("common:notices.knowledge-added"))).toBeVisible();
    // The form is empty again for the next one.
    await expect(textForm.getByLabel(t("knowledge.add.text.name"), { exact: true })).toHaveValue(
      "",
    );
    const source = page.getByTestId("knowledge-source").filter({ hasText: "Hours" });
    await expect(source.getByTestId("knowledge-source-status")).toHaveText(
      t("knowledge.statuses.ready"),
      { timeout: 60_000 },
    );
    await expect(source).toContainText(t("knowledge.kinds.text"));

    // A file: what cannot be read is refused with the reason; a Markdown file is read.
    const fileForm = page.getByRole("form", { name: t("knowledge.add.file.title") });
    const fileInput = fileForm.getByLabel(t("knowledge.add.file.file"), { exact: true });
    await fileInput.setInputFiles({
      name: "tool.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00]),
    });
    await fileForm.getByRole("button", { name: t("knowledge.add.file.submit") }).click();
    await expect(fileForm.getByRole("alert")).toHaveText(
      t("knowledge.errors.UNSUPPORTED_FILE_TYPE"),
    );
    await fileInput.setInputFiles({
      name: "returns.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Returns\n\nItems may be returned within thirty days."),
    });
    await fileForm.getByRole("button", { name: t("knowledge.add.file.submit") }).click();
    await expect(page.getByText(t("common:notices.knowledge-added"))).toBeVisible();
    const file = page.getByTestId("knowledge-source").filter({ hasText: "returns.md" });
    await expect(file.getByTestId("knowledge-source-status")).toHaveText(
      t("knowledge.statuses.ready"),
      { timeout: 60_000 },
    );
    await expect(file).toContainText(t("knowledge.kinds.file"));

    // Its passages, under their headings.
    await source
      .getByRole("link", { name: t("knowledge.sources.showChunksLabel", { title: "Hours" }) })
      .click();
    const chunks = source.getByTestId("knowledge-chunks");
    await expect(chunks).toContainText("nine in the morning");
    await expect(chunks).toContainText("Parking");
    await screenshotBothModes(page, "xbot-knowledge-sources");
    await expectNoAxeViolations(page);

    // A question with its answer.
    await page.getByRole("link", { name: t("knowledge.tabs.qa") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/knowledge\\?tab=qa$`));
    await expect(page.getByRole("heading", { name: t("knowledge.qa.empty.title") })).toBeVisible();
    const qaForm = page.getByRole("form", { name: t("knowledge.qa.add") });
    await qaForm.getByLabel(t("knowledge.qa.question"), { exact: true }).fill("Do you deliver?");
    await qaForm
      .getByLabel(t("knowledge.qa.answer"), { exact: true })
      .fill("Yes, anywhere in the city.");
    await qaForm.getByRole("button", { name: t("knowledge.qa.addSubmit") }).click();
    await expect(page.getByText(t("common:notices.knowledge-qa-saved"))).toBeVisible();
    await expect(qaForm.getByLabel(t("knowledge.qa.question"), { exact: true })).toHaveValue("");
    await expect(page.getByTestId("knowledge-qa")).toHaveCount(1);
    await expect(page.getByTestId("knowledge-qa")).toContainText("Do you deliver?");

    // Exported through the page's own address, with the session.
    for (const [name, type] of [
      ["knowledge.qa.exportCsv", "text/csv"],
      ["knowledge.qa.exportJsonl", "application/x-ndjson"],
    ] as const) {
      const href = await page.getByRole("link", { name: t(name) }).getAttribute("href");
      const exported = await page.request.get(href ?? "");
      expect(exported.status()).toBe(200);
      expect(exported.headers()["content-type"]).toContain(type);
      expect(exported.headers()["content-disposition"]).toContain("attachment");
      expect(await exported.text()).toContain("Do you deliver?");
    }

    // An import with a bad row adds nothing and names the row's line.
    await page.getByLabel(t("knowledge.qa.import.file"), { exact: true }).setInputFiles({
      name: "pairs.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "question,answer\nIs there parking?,Yes\n,An answer without a question\n",
      ),
    });
    await page.getByRole("button", { name: t("knowledge.qa.import.submit") }).click();
    const rows = page.getByTestId("knowledge-import-rows");
    await expect(rows).toContainText(t("knowledge.qa.import.row", { line: "3" }));
    await expect(page.getByTestId("knowledge-qa")).toHaveCount(1);

    // The test box: the text's passage, found by its words, and the pair.
    const box = page.getByRole("complementary", { name: t("knowledge.test.title") });
    await box
      .getByLabel(t("knowledge.test.question"), { exact: true })
      .fill("When does the shop open? Do you deliver?");
    await box.getByRole("button", { name: t("knowledge.test.submit") }).click();
    const found = box.getByTestId("knowledge-test-chunk").first();
    await expect(found).toContainText("Hours");
    await expect(found).toContainText("nine in the morning");
    await expect(found).toContainText(t("knowledge.test.foundBy.text"));
    await expect(box.getByTestId("knowledge-test-qa").first()).toContainText("Do you deliver?");
    await screenshotBothModes(page, "xbot-knowledge-qa");
    await expectNoAxeViolations(page);

    // A good file adds its pairs.
    await page.getByLabel(t("knowledge.qa.import.file"), { exact: true }).setInputFiles({
      name: "pairs.jsonl",
      mimeType: "application/x-ndjson",
      buffer: Buffer.from('{"question":"Is there parking?","answer":"Behind the building."}\n'),
    });
    await page.getByRole("button", { name: t("knowledge.qa.import.submit") }).click();
    await expect(page.getByText(t("common:notices.knowledge-qa-imported"))).toBeVisible();
    const pairs = page.getByTestId("knowledge-qa");
    await expect(pairs).toHaveCount(2);

    // Edited in its place, then deleted after the question.
    await page
      .getByRole("link", { name: t("knowledge.qa.editLabel", { question: "Do you deliver?" }) })
      .click();
    const editForm = page.getByRole("form", { name: t("knowledge.qa.editTitle") });
    await editForm
      .getByLabel(t("knowledge.qa.answer"), { exact: true })
      .fill("Yes, anywhere in the city, the same day.");
    await editForm.getByRole("button", { name: t("knowledge.qa.save") }).click();
    await expect(page.getByText(t("common:notices.knowledge-qa-saved"))).toBeVisible();
    await expect(pairs.filter({ hasText: "Do you deliver?" })).toContainText("the same day");
    await page
      .getByRole("button", {
        name: t("knowledge.qa.deleteLabel", { question: "Is there parking?" }),
      })
      .click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(t("knowledge.qa.confirmDelete.title"));
    await dialog.getByRole("button", { name: t("knowledge.qa.confirmDelete.confirm") }).click();
    await expect(page.getByText(t("common:notices.knowledge-qa-deleted"))).toBeVisible();
    await expect(pairs).toHaveCount(1);

    // With a rerank model of the organization's own, the test box says it reordered the passages,
    // and gives each its score.
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const me = await (await page.request.get("/api/v1/user", { headers })).json();
    const rerank = await page.request.put(
      `/api/v1/organizations/${me.account.currentOrganizationId}/ai/rerank`,
      {
        headers,
        data: {
          provider: "openai-compatible",
          baseUrl: FAKE_AI_URL,
          model: "reverse-rerank",
          apiKey: FAKE_AI_KEY,
        },
      },
    );
    expect(rerank.status()).toBe(200);
    await box.getByRole("button", { name: t("knowledge.test.submit") }).click();
    await expect(box).toContainText(
      t("knowledge.test.reranked", { model: "reverse-rerank" }).replace(/<\/?ltr>/g, ""),
    );
    await expect(found).toContainText(t("knowledge.test.relevance", { score: "1" }));
  });
}

test.describe("x-bot knowledge without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hydration: false });
  test("a source is deleted after the question in the page", async ({ page }) => {
    const t = messagesOf("en");
    const account = await signIn(page);
    const { bot, headers } = await currentBot(page.request, account);
    const made = await page.request.post(`/api/v1/bots/${bot.id}/knowledge/sources`, {
      headers,
      data: { kind: "text", title: "Old prices", text: "Tea costs two pounds." },
    });
    expect(made.status()).toBe(201);
    await page.goto("/x-bot/knowledge");
    await page
      .getByRole("button", { name: t("knowledge.sources.deleteLabel", { title: "Old prices" }) })
      .click();
    await expect(page.getByRole("alertdialog")).toContainText(
      t("knowledge.sources.confirmDelete.title", { title: "Old prices" }),
    );
    await page.getByRole("button", { name: t("knowledge.sources.confirmDelete.confirm") }).click();
    await expect(page.getByText(t("common:notices.knowledge-deleted"))).toBeVisible();
    await expect(page.getByTestId("knowledge-source")).toHaveCount(0);
  });

  test("a document of the organization becomes a source", async ({ page }) => {
    const t = messagesOf("en");
    const account = await signIn(page);
    const { headers } = await currentBot(page.request, account);
    const created = await page.request.post("/api/v1/documents", {
      headers,
      data: { title: "Price list", content: "<p>Tea costs two pounds.</p>" },
    });
    expect(created.status()).toBe(201);
    await page.goto("/x-bot/knowledge");
    const form = page.getByRole("form", { name: t("knowledge.add.document.title") });
    await form.getByLabel(t("knowledge.add.document.document"), { exact: true }).selectOption({
      label: "Price list",
    });
    await form.getByRole("button", { name: t("knowledge.add.document.submit") }).click();
    await expect(page.getByText(t("common:notices.knowledge-added"))).toBeVisible();
    const source = page.getByTestId("knowledge-source");
    await expect(source).toContainText("Price list");
    await expect(source).toContainText(t("knowledge.kinds.document"));
  });
});

test("a viewer sees the bot's knowledge and may test it, but not change it", async ({ page }) => {
  const t = messagesOf("en");
  const owner = await registerAccount(page.request);
  const viewer = await registerAccount(page.request);
  const { bot, headers } = await currentBot(page.request, owner);
  const made = await page.request.post(`/api/v1/bots/${bot.id}/knowledge/sources`, {
    headers,
    data: { kind: "text", title: "Hours", text: hours },
  });
  expect(made.status()).toBe(201);
  await joinOrganization(page.request, owner, viewer, "viewer");
  const viewerHeaders = { Authorization: `Bearer ${await apiToken(page.request, viewer)}` };
  await page.request.put("/api/v1/user/current-bot", {
    headers: viewerHeaders,
    data: { botId: bot.id },
  });
  await signIn(page, viewer);
  await openHydrated(page, "/x-bot/knowledge");
  await expect(page.getByText(t("knowledge.readOnly"))).toBeVisible();
  await expect(page.getByTestId("knowledge-source")).toContainText("Hours");
  await expect(page.getByRole("button", { name: t("knowledge.add.text.submit") })).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: t("knowledge.sources.deleteLabel", { title: "Hours" }) }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** A small site on loopback that a bot is taught from: a home page linking to a help page. */
async function serveSite() {
  const pages: Record<string, string> = {
    "/": `<!doctype html><html><head><title>Nour Shop</title></head><body>
<nav><a href="/help">Help</a></nav><main><h1>Nour Shop</h1>
<p>Handmade ceramics from Amman, shipped across the Gulf.</p></main>
<footer>All rights reserved</footer></body></html>`,
    "/help": `<!doctype html><html><head><title>Help</title></head><body>
<main><h1>Help</h1><p>Orders leave the workshop within two working days.</p></main></body></html>`,
  };
  const server = createServer((request, response) => {
    const body = pages[new URL(request.url ?? "/", "http://site").pathname];
    response.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(body ?? "Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

for (const [prefix, language] of [
  ["", "en"],
  ["/ar", "ar"],
] as const) {
  test(`a bot is taught a website, its pages read and cited by address ${language}`, async ({
    page,
  }) => {
    const t = messagesOf(language);
    const { server, base } = await serveSite();
    try {
      const account = await signIn(page);
      await currentBot(page.request, account);
      await openHydrated(page, `${prefix}/x-bot/knowledge`);
      const form = page.getByRole("form", { name: t("knowledge.add.website.title") });
      const address = form.getByLabel(t("knowledge.add.website.url"), { exact: true });

      // Not a web address: said on the field, nothing added.
      await address.fill("ftp://files.example/a");
      await form.getByRole("button", { name: t("knowledge.add.website.submit") }).click();
      await expect(form.getByText(t("validation:invalidUrl"))).toBeVisible();

      await address.fill(`${base}/`);
      await form
        .getByLabel(t("knowledge.add.website.reach"))
        .selectOption({ label: t("knowledge.add.website.reaches.crawl") });
      await form.getByLabel(t("knowledge.add.website.depth")).fill("1");
      await form.getByRole("button", { name: t("knowledge.add.website.submit") }).click();
      await expect(page.getByText(t("common:notices.knowledge-added"))).toBeVisible();
      const source = page.getByTestId("knowledge-source").filter({ hasText: base.slice(7) });
      await expect(source.getByTestId("knowledge-source-status")).toHaveText(
        t("knowledge.statuses.ready"),
        { timeout: 60_000 },
      );
      await expect(source).toContainText(t("knowledge.kinds.crawl"));
      await expect(source.getByRole("link", { name: `${base}/` })).toHaveAttribute(
        "href",
        `${base}/`,
      );
      await source
        .getByRole("link", {
          name: t("knowledge.sources.showChunksLabel", { title: `${base.slice(7)}` }),
        })
        .click();
      const chunks = source.getByTestId("knowledge-chunks");
      await expect(chunks).toContainText("Handmade ceramics");
      await expect(chunks).toContainText("two working days");
      await expect(chunks).not.toContainText("All rights reserved");
      await screenshotBothModes(page, "xbot-knowledge-website");
      await expectNoAxeViolations(page);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
}
