import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  joinOrganization,
  openHydrated,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { workspaceLabels } from "./support/labels";

const notice = (page: Page) => page.getByRole("status");

for (const [prefix, l] of workspaceLabels) {
  test.describe(`workspaces ${prefix || "(en)"}`, () => {
    test("creates, finds, edits and deletes a workspace", async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/workspaces`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      const empty = page.getByRole("region", { name: l.emptyTitle });
      await expect(empty).toBeVisible();
      // The empty state's action is the one way to create the first: not in the header too.
      await expect(page.getByRole("main").locator("header").getByRole("link")).toHaveCount(0);
      await expect(page.getByText(l.newWorkspace, { exact: true })).toBeHidden();
      await screenshotBothModes(page, "workspaces-empty");
      await expectNoAxeViolations(page);

      // The empty state's action opens the form. An empty name is refused, and what was typed stays.
      await empty.getByRole("link", { name: l.createFirst }).click();
      await page.getByLabel(l.description).fill("Spring campaign assets");
      await page.getByRole("button", { name: l.create }).click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(page.getByLabel(l.name)).toBeFocused();
      await expect(page.getByLabel(l.description)).toHaveValue("Spring campaign assets");

      await page.getByLabel(l.name).fill("Spring launch");
      // The swatch is the radio's label: a click on it chooses the colour.
      const rose = page.getByRole("radio", { name: l.rose });
      await page.locator("label").filter({ has: rose }).click();
      await expect(rose).toBeChecked();
      await page.getByRole("button", { name: l.create }).click();
      await expect(page).toHaveURL(
        new RegExp(`${prefix}/workspaces/[0-9a-f-]{36}\\?notice=workspace-created$`),
      );
      await expect(notice(page)).toHaveText(l.created);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spring launch");
      await expect(page.getByRole("region", { name: l.members })).toContainText("Nadia Karim");
      await screenshotBothModes(page, "workspace");
      await expectNoAxeViolations(page);

      await page.getByLabel(l.name).fill("Spring launch 2027");
      await page.getByRole("button", { name: l.save, exact: true }).click();
      await expect(notice(page)).toHaveText(l.saved);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spring launch 2027");

      await page.goto(`${prefix}/workspaces`);
      const list = page.getByRole("list", { name: l.list });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list).toContainText("Spring launch 2027");
      await expect(list).toContainText(l.oneMember);
      await screenshotBothModes(page, "workspaces");
      await expectNoAxeViolations(page);
      await page.getByRole("searchbox").fill("nothing like it");
      await page.getByRole("button", { name: l.search, exact: true }).click();
      await expect(page.getByRole("region", { name: l.noMatch })).toBeVisible();
      await page.getByRole("searchbox").fill("campaign");
      await page.getByRole("button", { name: l.search, exact: true }).click();
      await expect(list.getByRole("listitem")).toHaveCount(1);

      await list.getByRole("link").click();
      await page.getByRole("button", { name: l.deleteButton }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.deleteButton }).click();
      await expect(page).toHaveURL(`${prefix}/workspaces?notice=workspace-deleted`);
      await expect(notice(page)).toHaveText(l.deleted);
      await expect(page.getByRole("region", { name: l.emptyTitle })).toBeVisible();
    });

    test("an empty name reads the same from the browser and from the server", async ({
      page,
      browser,
      baseURL,
    }) => {
      const account = await signIn(page);
      // With JavaScript the form's schema checks the field in the browser: nothing is posted.
      await openHydrated(page, `${prefix}/workspaces`);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByRole("link", { name: l.createFirst }).click();
      const name = page.getByLabel(l.name);
      await name.fill("   ");
      await page.getByRole("button", { name: l.create }).click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(l.required)).toBeVisible();
      expect(posts).toEqual([]);

      // Without it the server answers with the same schema and the same words.
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        userAgent: test.info().project.use.userAgent,
      });
      const plain = await context.newPage();
      await signIn(plain, account);
      await plain.goto(`${prefix}/workspaces`);
      await plain.getByRole("link", { name: l.createFirst }).click();
      await plain.getByLabel(l.name).fill("   ");
      await plain.getByLabel(l.description).fill("Spring campaign assets");
      const answer = plain.waitForResponse((response) => response.request().method() === "POST");
      await plain.getByRole("button", { name: l.create }).click();
      expect((await answer).status()).toBe(422);
      await expect(plain.getByLabel(l.name)).toHaveAttribute("aria-invalid", "true");
      await expect(plain.getByText(l.required)).toBeVisible();
      await expect(plain.getByLabel(l.description)).toHaveValue("Spring campaign assets");
      await context.close();
    });
  });
}

test.describe("workspace members", () => {
  test("adds a member of the organization and takes them out again; others see it live", async ({
    page,
    browser,
  }) => {
    const owner = await registerAccount(page.request);
    const colleague = await registerAccount(page.request, { firstName: "Rami" });
    await joinOrganization(page.request, owner, colleague);
    await signIn(page, owner);
    await page.goto("/workspaces");
    await page.getByRole("link", { name: "Create a workspace" }).click();
    await page.getByLabel("Name").fill("Studio B");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(notice(page)).toHaveText("The workspace is created.");
    const workspacePath = new URL(page.url()).pathname;

    // The colleague, in the organization now, has the workspace list open.
    const other = await (
      await browser.newContext({ baseURL: test.info().project.use.baseURL })
    ).newPage();
    await signIn(other, colleague);
    await other.goto(workspacePath);
    const seen = other.getByRole("region", { name: "Members" });
    await expect(seen.getByRole("listitem")).toHaveCount(1);
    await expect(other.locator("aside [data-realtime]")).toHaveAttribute("data-realtime", "live");

    const members = page.getByRole("region", { name: "Members" });
    await members.getByLabel("Add a member").selectOption({ label: "Rami Karim" });
    await members.getByRole("button", { name: "Add", exact: true }).click();
    await expect(notice(page)).toHaveText("The member is added to the workspace.");
    await expect(members.getByRole("listitem")).toHaveCount(2);
    await expect(seen.getByRole("listitem")).toHaveCount(2);

    await members.getByRole("button", { name: "Take Rami Karim out of the workspace" }).click();
    await expect(notice(page)).toHaveText("The member is out of the workspace.");
    await expect(members.getByRole("listitem")).toHaveCount(1);
    await expect(seen.getByRole("listitem")).toHaveCount(1);

    // Someone from another organization finds nothing there.
    const stranger = await (
      await browser.newContext({ baseURL: test.info().project.use.baseURL })
    ).newPage();
    await signIn(stranger);
    expect((await stranger.goto(workspacePath))?.status()).toBe(404);
    expect((await stranger.goto("/workspaces/w1"))?.status()).toBe(404);
    await other.context().close();
    await stranger.context().close();
  });
});

test("without JavaScript the empty state's action opens the form", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/workspaces");
  await expect(page.getByLabel("Name")).toBeHidden();
  await page.getByRole("link", { name: "Create a workspace" }).click();
  await expect(page).toHaveURL("/workspaces#new-workspace");
  await page.getByLabel("Name").fill("Offline launch");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Offline launch");
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("creates, adds and takes out a member, edits and deletes a workspace", async ({ page }) => {
    const owner = await registerAccount(page.request);
    const colleague = await registerAccount(page.request, { firstName: "Rami" });
    await joinOrganization(page.request, owner, colleague);
    await signIn(page, owner);
    await page.goto("/workspaces");
    await page.getByRole("link", { name: "Create a workspace" }).click();
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await page.getByLabel("Name").fill("Studio C");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(notice(page)).toHaveText("The workspace is created.");

    const members = page.getByRole("region", { name: "Members" });
    await members.getByRole("button", { name: "Add", exact: true }).click();
    await expect(members.getByText("Choose who joins the workspace.")).toBeVisible();
    await members.getByLabel("Add a member").selectOption({ label: "Rami Karim" });
    await members.getByRole("button", { name: "Add", exact: true }).click();
    await expect(notice(page)).toHaveText("The member is added to the workspace.");
    await expect(members.getByRole("listitem")).toHaveCount(2);
    await members.getByRole("button", { name: "Take Rami Karim out of the workspace" }).click();
    await expect(notice(page)).toHaveText("The member is out of the workspace.");
    await expect(members.getByRole("listitem")).toHaveCount(1);

    await page.getByLabel("Name").fill("Studio C2");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notice(page)).toHaveText("The workspace is saved.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Studio C2");

    // The question comes in the page, and only its answer deletes.
    await page.getByRole("button", { name: "Delete workspace" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete workspace" }).click();
    await expect(page).toHaveURL("/workspaces?notice=workspace-deleted");
    await expect(notice(page)).toHaveText("The workspace is deleted.");
  });
});
