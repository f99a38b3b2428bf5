import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  joinOrganization,
  openOrganizationSection,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { aiProviderLabels, organizationLabels, organizationSectionLabels } from "./support/labels";

/** The sidebar's Settings, which leads those who may manage to their organization's page. */
const sidebarSettings = (page: Page, s: (typeof organizationSectionLabels)[number][1]) =>
  page.getByRole("navigation", { name: s.sidebar }).getByRole("link", { name: s.settings });

for (const [index, [prefix, s]] of organizationSectionLabels.entries()) {
  const o = (organizationLabels[index] as (typeof organizationLabels)[number])[1];
  const ai = (aiProviderLabels[index] as (typeof aiProviderLabels)[number])[1];

  test.describe(`organization sections ${prefix || "(en)"}`, () => {
    test("an owner reaches the settings from the sidebar, one section at a time", async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`${prefix}/dashboard`);
      await sidebarSettings(page, s).click();
      await expect(page).toHaveURL(
        new RegExp(`^[^?#]*${prefix}/account/organization/[0-9a-f-]{36}$`),
      );
      await expect(sidebarSettings(page, s)).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nadia's Studio");
      const sections = page.getByRole("navigation", { name: s.sections });
      await expect(sections.getByRole("link")).toHaveText([s.general, s.members, s.ai, s.usage]);
      await expect(sections.getByRole("link", { name: s.general })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // The general section holds the name and logo, and nothing of the other sections.
      await expect(page.getByLabel(o.name)).toBeVisible();
      await expect(page.getByRole("region", { name: o.members })).toHaveCount(0);
      await expect(page.getByRole("region", { name: ai.title })).toHaveCount(0);
      await screenshotBothModes(page, "organization-general");
      await expectNoAxeViolations(page);

      await openOrganizationSection(page, s.sections, s.members);
      await expect(page).toHaveURL(/\/account\/organization\/[0-9a-f-]{36}\/members$/);
      await expect(page.getByRole("region", { name: o.members })).toBeVisible();
      await expect(page.getByLabel(o.name)).toHaveCount(0);
      // The sidebar's Settings stays the current section inside the organization's page.
      await expect(sidebarSettings(page, s)).toHaveAttribute("aria-current", "page");
      await screenshotBothModes(page, "organization-members");
      await expectNoAxeViolations(page);

      await openOrganizationSection(page, s.sections, s.ai);
      await expect(page.getByRole("region", { name: ai.title })).toBeVisible();
      await expect(page.getByRole("region", { name: o.members })).toHaveCount(0);
      await screenshotBothModes(page, "organization-ai");
      await expectNoAxeViolations(page);

      await openOrganizationSection(page, s.sections, s.usage);
      await expect(page.getByRole("region", { name: ai.usageTitle })).toBeVisible();
      await expect(page.getByRole("region", { name: ai.title })).toHaveCount(0);
      await screenshotBothModes(page, "organization-usage");
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("organization sections without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hydration: false });
  const s = organizationSectionLabels[0][1];
  const ai = aiProviderLabels[0][1];

  test("the sidebar and the section links are plain links", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    await sidebarSettings(page, s).click();
    await openOrganizationSection(page, s.sections, s.ai);
    await expect(page.getByRole("region", { name: ai.title })).toBeVisible();
    await openOrganizationSection(page, s.sections, s.usage);
    await expect(page.getByRole("region", { name: ai.usageTitle })).toBeVisible();
  });
});

test("members who may not manage have no Settings in the sidebar, nor the usage section", async ({
  page,
  browser,
}) => {
  const s = organizationSectionLabels[0][1];
  const owner = await registerAccount(page.request);
  const member = await registerAccount(page.request, { firstName: "Omar" });
  await joinOrganization(page.request, owner, member, "member");
  await signIn(page, member);
  await page.goto("/dashboard");
  await expect(page.getByRole("navigation", { name: s.sidebar })).toBeVisible();
  await expect(sidebarSettings(page, s)).toHaveCount(0);

  // The owner's Settings leads to the organization's page; its sections are the member's to
  // read, but the usage section is 404 for them, and every section for a stranger.
  const ownerPage = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await signIn(ownerPage, owner);
  await ownerPage.goto("/dashboard");
  await sidebarSettings(ownerPage, s).click();
  await ownerPage.waitForURL(/\/account\/organization\/[0-9a-f-]{36}$/);
  const page0 = new URL(ownerPage.url()).pathname;
  for (const section of ["", "/members", "/ai"]) {
    expect((await page.goto(`${page0}${section}`))?.status(), section).toBe(200);
  }
  expect((await page.goto(`${page0}/usage`))?.status()).toBe(404);
  const stranger = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await signIn(stranger, await registerAccount(stranger.request));
  for (const section of ["", "/members", "/ai", "/usage"]) {
    expect((await stranger.goto(`${page0}${section}`))?.status(), section).toBe(404);
  }
});
