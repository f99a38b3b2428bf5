import {
  apiToken,
  expect,
  expectNoAxeViolations,
  openHydrated,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";

const labels = [
  [
    "",
    {
      sections: "x-bot sections",
      overview: "Overview",
      build: "Build",
      deploy: "Deploy",
      inbox: "Inbox",
      notifications: "Notifications",
      details: "Details",
      settings: "Settings",
      knowledge: "Knowledge",
      appearance: "Appearance",
      cards: "Cards",
      embedding: "Embedding",
      integrations: "Integrations",
      history: "History",
      leads: "Leads",
    },
  ],
  [
    "/ar",
    {
      sections: "أقسام x-bot",
      overview: "نظرة عامة",
      build: "البناء",
      deploy: "النشر",
      inbox: "الوارد",
      notifications: "الإشعارات",
      details: "التفاصيل",
      settings: "الإعدادات",
      knowledge: "المعرفة",
      appearance: "المظهر",
      cards: "البطاقات",
      embedding: "التضمين",
      integrations: "التكاملات",
      history: "السجل",
      leads: "العملاء المحتملون",
    },
  ],
] as const;

for (const [prefix, s] of labels) {
  test.describe(`x-bot navigation ${prefix || "(en)"}`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the sections are grouped in one row, and each group opens to its pages", async ({
      page,
    }) => {
      await signIn(page);
      await openHydrated(page, `${prefix}/x-bot`);
      const nav = page.getByRole("navigation", { name: s.sections });
      await expect(nav.getByRole("link", { name: s.overview })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // Overview, three groups and the notifications: one row at 1280 px.
      const entries = nav.locator(":scope > ul > li");
      await expect(entries).toHaveCount(5);
      const tops = await entries.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      // The groups' pages stay hidden until their group opens.
      await expect(nav.getByRole("link", { name: s.settings })).toBeHidden();
      await screenshotBothModes(page, "xbot-overview");
      await expectNoAxeViolations(page);

      const build = nav.locator("summary", { hasText: s.build });
      await build.click();
      await expect(nav.getByRole("link", { name: s.details, exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: s.cards })).toBeVisible();
      await screenshotBothModes(page, "xbot-nav-open");
      await expectNoAxeViolations(page);
      // Escape closes the group and gives the focus back to it.
      await page.keyboard.press("Escape");
      await expect(nav.getByRole("link", { name: s.settings })).toBeHidden();
      await expect(build).toBeFocused();

      await build.click();
      await nav.getByRole("link", { name: s.settings }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/settings$`));
      // The group closes behind the page it led to, and names it while it is open.
      await expect(nav.getByRole("link", { name: s.settings })).toBeHidden();
      await expect(nav.locator("summary", { hasText: s.build })).toContainText(s.settings);
      await build.click();
      await expect(nav.getByRole("link", { name: s.settings })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // A click elsewhere closes it.
      await page.getByRole("heading", { level: 1 }).click();
      await expect(nav.getByRole("link", { name: s.settings })).toBeHidden();

      await nav.locator("summary", { hasText: s.inbox }).click();
      await nav.getByRole("link", { name: s.leads }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/leads$`));
      await nav.locator("summary", { hasText: s.deploy }).click();
      await nav.getByRole("link", { name: s.embedding }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/embedding$`));
      await nav.getByRole("link", { name: s.notifications }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/notifications$`));
      await expect(nav.getByRole("link", { name: s.notifications })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  });
}

for (const [prefix, current, live] of [
  ["", "Current bot:", "Live"],
  ["/ar", "الروبوت الحالي:", "منشور"],
] as const) {
  test(`?bot= makes another bot current and the address drops it ${prefix || "(en)"}`, async ({
    page,
  }) => {
    const account = await signIn(page);
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const create = async (name: string, status: string) => {
      const response = await page.request.post("/api/v1/bots", { headers, data: { name, status } });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: string };
    };
    await create("Support", "draft");
    const sales = await create("Sales", "live");
    await page.goto(`${prefix}/x-bot/settings`);
    // The organization's first bot stands in until the member chooses one.
    await expect(page.getByTestId("xbot-current")).toContainText("Support");
    await page.goto(`${prefix}/x-bot/settings?bot=${sales.id}`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/settings$`));
    await expect(page.getByTestId("xbot-current")).toHaveText(`${current}Sales${live}`);
    await page.goto(`${prefix}/x-bot`);
    await expect(page.getByTestId("xbot-current")).toContainText("Sales");
    // Anything but a bot of the organization leaves the current one.
    await page.goto(`${prefix}/x-bot?bot=00000000-0000-4000-8000-000000000000`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot$`));
    await expect(page.getByTestId("xbot-current")).toContainText("Sales");
    await page.goto(`${prefix}/x-bot?bot=nonsense`);
    await expect(page.getByTestId("xbot-current")).toContainText("Sales");
  });
}

test.describe("x-bot navigation without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hydration: false });
  test("a group opens and its links lead to their pages", async ({ page }) => {
    const s = labels[0][1];
    await signIn(page);
    await page.goto("/x-bot");
    const nav = page.getByRole("navigation", { name: s.sections });
    await nav.locator("summary", { hasText: s.deploy }).click();
    await nav.getByRole("link", { name: s.integrations }).click();
    await expect(page).toHaveURL(/\/x-bot\/integrations$/);
    await expect(page.getByRole("heading", { level: 2, name: s.integrations })).toBeVisible();
  });
});
