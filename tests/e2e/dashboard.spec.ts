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
import { dashboardLabels } from "./support/labels";

for (const [prefix, l] of dashboardLabels) {
  test.describe(`dashboard ${prefix || "(en)"}`, () => {
    test("guides a new organization, then counts its work and shows it live", async ({
      page,
      browser,
    }) => {
      const owner = await signIn(page);
      await openHydrated(page, `${prefix}/dashboard`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);

      // A new organization: every step to do, nothing made, nothing happened.
      const checklist = page.getByRole("region", { name: l.checklist });
      for (const step of [
        l.stepProvider,
        l.stepTeammate,
        l.stepImage,
        l.stepThread,
        l.stepBot,
        l.stepKnowledge,
        l.stepEmbed,
      ]) {
        await expect(checklist.getByRole("link", { name: step as string })).toBeVisible();
      }
      await expect(page.getByRole("navigation", { name: l.quickActions })).toContainText(
        l.newThread as string,
      );
      await expect(page.getByRole("heading", { name: l.metrics("30") as string })).toBeVisible();
      const activity = page.getByRole("region", { name: l.activity });
      await expect(activity).toContainText(l.noActivity);
      await expect(page.getByRole("region", { name: l.usage })).toBeVisible();
      await screenshotBothModes(page, "dashboard-new");
      await expectNoAxeViolations(page);

      // A second tab follows what the organization does, without a reload.
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const watcher = await other.newPage();
      await signIn(watcher, owner);
      await openHydrated(watcher, `${prefix}/dashboard`);
      await expect(watcher.locator("aside [data-realtime]")).toHaveAttribute(
        "data-realtime",
        "live",
      );
      const token = await apiToken(page.request, owner);
      const created = await page.request.post("/api/v1/clients", {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: "مخبز النيل" },
      });
      expect(created.status()).toBe(201);
      const client = await created.json();
      const thread = await page.request.post("/api/v1/threads", {
        headers: { Authorization: `Bearer ${token}` },
        data: {},
      });
      expect(thread.status()).toBe(201);
      const item = watcher
        .getByRole("region", { name: l.activity })
        .getByRole("listitem")
        .filter({ hasText: l.createdClient("مخبز النيل") as string });
      await expect(item).toBeVisible();
      await expect(item.getByRole("link", { name: "مخبز النيل" })).toHaveAttribute(
        "href",
        `${prefix}/clients/${client.id}`,
      );
      await other.close();

      // The counts, for the period chosen.
      await page
        .getByRole("navigation", { name: l.range })
        .getByRole("link", { name: l.week as string })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard\\?days=7$`));
      await expect(page.getByRole("heading", { name: l.metrics("7") as string })).toBeVisible();
      const clients = page
        .getByRole("region", { name: l.metrics("7") as string })
        .getByRole("listitem")
        .filter({ hasText: l.clients as string });
      await expect(clients).toContainText("1");
      // Nothing made: no table of zeros. A thread made: its figures as a table too.
      const content = page.getByRole("region", { name: l.contentChart });
      await expect(content.getByText(l.table as string)).toHaveCount(0);
      const chart = page.getByRole("region", { name: l.conversationsChart });
      await chart.getByText(l.table as string).click();
      await expect(chart.getByRole("table")).toBeVisible();
      await screenshotBothModes(page, "dashboard-week");
      await expectNoAxeViolations(page);

      // Put away, the checklist stays away.
      await checklist.getByRole("button", { name: l.dismiss }).click();
      await expect(page.getByRole("region", { name: l.checklist })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      await expect(page.getByRole("region", { name: l.checklist })).toHaveCount(0);
    });

    test("shows a viewer the organization's usage, not each member's", async ({
      page,
      browser,
    }) => {
      const owner = await registerAccount(page.request);
      const viewer = await registerAccount(page.request);
      await joinOrganization(page.request, owner, viewer, "viewer");
      await signIn(page, owner);
      await page.goto(`${prefix}/dashboard`);
      await expect(page.getByRole("region", { name: l.usage })).toBeVisible();

      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const theirs = await other.newPage();
      await signIn(theirs, viewer);
      await theirs.goto(`${prefix}/dashboard`);
      const usage = theirs.getByRole("region", { name: l.usage });
      await expect(usage).toBeVisible();
      await expect(usage.getByRole("table", { name: l.byMember })).toHaveCount(0);
      await other.close();
    });
  });
}
