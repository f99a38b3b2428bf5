import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  joinOrganization,
  openOrganizationSection,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { organizationLabels, organizationSectionLabels } from "./support/labels";

const png = () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();

const notice = (page: Page) => page.getByRole("status");

/** The id in /account/organization/{id}. */
function organizationIdOf(page: Page) {
  const id = /\/account\/organization\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id as string;
}

for (const [prefix, l] of organizationLabels) {
  test.describe(`organizations ${prefix || "(en)"}`, () => {
    test("creates a second organization, then switches back to the first", async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/account/organization`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      const list = page.getByRole("region", { name: l.listLabel });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list).toContainText("Nadia's Studio");
      await expect(list).toContainText(l.current);

      await page.getByRole("link", { name: l.create }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.create);
      await screenshotBothModes(page, "organization-create");
      await expectNoAxeViolations(page);
      await page.getByLabel(l.name).fill("Atlas Films");
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(
        /\/account\/organization\/[0-9a-f-]{36}\?notice=organization-created$/,
      );
      await expect(notice(page)).toHaveText(l.created);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Atlas Films");

      await page.goto(`${prefix}/account/organization`);
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await screenshotBothModes(page, "organizations");
      await expectNoAxeViolations(page);
      const atlas = list.getByRole("listitem").filter({ hasText: "Atlas Films" });
      await expect(atlas).toContainText(l.current);
      await page.getByRole("button", { name: l.switchTo("Nadia's Studio") }).click();
      await expect(notice(page)).toHaveText(l.switched);
      await expect(list.getByRole("listitem").filter({ hasText: "Nadia's Studio" })).toContainText(
        l.current,
      );
      await expect(atlas).not.toContainText(l.current);
    });

    test("pages and searches many organizations, and says when there may be no more", async ({
      page,
    }) => {
      const account = await registerAccount(page.request);
      const token = await apiToken(page.request, account);
      // Twenty more: 21 in all, one page and one more, as many as the test server allows.
      for (let i = 1; i <= 20; i++) {
        const created = await page.request.post("/api/v1/organizations", {
          headers: { Authorization: `Bearer ${token}` },
          data: { name: `Org ${String(i).padStart(2, "0")}` },
        });
        expect(created.status()).toBe(201);
      }
      await signIn(page, account);
      await page.goto(`${prefix}/account/organization`);
      const list = page.getByRole("region", { name: l.listLabel });
      await expect(list.getByRole("listitem")).toHaveCount(20);
      // The current organization (the last created) comes first.
      await expect(list.getByRole("listitem").first()).toContainText("Org 20");
      await expect(list.getByRole("listitem").first()).toContainText(l.current);
      const pages = page.getByRole("navigation", { name: l.pagesOfOrganizations });
      await expect(pages).toContainText(l.pageOf("1", "2"));
      await screenshotBothModes(page, "organizations-paged");
      await expectNoAxeViolations(page);
      await pages.getByRole("link", { name: l.next }).click();
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(pages).toContainText(l.pageOf("2", "2"));

      await page.getByRole("searchbox", { name: l.searchOrganizations }).fill("org 07");
      await page.getByRole("searchbox", { name: l.searchOrganizations }).press("Enter");
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list).toContainText("Org 07");
      await page.getByRole("searchbox", { name: l.searchOrganizations }).fill("zzz");
      await page.getByRole("searchbox", { name: l.searchOrganizations }).press("Enter");
      await expect(page.getByText(l.noOrganizationMatch)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: l.clearSearch }).click();
      await expect(list.getByRole("listitem")).toHaveCount(20);

      await page.goto(`${prefix}/account/organization/create`);
      await page.getByLabel(l.name).fill("One too many");
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.organizationLimit)).toBeVisible();
      await expect(page.getByLabel(l.name)).toHaveValue("One too many");
    });

    test("refuses an empty or too long name, and keeps what was typed", async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/account/organization/create`);
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(page.getByLabel(l.name)).toBeFocused();
      await page.getByLabel(l.name).evaluate((input) => input.removeAttribute("maxlength"));
      await page.getByLabel(l.name).fill("x".repeat(101));
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.tooLong)).toBeVisible();
      await expect(page.getByLabel(l.name)).toHaveValue("x".repeat(101));
      await page.goto(`${prefix}/account/organization`);
      await expect(
        page.getByRole("region", { name: l.listLabel }).getByRole("listitem"),
      ).toHaveCount(1);
    });

    test("renames with a new logo, and lists the owner as its only member", async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/account/organization`);
      await page.getByRole("link", { name: l.settingsOf("Nadia's Studio") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nadia's Studio");
      await screenshotBothModes(page, "organization-settings");
      await expectNoAxeViolations(page);

      await page.getByLabel(l.name).fill("Nadia & Co");
      await page.getByLabel(l.logo, { exact: true }).setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await png(),
      });
      await page.getByRole("button", { name: l.save, exact: true }).click();
      await expect(notice(page)).toHaveText(l.saved);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nadia & Co");
      await expect(page.locator("main img").first()).toHaveAttribute(
        "src",
        /\/api\/v1\/files\/avatars\//,
      );

      const s = (prefix ? organizationSectionLabels[1] : organizationSectionLabels[0])[1];
      await openOrganizationSection(page, s.sections, s.members);
      const members = page.getByRole("region", { name: l.members });
      await expect(members.getByRole("listitem")).toHaveCount(1);
      await expect(members).toContainText(l.you);
      await expect(members).toContainText(l.owner);
      await page.getByRole("searchbox").fill("zzz");
      await page.getByRole("button", { name: l.search, exact: true }).click();
      await expect(members).toContainText(l.noMatch);
    });

    test("deletes the organization once its name is typed exactly", async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/account/organization`);
      await page.getByRole("link", { name: l.settingsOf("Nadia's Studio") }).click();
      await page.getByRole("link", { name: l.ownerSettings }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.ownerSettings);
      await screenshotBothModes(page, "organization-owner");
      await expectNoAxeViolations(page);
      await expect(page.getByText(l.noAdmins)).toBeVisible();

      await page.getByLabel(l.confirmLabel("Nadia's Studio")).fill("Nadia Studio");
      await page.getByRole("button", { name: l.deleteButton }).click();
      await expect(page.getByText(l.mismatch)).toBeVisible();
      await expect(page.getByLabel(l.confirmLabel("Nadia's Studio"))).toBeFocused();

      await page.getByLabel(l.confirmLabel("Nadia's Studio")).fill("Nadia's Studio");
      await page.getByRole("button", { name: l.deleteButton }).click();
      await expect(page).toHaveURL(`${prefix}/account/organization?notice=organization-deleted`);
      await expect(notice(page)).toHaveText(l.deleted);
      await expect(page.getByText("Nadia's Studio")).toHaveCount(0);
    });
  });
}

test.describe("organization pages of others", () => {
  test("are not found, as the owner page is for anyone but the owner", async ({
    page,
    browser,
  }) => {
    await signIn(page);
    await page.goto("/account/organization");
    await page.getByRole("link", { name: "Settings of Nadia's Studio" }).click();
    await page.waitForURL(/\/account\/organization\/[0-9a-f-]{36}$/);
    const id = organizationIdOf(page);

    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const strangerPage = await stranger.newPage();
    await signIn(strangerPage, await registerAccount(strangerPage.request));
    for (const path of [`/account/organization/${id}`, `/account/organization/${id}/owner`]) {
      const response = await strangerPage.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    expect((await strangerPage.goto("/account/organization/not-an-id"))?.status()).toBe(404);
    const forged = await strangerPage.request.post(`/account/organization/${id}/owner`, {
      form: { intent: "delete", confirmName: "Nadia's Studio" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(404);
    await stranger.close();

    // Still there for its owner.
    expect((await page.goto(`/account/organization/${id}`))?.status()).toBe(200);
  });
});

test.describe("organization forms with bad input", () => {
  test("the settings keep the name on an empty one or a file that is not an image", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page);
    await page.goto("/account/organization");
    await page.getByRole("link", { name: "Settings of Nadia's Studio" }).click();
    await page.getByLabel("Organization name").fill("   ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await expect(page.getByLabel("Organization name")).toBeFocused();

    // A file that is not an image is refused as it is chosen, and never sent.
    const notAnImage = {
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("not really a picture"),
    };
    await page.getByLabel("Organization name").fill("Renamed Studio");
    const logo = page.getByLabel("Logo", { exact: true });
    await logo.setInputFiles(notAnImage);
    await expect(page.getByText("This file is not an image that can be read.")).toBeVisible();
    expect(await logo.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nadia's Studio");

    // Without JavaScript the server refuses it, and the name stays as it was.
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      userAgent: test.info().project.use.userAgent,
    });
    const plain = await context.newPage();
    await plain.context().addCookies(await page.context().cookies());
    await plain.goto(page.url());
    await plain.getByLabel("Organization name").fill("Renamed Studio");
    await plain.getByLabel("Logo", { exact: true }).setInputFiles(notAnImage);
    await plain.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      plain.getByText("Choose a PNG, JPEG or WebP image.", { exact: true }),
    ).toBeVisible();
    await plain.goto(page.url());
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Nadia's Studio");
    await context.close();
  });

  test("the transfer asks for an admin and the owner's password, then hands over", async ({
    page,
  }) => {
    const owner = await registerAccount(page.request);
    const admin = await registerAccount(page.request, { firstName: "Lina" });
    await joinOrganization(page.request, owner, admin, "admin");
    await signIn(page, owner);
    await page.goto("/account/organization");
    await page.getByRole("link", { name: "Settings of Nadia's Studio" }).click();
    await page.getByRole("link", { name: "Owner settings" }).click();

    const transfer = page.getByRole("region", { name: "Transfer ownership" });
    await transfer.getByRole("button", { name: "Transfer ownership" }).click();
    await expect(transfer.getByText("Choose the admin who becomes the owner.")).toBeVisible();
    await expect(transfer.getByText("This field is required.")).toBeVisible();

    await transfer.getByLabel("New owner").selectOption({ label: `Lina Karim (${admin.email})` });
    await transfer.getByLabel("Your password", { exact: true }).fill("not my password at all");
    await transfer.getByRole("button", { name: "Transfer ownership" }).click();
    await expect(transfer.getByText("Your current password is not correct.")).toBeVisible();

    await transfer.getByLabel("New owner").selectOption({ label: `Lina Karim (${admin.email})` });
    await transfer.getByLabel("Your password", { exact: true }).fill(owner.password);
    await transfer.getByRole("button", { name: "Transfer ownership" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "The organization has a new owner. You are now an admin.",
    );
    await expect(page.getByRole("link", { name: "Owner settings" })).toHaveCount(0);
    expect((await page.goto(`${new URL(page.url()).pathname}/owner`))?.status()).toBe(404);
  });
});
