import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
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
import { documentLabels } from "./support/labels";

const notice = (page: Page) => page.getByRole("status").first();

/** A client and a project for it, made over the API as any API client would. */
async function clientWithProject(request: APIRequestContext, account: Account) {
  const headers = { Authorization: `Bearer ${await apiToken(request, account)}` };
  const client = await request.post("/api/v1/clients", {
    headers,
    data: { name: "مدرسة النور", notes: "Private school in Riyadh" },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as string;
  const project = await request.post("/api/v1/projects", {
    headers,
    data: { name: "حملة المدرسة", clientId },
  });
  expect(project.status()).toBe(201);
  return { clientId, projectId: (await project.json()).id as string, headers };
}

for (const [prefix, l] of documentLabels) {
  test.describe(`documents ${prefix || "(en)"}`, () => {
    test("writes a document in a project, saves as it goes, and finds all three in Arabic", async ({
      page,
    }) => {
      const account = await signIn(page);
      const { projectId } = await clientWithProject(page.request, account);

      await page.goto(`${prefix}/documents`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      await screenshotBothModes(page, "documents-empty");
      await expectNoAxeViolations(page);

      await page.goto(`${prefix}/projects/${projectId}`);
      await page.getByRole("link", { name: l.newDocument }).click();
      await expect(
        page.getByRole("combobox", { name: l.project, exact: true }).first(),
      ).toHaveValue(projectId);
      // A document needs a title: the form says so, in the page's language, and keeps the rest.
      await page.getByRole("button", { name: l.create }).click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(
        page.getByRole("combobox", { name: l.project, exact: true }).first(),
      ).toHaveValue(projectId);
      await page.getByRole("textbox", { name: l.titleField, exact: true }).fill("خطة الزيارة");
      await page.getByRole("button", { name: l.create }).click();
      await expect(notice(page)).toHaveText(l.created);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("خطة الزيارة");

      const editor = page.getByRole("textbox", { name: l.text });
      await editor.click();
      await page.keyboard.type("زيارة المدرسة يوم الأحد مع فريق التصوير. ");
      await page.getByRole("button", { name: l.bold }).click();
      await page.keyboard.type("Bring the permits.");
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: l.taskList }).click();
      await page.keyboard.type("Book the hall");
      const status = page.getByRole("status", { name: l.saveStatus });
      await expect(status).toHaveText(l.saved, { timeout: 15_000 });
      // Each paragraph takes its own direction.
      await expect(editor.locator("p").first()).toHaveAttribute("dir", "auto");
      await screenshotBothModes(page, "document");
      await expectNoAxeViolations(page);

      // What was saved is what a new visit shows.
      await page.reload();
      await expect(page.getByRole("textbox", { name: l.text })).toContainText(
        "زيارة المدرسة يوم الأحد",
      );
      await expect(page.getByRole("textbox", { name: l.text }).locator("strong")).toHaveText(
        "Bring the permits.",
      );

      // One Arabic word, written another way, finds the client, the project and the document.
      for (const [path, name] of [
        ["/clients", "مدرسة النور"],
        ["/projects", "حملة المدرسة"],
        ["/documents", "خطة الزيارة"],
      ] as const) {
        await page.goto(`${prefix}${path}?q=${encodeURIComponent("مدرسه")}`);
        await expect(page.getByRole("table").getByRole("link", { name })).toBeVisible();
      }
      await expect(page.locator("table mark").first()).toHaveText("المدرسة");
      await screenshotBothModes(page, "documents-search");
      await expectNoAxeViolations(page);
    });
  });
}

test("two people save one document: the second sees both texts and keeps theirs as a copy", async ({
  page,
  browser,
}) => {
  const owner = await registerAccount(page.request);
  const colleague = await registerAccount(page.request, { firstName: "Huda" });
  await joinOrganization(page.request, owner, colleague);
  await signIn(page, owner);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, owner)}` };
  const created = await page.request.post("/api/v1/documents", {
    headers,
    data: { title: "Shared brief", content: "<p>First line.</p>" },
  });
  const { id } = await created.json();

  const other = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await signIn(other, colleague);
  await other.goto(`/documents/${id}`);
  await page.goto(`/documents/${id}`);
  await expect(page.locator("aside [data-realtime]")).toHaveAttribute("data-realtime", "live");

  // The colleague writes and saves first.
  const theirEditor = other.getByRole("textbox", { name: "Document text" });
  await theirEditor.click();
  await other.keyboard.press("End");
  await other.keyboard.type(" Their addition.");
  await expect(other.getByRole("status", { name: "Save status" })).toHaveText("Saved", {
    timeout: 15_000,
  });

  // The owner, who has not typed, sees it arrive.
  const myEditor = page.getByRole("textbox", { name: "Document text" });
  await expect(myEditor).toContainText("Their addition.");

  // The owner writes offline while the colleague saves again: the owner's save, once back
  // online, comes second and is refused.
  await myEditor.click();
  await page.keyboard.press("End");
  await page.context().setOffline(true);
  await page.keyboard.type(" My own ending.");
  await expect(page.getByRole("status", { name: "Save status" })).toContainText("Offline");
  await theirEditor.click();
  await other.keyboard.press("End");
  await other.keyboard.type(" More of theirs.");
  await expect(other.getByRole("status", { name: "Save status" })).toHaveText("Saved", {
    timeout: 15_000,
  });
  await page.context().setOffline(false);
  const conflict = page.getByRole("alert").filter({ hasText: "Someone else saved" });
  await expect(conflict).toBeVisible({ timeout: 15_000 });
  await expect(conflict).toContainText("More of theirs.");
  await expect(conflict).toContainText("My own ending.");
  await screenshotBothModes(page, "document-conflict");
  await expectNoAxeViolations(page);

  await conflict.getByRole("button", { name: "Keep mine as a copy" }).click();
  await expect(notice(page)).toContainText("Your text is kept as this new document");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shared brief (my copy)");
  await expect(page.getByRole("textbox", { name: "Document text" })).toContainText(
    "My own ending.",
  );
  const original = await (await page.request.get(`/api/v1/documents/${id}`, { headers })).json();
  expect(original.content).toContain("More of theirs.");
  expect(original.content).not.toContain("My own ending.");
  await other.context().close();
});

test("keeps versions, shows what changed, and restores one", async ({ page }) => {
  const account = await signIn(page);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
  const created = await page.request.post("/api/v1/documents", {
    headers,
    data: { title: "Script", content: "<p>The first draft.</p><p>المسودة الأولى.</p>" },
  });
  const { id } = await created.json();
  await page.goto(`/documents/${id}?panel=versions`);
  await page.getByLabel("Save this version").fill("Draft one");
  await page.getByRole("button", { name: "Save version" }).click();
  await expect(notice(page)).toHaveText("The version is saved in the history.");

  const editor = page.getByRole("textbox", { name: "Document text" });
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" A second thought.");
  await expect(page.getByRole("status", { name: "Save status" })).toHaveText("Saved", {
    timeout: 15_000,
  });

  await page.goto(`/documents/${id}?panel=versions`);
  await page.getByRole("link", { name: /Draft one/ }).click();
  const comparison = page.getByRole("region", { name: "Changes from this version to now" });
  await expect(comparison.locator("ins")).toContainText("second thought");
  // Each line takes its own direction: the Arabic one reads from the right.
  const arabicLine = comparison.locator("p[dir=auto]", { hasText: "المسودة" });
  await expect(arabicLine).toHaveAttribute("dir", "auto");
  await expect(arabicLine).toHaveCSS("direction", "rtl");
  await expect(comparison.locator("p[dir=auto]", { hasText: "The first draft." })).toHaveCSS(
    "direction",
    "ltr",
  );
  await screenshotBothModes(page, "document-versions");
  await expectNoAxeViolations(page);
  // The same comparison in Arabic; the language it remembers is forgotten after.
  const english = new URL(page.url());
  await page.goto(`/ar${english.pathname}${english.search}`);
  const arabicComparison = page.locator('section[aria-labelledby="comparison-title"]');
  await expect(arabicComparison.locator("p[dir=auto]", { hasText: "The first draft." })).toHaveCSS(
    "direction",
    "ltr",
  );
  await expect(arabicComparison.locator("p[dir=auto]", { hasText: "المسودة" })).toHaveCSS(
    "direction",
    "rtl",
  );
  await screenshotBothModes(page, "document-versions");
  await page.context().clearCookies({ name: "locale" });
  await page.goto(`${english.pathname}${english.search}`);
  await comparison.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await expect(notice(page)).toHaveText(
    "The version is restored. The text it replaced is in the history.",
  );
  await expect(page.getByRole("textbox", { name: "Document text" })).not.toContainText(
    "second thought",
  );

  // Printing shows the document alone.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation").first()).toBeHidden();
  await expect(page.locator("[data-print-root]")).toContainText("The first draft.");
  await page.emulateMedia({ media: "screen" });
});

test("imports a Markdown file and exports it back, and deletes with undo", async ({ page }) => {
  await signIn(page);
  await page.goto("/documents/new");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Meeting notes\n\n- [x] Call the school\n- [ ] Book the hall\n"),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(notice(page)).toHaveText("The file is imported as a new document.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meeting notes");
  await expect(page.getByRole("textbox", { name: "Document text" })).toContainText(
    "Call the school",
  );

  // An image goes in through the storage, re-encoded, under a name of its own.
  await page.getByRole("textbox", { name: "Document text" }).click();
  await page.keyboard.press("Control+End");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Insert an image" }).click();
  await (await chooser).setFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer(),
  });
  const image = page.getByRole("textbox", { name: "Document text" }).locator("img");
  await expect(image).toHaveAttribute("src", /^\/api\/v1\/files\/documents\/[0-9a-f-]{36}\.webp$/);
  await expect(image).toHaveAttribute("alt", "photo");
  await expect(page.getByRole("status", { name: "Save status" })).toHaveText("Saved", {
    timeout: 15_000,
  });

  await page.getByText("Export", { exact: true }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Markdown (.md)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Meeting notes.md");
  expect(readFileSync(await file.path(), "utf8")).toMatch(
    /^# Meeting notes\n\n- \[x\] Call the school\n- \[ \] Book the hall\n\n!\[photo\]\(\/api\/v1\/files\/documents\/[0-9a-f-]{36}\.webp\)\n$/,
  );

  // A file that is not a Word document says so.
  await page.goto("/documents/new");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "report.docx",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("not a zip"),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("This file is not a Word document (.docx).")).toBeVisible();

  await page.goto("/documents");
  await page.getByRole("link", { name: "Meeting notes" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete document" }).click();
  await expect(page.getByText("The document is deleted.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(notice(page)).toHaveText("The document is restored.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a document is written and saved as Markdown", async ({ page }) => {
    const account = await signIn(page);
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const created = await page.request.post("/api/v1/documents", {
      headers,
      data: { title: "Plain", content: "<p>Hello</p>" },
    });
    const { id } = await created.json();
    await page.goto(`/documents/${id}`);
    const text = page.getByLabel("Text", { exact: true });
    await expect(text).toHaveValue("Hello\n");
    await text.fill("## Plan\n\n- [ ] Call\n\n**Done**");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notice(page)).toHaveText("The document is saved.");
    const saved = await (await page.request.get(`/api/v1/documents/${id}`, { headers })).json();
    expect(saved.content).toContain("<h2>Plan</h2>");
    expect(saved.content).toContain('data-type="taskItem"');
    await expect(page.getByLabel("Text", { exact: true })).toHaveValue(
      "## Plan\n\n- [ ] Call\n\n**Done**\n",
    );
  });
});
