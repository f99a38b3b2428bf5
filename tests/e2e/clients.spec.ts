import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  joinOrganization,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { clientLabels } from "./support/labels";

const notice = (page: Page) => page.getByRole("status");

for (const [prefix, l] of clientLabels) {
  test.describe(`clients ${prefix || "(en)"}`, () => {
    test("adds, finds in Arabic, edits, resolves a conflict, deletes and restores a client", async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      await signIn(page);
      await page.goto(`${prefix}/clients`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      const empty = page.getByRole("region", { name: l.emptyTitle });
      await expect(empty).toBeVisible();
      await screenshotBothModes(page, "clients-empty");
      await expectNoAxeViolations(page);

      // Bad input is refused in the form, and what was typed stays.
      await empty.getByRole("link", { name: l.addFirst }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.newTitle);
      await page.getByLabel(l.phone, { exact: true }).fill("0501234567");
      await page.getByLabel(l.notes).fill("زيارة إلى المدرسة يوم الأحد");
      await page.getByRole("button", { name: l.submitNew }).click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(page.getByText(l.invalidPhone)).toBeVisible();
      await expect(page.getByLabel(l.name, { exact: true })).toBeFocused();
      await expect(page.getByLabel(l.notes)).toHaveValue("زيارة إلى المدرسة يوم الأحد");

      await page.getByLabel(l.name, { exact: true }).fill("مدرسة النور");
      await page.getByLabel(l.phone, { exact: true }).fill("+966 50 123 4567");
      await page.getByLabel(l.email, { exact: true }).fill("office@alnoor.example");
      await page.getByLabel(l.tags).fill("school, riyadh");
      await screenshotBothModes(page, "client-new");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: l.submitNew }).click();
      await expect(page).toHaveURL(
        new RegExp(`${prefix}/clients/[0-9a-f-]{36}\\?notice=client-created$`),
      );
      await expect(notice(page)).toHaveText(l.created);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("مدرسة النور");
      await expect(page.getByRole("main")).toContainText("+966501234567");
      await expect(page.getByRole("main")).toContainText(l.lead);
      await screenshotBothModes(page, "client");
      await expectNoAxeViolations(page);
      const clientUrl = page.url().replace(/\?.*$/, "");

      // Two tabs edit at once: the second save is refused, and says why.
      await page.getByRole("link", { name: l.edit, exact: true }).click();
      const other = await context.newPage();
      await other.goto(`${clientUrl}/edit`);
      await other.getByLabel(l.status).selectOption({ label: l.active });
      await other.getByRole("button", { name: l.save }).click();
      await expect(other.getByRole("status")).toHaveText(l.saved);
      await page.getByLabel(l.tags).fill("school, riyadh, vip");
      await page.getByRole("button", { name: l.save }).click();
      await expect(page.getByRole("alert").filter({ hasText: l.staleTitle })).toBeVisible();
      await expect(page.getByLabel(l.tags)).toHaveValue("school, riyadh, vip");
      await screenshotBothModes(page, "client-conflict");
      await page.goto(`${clientUrl}/edit`);
      await expect(page.getByLabel(l.status)).toHaveValue("active");
      await page.getByLabel(l.tags).fill("school, riyadh, vip");
      await page.getByRole("button", { name: l.save }).click();
      await expect(notice(page)).toHaveText(l.saved);
      await expect(page.getByRole("main")).toContainText("vip");
      await other.close();

      // Found by another spelling, and the match marked.
      await page.goto(`${prefix}/clients`);
      await page.getByRole("searchbox", { name: l.search }).fill("مدرسه");
      await page.getByRole("button", { name: l.apply }).click();
      const table = page.getByRole("table", { name: l.list });
      await expect(table.getByRole("row")).toHaveCount(2);
      await expect(table.locator("mark").first()).toHaveText("مدرسة");
      await screenshotBothModes(page, "clients-search");
      await expectNoAxeViolations(page);
      await page.getByRole("searchbox", { name: l.search }).fill("nothing like it");
      await page.getByRole("button", { name: l.apply }).click();
      await expect(page.getByRole("region", { name: l.noMatch })).toBeVisible();

      // Deleted, then brought back from the list's undo.
      await page.goto(clientUrl);
      await page.getByRole("button", { name: l.deleteButton }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.deleteConfirm }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/clients\\?deleted=`));
      await expect(page.getByRole("region", { name: l.emptyTitle })).toBeVisible();
      await page.getByRole("button", { name: l.undo }).click();
      await expect(notice(page)).toHaveText(l.restored);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("مدرسة النور");
    });

    test("imports clients from a CSV file after checking it, and exports them", async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`${prefix}/clients/new`);
      const csv = [
        "name,email,phone,tags",
        "Al Noor School,office@alnoor.example,+966501234567,school;riyadh",
        "Bad Phone,,0501234567,",
        "مكتبة الأمل,,,",
      ].join("\n");
      await page.getByLabel(l.csvFile, { exact: true }).setInputFiles({
        name: "clients.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csv),
      });
      await page.getByRole("button", { name: l.check }).click();
      await expect(page.getByRole("status").filter({ hasText: l.summary })).toBeVisible();
      await expect(page.getByRole("table")).toContainText("Bad Phone");
      await screenshotBothModes(page, "clients-import");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: l.addTwo }).click();
      await expect(page.getByRole("status").filter({ hasText: l.imported })).toBeVisible();
      const table = page.getByRole("table", { name: l.list });
      await expect(table.getByRole("row")).toHaveCount(3);

      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: l.exportCsv }).click();
      const file = await download;
      const text = readFileSync(await file.path(), "utf8");
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain("Al Noor School,company,lead,,office@alnoor.example,+966501234567");
      expect(text).toContain("مكتبة الأمل");
    });
  });
}

test("a colleague's list and a client's page change as others change the clients", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await registerAccount(page.request);
  const colleague = await registerAccount(page.request, { firstName: "Rami" });
  await joinOrganization(page.request, owner, colleague);
  await signIn(page, owner);

  const other = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await signIn(other, colleague);
  await other.goto("/clients");
  await expect(other.getByRole("region", { name: "No clients yet" })).toBeVisible();
  await expect(other.locator("aside [data-realtime]")).toHaveAttribute("data-realtime", "live");

  await page.goto("/clients/new");
  await page.getByLabel("Name", { exact: true }).fill("Live Client");
  await page.getByRole("button", { name: "Add client" }).click();
  await expect(page.getByRole("status")).toHaveText("The client is added.");
  const list = other.getByRole("table", { name: "Clients" });
  await expect(list.getByRole("link", { name: "Live Client" })).toBeVisible();

  // The colleague opens it; the owner renames it.
  await list.getByRole("link", { name: "Live Client" }).click();
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Live Client");
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel("Name", { exact: true }).fill("Live Client Renamed");
  await page.getByRole("button", { name: "Save client" }).click();
  await expect(page.getByRole("status")).toHaveText("The client is saved.");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Live Client Renamed");
  await other.context().close();
});
