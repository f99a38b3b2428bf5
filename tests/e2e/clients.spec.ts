import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  apiToken,
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

/** A logo of one colour, as a PNG file to choose. */
const logoFile = async (background: string) => ({
  name: "logo.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 240, height: 160, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** Named and typed as a PNG, but not an image at all. */
const notAnImage = {
  name: "logo.png",
  mimeType: "image/png",
  buffer: Buffer.from("not really a picture"),
};

/** Waits for an image to be loaded, and says whether it could be decoded. */
const decoded = (image: Locator) =>
  expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
    )
    .toBe(true);

for (const [prefix, l] of clientLabels) {
  test.describe(`clients ${prefix || "(en)"}`, () => {
    test("reads a national phone number as one of the organization's country", async ({ page }) => {
      const account = await signIn(page);
      const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
      const me = await (await page.request.get("/api/v1/user", { headers })).json();
      await page.goto(`${prefix}/account/organization/${me.account.currentOrganizationId}`);
      await page.getByLabel(l.defaultCountry).selectOption({ label: l.saudiArabia });
      await page.getByRole("button", { name: l.saveOrganization, exact: true }).click();
      await expect(notice(page)).toHaveText(l.organizationSaved);
      await page.reload();
      await expect(page.getByLabel(l.defaultCountry)).toHaveValue("SA");

      await page.goto(`${prefix}/clients/new`);
      await page.getByLabel(l.name, { exact: true }).fill("Nile Bakery");
      await page.getByLabel(l.phone, { exact: true }).fill("050 123 4567");
      await page.getByRole("button", { name: l.submitNew }).click();
      await expect(notice(page)).toHaveText(l.created);
      await expect(page.getByRole("main")).toContainText("+966 50 123 4567");
    });

    test("adds, finds in Arabic, edits, resolves a conflict, deletes and restores a client", async ({
      page,
      context,
    }) => {
      const account = await signIn(page);
      await page.goto(`${prefix}/clients`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      const empty = page.getByRole("region", { name: l.emptyTitle });
      await expect(empty).toBeVisible();
      await screenshotBothModes(page, "clients-empty");
      await expectNoAxeViolations(page);

      // Bad input is refused in the form, and what was typed stays.
      await empty.getByRole("link", { name: l.addFirst }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.newTitle);
      await page.getByLabel(l.phone, { exact: true }).fill("call me");
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
      await expect(page.getByRole("main")).toContainText("+966 50 123 4567");
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

      // Its page tells what happened to it, newest first.
      await page.goto(clientUrl);
      const activity = page.getByRole("region", { name: l.activity }).getByRole("listitem");
      const actor = `${account.firstName} ${account.lastName}`;
      await expect(activity.first()).toContainText(l.activityRestored(actor));
      await expect(activity.filter({ hasText: l.activityTags(actor) })).toHaveCount(1);
    });

    test("gives a client a logo, shows it on its page and in the list, and takes it away", async ({
      page,
    }) => {
      await signIn(page);
      const name = "مدرسة النور";
      await page.goto(`${prefix}/clients/new`);
      await page.getByLabel(l.name, { exact: true }).fill(name);
      await page.getByLabel(l.logo, { exact: true }).setInputFiles(await logoFile("#0ea5e9"));
      await decoded(page.getByRole("img", { name: l.logoPreview }));
      await page.getByRole("button", { name: l.submitNew }).click();
      await expect(notice(page)).toHaveText(l.created);

      // Beside the name on its page, as the API serves it.
      const logo = page.getByRole("img", { name: l.logoOf(name) });
      await expect(logo).toHaveAttribute("src", /^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}\.webp$/);
      await decoded(logo);
      const first = (await logo.getAttribute("src")) as string;
      await screenshotBothModes(page, "client-logo");
      await expectNoAxeViolations(page);

      // Another one chosen on edit replaces it, and the first file is gone.
      await page.getByRole("link", { name: l.edit, exact: true }).click();
      await expect(page.getByRole("img", { name: l.logoPreview })).toHaveAttribute("src", first);
      await page.getByLabel(l.logo, { exact: true }).setInputFiles(await logoFile("#f97316"));
      await expect(page.getByRole("img", { name: l.logoPreview })).toHaveAttribute("src", /^blob:/);
      await screenshotBothModes(page, "client-logo-edit");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: l.save }).click();
      await expect(notice(page)).toHaveText(l.saved);
      await expect(logo).not.toHaveAttribute("src", first);
      await decoded(logo);
      const second = (await logo.getAttribute("src")) as string;
      expect((await page.request.get(first)).status()).toBe(404);

      // Small in the list, beside the name.
      await page.goto(`${prefix}/clients`);
      const row = page
        .getByRole("table", { name: l.list })
        .getByRole("row")
        .filter({ hasText: name });
      await expect(row.locator("img")).toHaveAttribute("src", second);
      await decoded(row.locator("img"));
      await screenshotBothModes(page, "clients-logos");
      await expectNoAxeViolations(page);

      // Taken away: its initials stand in, and its file is gone.
      await row.getByRole("link", { name }).click();
      await page.getByRole("link", { name: l.edit, exact: true }).click();
      await page.getByLabel(l.removeLogo).check();
      await expect(page.getByRole("img", { name: l.logoPreview })).toHaveCount(0);
      await page.getByRole("button", { name: l.save }).click();
      await expect(notice(page)).toHaveText(l.saved);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.getByRole("img", { name: l.logoOf(name) })).toHaveCount(0);
      await expect(page.locator("header").getByText("م\u200cن")).toBeVisible();
      expect((await page.request.get(second)).status()).toBe(404);
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
      // A cell a spreadsheet would run as a formula (a phone's +) is written after a '.
      expect(text).toContain("Al Noor School,company,lead,,office@alnoor.example,'+966501234567");
      expect(text).toContain("مكتبة الأمل");
    });
  });
}

test("a colleague's list and a client's page change as others change the clients", async ({
  page,
  browser,
}) => {
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

test.describe("client logos that will not do", () => {
  test("are refused as they are chosen, before anything is sent", async ({ page }) => {
    await signIn(page);
    await page.goto("/clients/new");
    const logo = page.getByLabel("Logo", { exact: true });
    await logo.setInputFiles(notAnImage);
    await expect(page.getByText("This file is not an image that can be read.")).toBeVisible();
    expect(await logo.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server refuses them on the logo field, and the other fields keep what was typed", async ({
      page,
    }) => {
      await signIn(page);
      const invalidImage = page.getByText("Choose a PNG, JPEG or WebP image.", { exact: true });

      // Refused by its type or size before the client is added.
      await page.goto("/clients/new");
      await page.getByLabel("Name", { exact: true }).fill("Gif Client");
      await page.getByLabel("Notes").fill("Keep these notes");
      await page.getByLabel("Logo", { exact: true }).setInputFiles({
        name: "logo.gif",
        mimeType: "image/gif",
        buffer: Buffer.from("GIF89a"),
      });
      await page.getByRole("button", { name: "Add client" }).click();
      await expect(invalidImage).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Gif Client");
      await expect(page.getByLabel("Notes")).toHaveValue("Keep these notes");
      await page.getByLabel("Logo", { exact: true }).setInputFiles({
        name: "big.png",
        mimeType: "image/png",
        buffer: Buffer.alloc(5 * 1024 * 1024 + 10_000),
      });
      await page.getByRole("button", { name: "Add client" }).click();
      await expect(page.getByText("The file is too large: at most 5 MB.")).toBeVisible();
      await expect(page.getByLabel("Notes")).toHaveValue("Keep these notes");
      // Past what the page reads at all, it still says so on the logo, not on the import.
      await page.getByLabel("Logo", { exact: true }).setInputFiles({
        name: "huge.png",
        mimeType: "image/png",
        buffer: Buffer.alloc(6 * 1024 * 1024),
      });
      await page.getByRole("button", { name: "Add client" }).click();
      await expect(page.getByText("The file is too large: at most 5 MB.")).toBeVisible();
      await page.goto("/clients");
      await expect(page.getByRole("region", { name: "No clients yet" })).toBeVisible();

      // Only the API can tell this one is not an image: the client is added without it, and its
      // edit page says why.
      await page.goto("/clients/new");
      await page.getByLabel("Name", { exact: true }).fill("Plain Client");
      await page.getByLabel("Logo", { exact: true }).setInputFiles(notAnImage);
      await page.getByRole("button", { name: "Add client" }).click();
      await expect(page).toHaveURL(
        /\/clients\/[0-9a-f-]{36}\/edit\?notice=client-created-without-logo&logoError=invalidImage$/,
      );
      await expect(page.getByRole("status")).toHaveText(
        "The client is added, without its logo: choose another image below.",
      );
      await expect(invalidImage).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Plain Client");

      // On edit the fields are saved and the logo refused; the next save goes on from there.
      await page.getByLabel("Name", { exact: true }).fill("Plain Client Renamed");
      await page.getByLabel("Logo", { exact: true }).setInputFiles(notAnImage);
      await page.getByRole("button", { name: "Save client" }).click();
      await expect(invalidImage).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Plain Client Renamed");
      await page.getByLabel("Logo", { exact: true }).setInputFiles(await logoFile("#16a34a"));
      await page.getByRole("button", { name: "Save client" }).click();
      await expect(page.getByRole("status")).toHaveText("The client is saved.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plain Client Renamed");
      await expect(page.getByRole("img", { name: "Logo of Plain Client Renamed" })).toBeVisible();
    });
  });
});
