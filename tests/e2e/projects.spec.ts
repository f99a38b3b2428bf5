import type { Page } from "@playwright/test";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { clientLabels, projectLabels } from "./support/labels";

const notice = (page: Page) => page.getByRole("status");

for (const [index, [prefix, l]] of projectLabels.entries()) {
  const c = clientLabels[index]?.[1] as (typeof clientLabels)[number][1];
  test.describe(`projects ${prefix || "(en)"}`, () => {
    test("starts a project from its client's page, and moves it across the board", async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`${prefix}/clients/new`);
      await page.getByLabel(c.name, { exact: true }).fill("Al Noor School");
      await page.getByRole("button", { name: c.submitNew }).click();
      await expect(notice(page)).toHaveText(c.created);

      await page.getByRole("link", { name: l.startForClient }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.newTitle);
      await expect(page.getByLabel(l.clientName, { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
      await page.getByLabel(l.name, { exact: true }).fill("Ramadan campaign");
      await page.getByLabel(l.startDate).fill("2027-03-01");
      await page.getByLabel(l.dueDate).fill("2027-02-01");
      await page.getByLabel(l.budget, { exact: true }).fill("12500.50");
      await page.getByLabel(l.currency).selectOption("SAR");
      await page.getByRole("checkbox", { name: "Nadia Karim" }).check();
      await page.getByRole("button", { name: l.submitNew }).click();
      await expect(page.getByText(l.dueBeforeStart)).toBeVisible();
      await page.getByLabel(l.dueDate).fill("2027-04-15");
      await screenshotBothModes(page, "project-new");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: l.submitNew }).click();
      await expect(notice(page)).toHaveText(l.created);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ramadan campaign");
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Al Noor School" })).toBeVisible();
      await expect(main).toContainText("Nadia Karim");
      await expect(main).toContainText(/12[,٬]?500[.٫]5/);
      await screenshotBothModes(page, "project");
      await expectNoAxeViolations(page);

      await page.goto(`${prefix}/projects?view=board`);
      const board = page.getByRole("region", { name: l.boardRegion });
      const planned = board.getByRole("region", { name: l.planned });
      await expect(planned.getByRole("link", { name: /Ramadan campaign/ })).toBeVisible();
      await screenshotBothModes(page, "projects-board");
      await expectNoAxeViolations(page);

      await planned.getByRole("link", { name: /Ramadan campaign/ }).click();
      await page.getByRole("link", { name: l.edit, exact: true }).click();
      await page.getByLabel(l.status).selectOption({ label: l.active });
      await page.getByRole("button", { name: l.save }).click();
      await expect(notice(page)).toHaveText(l.saved);
      await page.goto(`${prefix}/projects?view=board`);
      await expect(
        board
          .getByRole("region", { name: l.active })
          .getByRole("link", { name: /Ramadan campaign/ }),
      ).toBeVisible();
      await expect(planned.getByRole("link")).toHaveCount(0);

      // The client's page lists it, and tells in its activity that it was started.
      await page.goto(`${prefix}/clients`);
      await page.getByRole("link", { name: "Al Noor School" }).click();
      await expect(
        page
          .getByRole("region", { name: l.clientProjects, exact: true })
          .getByRole("link", { name: "Ramadan campaign" }),
      ).toBeVisible();
      await expect(
        page
          .getByRole("region", { name: l.activity, exact: true })
          .getByRole("listitem")
          .filter({ hasText: l.started })
          .getByRole("link", { name: "Ramadan campaign" }),
      ).toBeVisible();
    });
  });
}

test("the client picker finds clients past the first hundred", async ({ page }) => {
  const account = await signIn(page);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
  const names = Array.from(
    { length: 120 },
    (_, index) => `Client ${String(index).padStart(3, "0")}`,
  );
  const imported = await page.request.post("/api/v1/clients/import", {
    headers,
    data: { csv: `name\n${names.join("\n")}\nZahra Bakery\n` },
  });
  expect((await imported.json()).imported).toBe(121);

  await page.goto("/projects/new");
  const picker = page.getByRole("combobox", { name: "Client", exact: true });
  await expect(picker.getByRole("option", { name: "Zahra Bakery" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Find a client" }).fill("Zahra");
  await expect(picker.getByRole("option", { name: "Zahra Bakery" })).toHaveCount(1);
  await picker.selectOption({ label: "Zahra Bakery" });
  // Another search keeps the choice.
  await page.getByRole("searchbox", { name: "Find a client" }).fill("Client 119");
  await expect(picker.getByRole("option", { name: "Client 119" })).toHaveCount(1);
  await expect(picker).toHaveValue(/[0-9a-f-]{36}/);
  await expect(picker.locator("option:checked")).toHaveText("Zahra Bakery");
  await page.getByLabel("Name", { exact: true }).fill("Bread campaign");
  await page.getByRole("button", { name: "Start project" }).click();
  await expect(page.getByRole("status")).toHaveText("The project is started.");
  await expect(page.getByRole("main").getByRole("link", { name: "Zahra Bakery" })).toBeVisible();
});
