import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import {
  type Account,
  apiToken,
  expect,
  expectNoAxeViolations,
  openHydrated,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { appShellLabels } from "./support/labels";

/** A new organization over the API; the API makes it the current one. */
async function createOrganization(request: APIRequestContext, account: Account, name: string) {
  const response = await request.post("/api/v1/organizations", {
    headers: { Authorization: `Bearer ${await apiToken(request, account)}` },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function createWorkspace(
  request: APIRequestContext,
  account: Account,
  data: { name: string; description: string; color: string },
) {
  const response = await request.post("/api/v1/workspaces", {
    headers: { Authorization: `Bearer ${await apiToken(request, account)}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as string;
}

/** Whether `mark` comes before `text` in the reading direction, in the DOM and on the screen. */
async function expectBefore(mark: Locator, text: Locator, direction: "ltr" | "rtl") {
  const following = await mark.evaluate(
    (node, other) => Boolean(node.compareDocumentPosition(other as Node) & 4),
    await text.elementHandle(),
  );
  expect(following).toBe(true);
  const a = await mark.boundingBox();
  const b = await text.boundingBox();
  if (!a || !b) throw new Error("not laid out");
  if (direction === "ltr") expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  else expect(a.x).toBeGreaterThanOrEqual(b.x + b.width);
}

const pageWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth as number);

for (const [prefix, l] of appShellLabels) {
  test.describe(`app shell ${prefix || "(en)"}`, () => {
    test("an unknown workspace or organization is a not-found page inside the app", async ({
      page,
    }) => {
      await signIn(page);
      for (const [path, back, list] of [
        [`/workspaces/${randomUUID()}`, l.backToWorkspaces, l.workspaces],
        [`/account/organization/${randomUUID()}`, l.backToOrganizations, l.organizations],
      ] as const) {
        const response = await page.goto(`${prefix}${path}`);
        expect(response?.status(), path).toBe(404);
        const main = page.getByRole("main");
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(l.notFound);
        await expect(main).toContainText(`${prefix}${path}`);
        // The app stays around the message: the sections, the organization, the user.
        await expect(page.getByRole("navigation", { name: l.sections })).toBeVisible();
        await expect(
          page.getByRole("button", { name: l.switcher("Nadia's Studio") }),
        ).toBeVisible();
        await expect(page.getByRole("button", { name: l.userMenu })).toBeVisible();
        await expectNoAxeViolations(page);
        if (path.startsWith("/workspaces")) await screenshotBothModes(page, "not-found-in-shell");

        // The way back is a link to the section's list.
        await openHydrated(page, `${prefix}${path}`);
        await main.getByRole("link", { name: back }).click();
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(list);
      }
    });

    test("the sidebar shows the current organization and switches to another", async ({ page }) => {
      const account = await registerAccount(page.request);
      await createOrganization(page.request, account, "Harbour Films");
      await signIn(page, account);
      await openHydrated(page, `${prefix}/dashboard`);

      const trigger = page.getByRole("button", { name: l.switcher("Harbour Films") });
      await expect(trigger).toContainText("Harbour Films");
      await trigger.click();
      const menu = page.getByRole("menu");
      const organizations = menu.getByRole("group", { name: l.switchLabel });
      const items = organizations.getByRole("menuitem");
      await expect(items).toHaveCount(2);
      // By name, the current one marked as such.
      await expect(items.nth(0)).toHaveAccessibleName(`Harbour Films ${l.current}`);
      await expect(items.nth(1)).toHaveAccessibleName("Nadia's Studio");
      await expect(menu.getByRole("menuitem", { name: l.all })).toHaveAttribute(
        "href",
        `${prefix}/account/organization`,
      );
      await expect(menu.getByRole("menuitem", { name: l.create, exact: true })).toHaveAttribute(
        "href",
        `${prefix}/account/organization/create`,
      );
      await expectNoAxeViolations(page);
      await screenshotBothModes(page, "organization-switcher");

      await organizations.getByRole("menuitem", { name: "Nadia's Studio" }).click();
      await expect(page).toHaveURL(`${prefix}/account/organization?notice=organization-switched`);
      await expect(page.getByRole("status")).toHaveText(l.switched);
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: l.switcher("Nadia's Studio") })).toBeVisible();

      // By keyboard: Enter opens the menu on the first organization, the current one (listed first),
      // the arrow moves to the next, and Enter switches to it.
      await page.getByRole("button", { name: l.switcher("Nadia's Studio") }).focus();
      await page.keyboard.press("Enter");
      await expect(items.nth(0)).toHaveAccessibleName(`Nadia's Studio ${l.current}`);
      await expect(items.nth(0)).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(organizations.getByRole("menuitem", { name: "Harbour Films" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: l.switcher("Harbour Films") })).toBeVisible();
    });

    test("without an organization the sidebar and the workspaces page offer to create one", async ({
      page,
    }) => {
      const account = await registerAccount(page.request);
      const token = await apiToken(page.request, account);
      const headers = { Authorization: `Bearer ${token}` };
      const [organization] = (
        await (await page.request.get("/api/v1/organizations", { headers })).json()
      ).items;
      const deleted = await page.request.delete(`/api/v1/organizations/${organization.id}`, {
        headers,
        params: { confirmName: organization.name },
      });
      expect(deleted.status()).toBe(204);
      await signIn(page, account);

      await page.goto(`${prefix}/workspaces`);
      const sidebar = page.getByRole("complementary");
      await expect(sidebar.getByRole("link", { name: l.createFirst })).toHaveAttribute(
        "href",
        `${prefix}/account/organization/create`,
      );
      const empty = page.getByRole("region", { name: l.noOrganization });
      await expect(empty.getByRole("link", { name: l.createFirst })).toHaveAttribute(
        "href",
        `${prefix}/account/organization/create`,
      );
      await expectNoAxeViolations(page);
      await screenshotBothModes(page, "no-organization");
    });

    test("at phone width the page takes the whole width and the sidebar opens from Menu", async ({
      page,
    }) => {
      await signIn(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await openHydrated(page, `${prefix}/dashboard`);
      const sidebar = page.locator("#app-sidebar");
      const menu = page.getByRole("link", { name: l.menu, exact: true });
      await expect(sidebar).toBeHidden();
      const main = await page.getByRole("main").boundingBox();
      if (!main) throw new Error("The page is not laid out");
      expect(main.width).toBeGreaterThan(380);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await expect(menu).toHaveAttribute("aria-expanded", "false");

      // Opened: focus on its Close, the drawer on the start side; Escape closes it, focus back.
      await menu.click();
      await expect(sidebar).toBeVisible();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await expect(sidebar.getByRole("link", { name: l.closeMenu })).toBeFocused();
      const drawer = await sidebar.boundingBox();
      if (!drawer) throw new Error("The drawer is not laid out");
      if (l.dir === "ltr") expect(drawer.x).toBeLessThanOrEqual(1);
      else expect(drawer.x + drawer.width).toBeGreaterThanOrEqual(389);
      await expectNoAxeViolations(page);
      await screenshotBothModes(page, "sidebar-phone-open");
      await page.keyboard.press("Escape");
      await expect(sidebar).toBeHidden();
      await expect(menu).toBeFocused();

      // A page chosen in it closes it.
      await menu.click();
      await sidebar.getByRole("link", { name: l.threads }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/threads`));
      await expect(sidebar).toBeHidden();

      // At a laptop's width the sidebar is always there, and Menu is not.
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(sidebar).toBeVisible();
      await expect(menu).toBeHidden();
    });

    test("a long workspace description wraps and the colour dot leads the title", async ({
      page,
    }) => {
      const account = await registerAccount(page.request);
      const name = `Launch${"W".repeat(94)}`;
      const id = await createWorkspace(page.request, account, {
        name,
        description: "x".repeat(500),
        color: "rose",
      });
      await signIn(page, account);

      await page.goto(`${prefix}/workspaces/${id}`);
      const header = page.getByRole("main").locator("header").first();
      await expect(header.getByRole("heading", { level: 1 })).toHaveText(name);
      expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
      await expectBefore(
        header.locator("[data-workspace-color]"),
        header.getByRole("heading", { level: 1 }),
        l.dir,
      );
      await expectNoAxeViolations(page);
      await screenshotBothModes(page, "workspace-long-text");

      await page.goto(`${prefix}/workspaces`);
      const card = page.getByRole("list", { name: l.workspaces }).getByRole("link");
      await expect(card).toContainText(name);
      expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
      await expectBefore(card.locator("[data-workspace-color]"), card.getByText(name), l.dir);
      await screenshotBothModes(page, "workspaces-long-text");
    });
  });
}

test("without JavaScript the sidebar leads to the organizations page, where switching works", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const account = await registerAccount(page.request);
  await createOrganization(page.request, account, "Harbour Films");
  await signIn(page, account);
  await page.goto("/dashboard");
  await page.getByRole("complementary").getByRole("link", { name: "All organizations" }).click();
  await expect(page).toHaveURL("/account/organization");
  await page.getByRole("button", { name: "Switch to Nadia's Studio" }).click();
  await expect(page.getByRole("status")).toHaveText("You are now working in this organization.");
  await expect(
    page.getByRole("button", {
      name: "Current organization: Nadia's Studio. Open the organization menu",
    }),
  ).toBeVisible();
  await context.close();
});

test("without JavaScript, Menu opens the sidebar at phone width and Close takes it away", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/dashboard");
  const sidebar = page.locator("#app-sidebar");
  await expect(sidebar).toBeHidden();
  await page.getByRole("link", { name: "Menu", exact: true }).click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole("link", { name: "Close the menu" }).click();
  await expect(sidebar).toBeHidden();
  await context.close();
});
