import type { Page } from "@playwright/test";
import arDocuments from "../../locales/ar/documents.json" with { type: "json" };
import arProjects from "../../locales/ar/projects.json" with { type: "json" };
import arValidation from "../../locales/ar/validation.json" with { type: "json" };
import arWorkspaces from "../../locales/ar/workspaces.json" with { type: "json" };
import enDocuments from "../../locales/en/documents.json" with { type: "json" };
import enProjects from "../../locales/en/projects.json" with { type: "json" };
import enValidation from "../../locales/en/validation.json" with { type: "json" };
import enWorkspaces from "../../locales/en/workspaces.json" with { type: "json" };
import {
  type Account,
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";

const languages = [
  {
    prefix: "",
    search: "Search",
    status: "Status",
    clientStatus: { active: "Active", lead: "Lead" },
    projects: enProjects,
    documents: enDocuments,
    workspaces: enWorkspaces,
    validation: enValidation,
    threadSearch: "Search threads",
  },
  {
    prefix: "/ar",
    search: "بحث",
    status: "الحالة",
    clientStatus: { active: "نشط", lead: "عميل محتمل" },
    projects: arProjects,
    documents: arDocuments,
    workspaces: arWorkspaces,
    validation: arValidation,
    threadSearch: "البحث في المحادثات",
  },
] as const;

async function api(page: Page, account: Account) {
  const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
  return async (path: string, data: Record<string, unknown>, method = "post") => {
    const response = await page.request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as { id: string; version: number };
  };
}

/** The search box's caret, and whether it has the focus. */
const caretOf = (page: Page, label: string) =>
  page.getByRole("searchbox", { name: label }).evaluate((input: HTMLInputElement) => ({
    focused: document.activeElement === input,
    caret: input.selectionStart,
  }));

for (const l of languages) {
  test.describe(`lists ${l.prefix || "(en)"}`, () => {
    test("search as one types, filters as one chooses, the search box keeping its caret", async ({
      page,
    }) => {
      const account = await signIn(page);
      const post = await api(page, account);
      await post("/clients", { name: "Al Noor School", status: "active" });
      await post("/clients", { name: "Nile Bakery", status: "lead" });
      await post("/clients", { name: "Noor Florist", status: "lead" });

      await page.goto(`${l.prefix}/clients`);
      const rows = page.getByRole("main").getByRole("table").getByRole("rowheader");
      await expect(rows).toHaveCount(3);
      const entries = await page.evaluate(() => window.history.length);
      const search = page.getByRole("searchbox", { name: l.search, exact: true });
      await search.pressSequentially("noor", { delay: 40 });
      // No click on Apply: a pause sends it, and the address is replaced, not added to.
      await expect(page).toHaveURL(/[?&]q=noor/);
      await expect(rows).toHaveCount(2);
      expect(await caretOf(page, l.search)).toEqual({ focused: true, caret: 4 });
      // The caret stays where it was put, and typing there goes on.
      await search.press("Home");
      await search.pressSequentially("al ", { delay: 40 });
      await expect(page).toHaveURL(/[?&]q=al(\+|%20)noor/);
      await expect(rows).toHaveCount(1);
      expect(await caretOf(page, l.search)).toEqual({ focused: true, caret: 3 });
      expect(await page.evaluate(() => window.history.length)).toBe(entries);

      // A select sends at once.
      await search.fill("");
      await expect(rows).toHaveCount(3);
      await page.getByLabel(l.status, { exact: true }).selectOption({ label: l.clientStatus.lead });
      await expect(page).toHaveURL(/status=lead/);
      await expect(rows).toHaveCount(2);
      await expect(page.getByRole("button", { name: /Apply|تطبيق/ })).toBeVisible();
      await expectNoAxeViolations(page);

      // The workspaces' search, and the threads', answer the same way.
      await post("/workspaces", { name: "Spring launch", color: "rose" });
      await post("/workspaces", { name: "Autumn fair", color: "sky" });
      await page.goto(`${l.prefix}/workspaces`);
      const cards = page.getByRole("list", { name: l.workspaces.list }).getByRole("listitem");
      await expect(cards).toHaveCount(2);
      await page
        .getByRole("searchbox", { name: l.workspaces.search.label })
        .pressSequentially("spring", { delay: 40 });
      await expect(cards).toHaveCount(1);
      expect(await caretOf(page, l.workspaces.search.label)).toEqual({ focused: true, caret: 6 });

      await post("/threads", { title: "Ramadan plan" });
      await post("/threads", { title: "Menu ideas" });
      await page.goto(`${l.prefix}/threads`);
      const sidebar = page.getByRole("complementary");
      await expect(sidebar.getByRole("link", { name: /Menu ideas/ })).toBeVisible();
      await page
        .getByRole("searchbox", { name: l.threadSearch })
        .pressSequentially("ramadan", { delay: 40 });
      await expect(page).toHaveURL(/[?&]q=ramadan/);
      await expect(sidebar.getByRole("link", { name: /Menu ideas/ })).toHaveCount(0);
      await expect(sidebar.getByRole("link", { name: /Ramadan plan/ })).toBeVisible();
      expect(await caretOf(page, l.threadSearch)).toEqual({ focused: true, caret: 7 });
    });

    test("an empty workspaces page offers one way to create the first", async ({ page }) => {
      await signIn(page);
      await page.goto(`${l.prefix}/workspaces`);
      const w = l.workspaces;
      const offers = page
        .getByRole("main")
        .getByText(new RegExp(`^(${w.create.title}|${w.empty.action})$`))
        .filter({ visible: true });
      await expect(offers).toHaveCount(1);
      await expect(page.getByRole("searchbox")).toHaveCount(0);
      await screenshotBothModes(page, "workspaces-empty-one-action");
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: w.empty.action }).click();
      await expect(page.getByRole("region", { name: w.empty.title })).toBeHidden();
      await expect(page.getByRole("heading", { name: w.create.title })).toBeVisible();
      await page.getByLabel(w.fields.name).fill("First space");
      await page.getByRole("button", { name: w.create.submit }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("First space");
    });

    test("a new document offers the chosen client's projects", async ({ page }) => {
      const account = await signIn(page);
      const post = await api(page, account);
      const noor = await post("/clients", { name: "Al Noor School" });
      const nile = await post("/clients", { name: "Nile Bakery" });
      await post("/projects", { name: "Noor campaign", clientId: noor.id });
      await post("/projects", { name: "Nile menu", clientId: nile.id });
      await post("/projects", { name: "In-house", clientId: null });

      await page.goto(`${l.prefix}/documents/new`);
      const form = page.locator("#new-document-form");
      const project = form.getByLabel(l.documents.fields.project, { exact: true });
      const offered = () => project.locator("option").allTextContents();
      expect(await offered()).toHaveLength(4);
      await form.getByLabel(l.documents.fields.client, { exact: true }).selectOption({
        label: "Nile Bakery",
      });
      await expect
        .poll(async () => (await offered()).sort())
        .toEqual([l.documents.noProject, "In-house", "Nile menu"].sort());
      await project.selectOption({ label: "Nile menu" });
      // Another client: the project that was the other client's is let go.
      await form.getByLabel(l.documents.fields.client, { exact: true }).selectOption({
        label: "Al Noor School",
      });
      await expect.poll(offered).toContain("Noor campaign");
      expect(await offered()).not.toContain("Nile menu");
      await expect(project).toHaveValue("");
      await project.selectOption({ label: "Noor campaign" });
      await form.getByLabel(l.documents.fields.title).fill("Term plan");
      await screenshotBothModes(page, "document-new-client-projects");
      await expectNoAxeViolations(page);
      await form.getByRole("button", { name: l.documents.new.submit }).click();
      await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\?notice=document-created/);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a new document with another client's project is refused, in words", async ({ page }) => {
    const account = await signIn(page);
    const post = await api(page, account);
    const noor = await post("/clients", { name: "Al Noor School" });
    await post("/clients", { name: "Nile Bakery" });
    await post("/projects", { name: "Noor campaign", clientId: noor.id });
    for (const l of languages) {
      await page.goto(`${l.prefix}/documents/new`);
      const form = page.locator("#new-document-form");
      await form.getByLabel(l.documents.fields.title).fill("Mixed up");
      await form
        .getByLabel(l.documents.fields.client, { exact: true })
        .selectOption({ label: "Nile Bakery" });
      await form
        .getByLabel(l.documents.fields.project, { exact: true })
        .selectOption({ label: "Noor campaign" });
      await form.getByRole("button", { name: l.documents.new.submit }).click();
      await expect(page.getByText(l.validation.projectOfOtherClient)).toBeVisible();
      await expect(form.getByLabel(l.documents.fields.client, { exact: true })).toHaveValue(
        /[0-9a-f-]{36}/,
      );
      // A link from a client's page offers that client's projects only.
      await page.goto(`${l.prefix}/documents/new?clientId=${noor.id}`);
      await expect(
        form.getByLabel(l.documents.fields.project, { exact: true }).locator("option"),
      ).toHaveText([l.documents.noProject, "Noor campaign"]);
    }
  });

  test("search and filters still go with their button", async ({ page }) => {
    const account = await signIn(page);
    const post = await api(page, account);
    await post("/clients", { name: "Al Noor School" });
    await post("/clients", { name: "Nile Bakery" });
    await page.goto("/clients");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("nile");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=nile/);
    const rows = page.getByRole("main").getByRole("rowheader");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Nile Bakery");
  });
});

for (const l of languages) {
  const p = l.projects;
  test.describe(`project board ${l.prefix || "(en)"}`, () => {
    test("fits or scrolls to its last column, and moves cards by drag, by select and safely", async ({
      page,
    }) => {
      const account = await signIn(page);
      const post = await api(page, account);
      const client = await post("/clients", { name: "Al Noor School" });
      await post("/projects", { name: "Ramadan campaign", clientId: client.id });
      await post("/projects", { name: "Eid posters", status: "active" });
      const stale = await post("/projects", { name: "Summer menu", status: "on_hold" });
      await post("/projects", { name: "Old website", status: "cancelled" });

      const column = (status: keyof typeof p.statuses) =>
        page
          .getByRole("region", { name: p.board })
          .getByRole("region", { name: p.statuses[status] });
      const card = (name: string) => page.getByRole("listitem").filter({ hasText: name });

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${l.prefix}/projects?view=board`);
        const board = page.getByRole("region", { name: p.board });
        const last = column("cancelled");
        await last.scrollIntoViewIfNeeded();
        const frame = await board.boundingBox();
        const box = await last.boundingBox();
        if (!frame || !box) throw new Error("The board is not laid out");
        // The last column is whole inside the board, and the board inside the page.
        expect(box.x).toBeGreaterThanOrEqual(frame.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
        expect(frame.x + frame.width).toBeLessThanOrEqual(width);
        await expect(last.getByRole("link", { name: "Old website" })).toBeInViewport();
        await screenshotBothModes(page, `projects-board-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${l.prefix}/projects?view=board`);
      await expectNoAxeViolations(page);

      // By pointer: dragged from Planned to Active, and kept there.
      await card("Ramadan campaign").dragTo(column("active"));
      await expect(column("active").getByRole("link", { name: "Ramadan campaign" })).toBeVisible();
      await expect(column("planned").getByRole("link")).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: "Ramadan campaign" })).toBeAttached();
      await page.reload();
      await expect(column("active").getByRole("link", { name: "Ramadan campaign" })).toBeVisible();

      // By keyboard: the card's status select.
      const select = page.getByLabel(p.boardStatusOf.replace("{{name}}", "Eid posters"));
      await select.focus();
      await select.selectOption({ label: p.statuses.done });
      await expect(column("done").getByRole("link", { name: "Eid posters" })).toBeVisible();
      await page.reload();
      await expect(column("done").getByRole("link", { name: "Eid posters" })).toBeVisible();

      // Someone saves "Summer menu" meanwhile: the move is refused, and the board shows theirs.
      await post(
        `/projects/${stale.id}`,
        { version: stale.version, name: "Summer menu 2" },
        "patch",
      );
      await page
        .getByLabel(p.boardStatusOf.replace("{{name}}", "Summer menu"))
        .selectOption({ label: p.statuses.active });
      await expect(page.getByText(p.boardStale)).toBeVisible();
      await expect(column("on_hold").getByRole("link", { name: "Summer menu 2" })).toBeVisible();
      await expect(column("active").getByRole("link", { name: /Summer menu/ })).toHaveCount(0);
    });
  });
}

test.describe("the board without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("moves a card with its status and Move", async ({ page }) => {
    const account = await signIn(page);
    const post = await api(page, account);
    await post("/projects", { name: "Ramadan campaign" });
    for (const l of languages) {
      await page.goto(`${l.prefix}/projects?view=board`);
      const target = l.prefix ? "done" : "active";
      await page
        .getByLabel(l.projects.boardStatusOf.replace("{{name}}", "Ramadan campaign"))
        .selectOption({ label: l.projects.statuses[target] });
      await page.getByRole("button", { name: l.projects.boardMove }).click();
      await expect(page).toHaveURL(/view=board&notice=project-moved/);
      await expect(
        page
          .getByRole("region", { name: l.projects.board })
          .getByRole("region", { name: l.projects.statuses[target] })
          .getByRole("link", { name: "Ramadan campaign" }),
      ).toBeVisible();
    }
  });
});
