import type { Locator, Page } from "@playwright/test";
import { FAKE_AI_KEY, FAKE_AI_URL } from "../../playwright.config";
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

type AiLabels = (typeof aiProviderLabels)[number][1];

const section = (page: Page, title: string) => page.getByRole("region", { name: title });

/** The image capability's row of the AI providers section. */
const imageRow = (page: Page, l: AiLabels) =>
  section(page, l.title)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: l.images, exact: true }) });

/** Fills a capability's form with the fake provider as another OpenAI-compatible server, and saves. */
async function setUpModel(row: Locator, l: AiLabels, model: string) {
  await row.getByLabel(l.provider, { exact: true }).selectOption({ label: l.customServer });
  await row.getByLabel(l.address, { exact: true }).fill(FAKE_AI_URL);
  await row.getByLabel(l.model, { exact: true }).fill(model);
  await row.getByLabel(l.apiKey, { exact: true }).fill(FAKE_AI_KEY);
  await row.getByRole("button", { name: l.save(l.images) }).click();
}

/** The labels of the organization page's sections in the page's language. */
const sectionsOf = (prefix: string) =>
  (prefix ? organizationSectionLabels[1] : organizationSectionLabels[0])[1];

/** The organization's page from the list of organizations, at its AI providers. */
async function openOrganization(page: Page, prefix: string) {
  const labels = (prefix ? organizationLabels[1] : organizationLabels[0])[1];
  await page.goto(`${prefix}/account/organization`);
  await page.getByRole("link", { name: labels.settingsOf("Nadia's Studio") }).click();
  await expect(page).toHaveURL(/\/account\/organization\/[0-9a-f-]{36}$/);
  const s = sectionsOf(prefix);
  await openOrganizationSection(page, s.sections, s.ai);
  await expect(page).toHaveURL(/\/account\/organization\/[0-9a-f-]{36}\/ai$/);
}

for (const [prefix, l] of aiProviderLabels) {
  test.describe(`AI providers ${prefix || "(en)"}`, () => {
    test("an owner sets up, tests, corrects and removes the organization's own image model", async ({
      page,
    }) => {
      await signIn(page);
      await openOrganization(page, prefix);
      const ai = section(page, l.title);
      await expect(ai).toContainText(l.fromDeployment("deployment-chat"));
      const row = imageRow(page, l);
      await expect(row).toContainText(l.notSetUp);

      // The offline voice (espeak-ng on the server) speaks when nothing else is set up.
      const speech = ai
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: l.speech, exact: true }) });
      await expect(speech).toContainText(l.offlineVoice);
      await speech.getByRole("button", { name: l.test(l.speech) }).click();
      await expect(speech.getByRole("status")).toHaveText(l.answered);
      // So does the slideshow (ffmpeg on the server) for video, labelled as not generative.
      const video = ai
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: l.video, exact: true }) });
      await expect(video).toContainText(l.slideshow);

      await row.getByText(l.setUp(l.images)).click();
      await row.getByLabel(l.provider, { exact: true }).selectOption({ label: l.customServer });
      await row.getByLabel(l.address, { exact: true }).fill("ftp://files.example/v1");
      await row.getByRole("button", { name: l.save(l.images) }).click();
      await expect(row.getByText(l.invalidUrl)).toBeVisible();
      await expect(row.getByText(l.required)).toBeVisible();
      await expect(row.getByLabel(l.address, { exact: true })).toBeFocused();

      await setUpModel(row, l, "e2e-image");
      await expect(page.getByRole("status").filter({ hasText: l.saved })).toBeVisible();
      await expect(row).toContainText(l.own("e2e-image"));

      await row.getByRole("button", { name: l.test(l.images) }).click();
      await expect(row.getByRole("status")).toHaveText(l.answered);
      await screenshotBothModes(page, "ai-providers");
      await expectNoAxeViolations(page);

      // A wrong model name: the key stays as it was, and the test says what is wrong.
      await row.getByText(l.change(l.images)).click();
      await expect(row.getByText(l.keyStored("…-key"))).toBeVisible();
      await row.getByLabel(l.model, { exact: true }).fill("missing-model");
      await row.getByRole("button", { name: l.save(l.images) }).click();
      await expect(row).toContainText(l.own("missing-model"));
      await row.getByRole("button", { name: l.test(l.images) }).click();
      const alert = row.getByRole("alert");
      await expect(alert).toContainText(l.unknownModel);
      await expect(alert).toContainText(l.providerSaid);
      await screenshotBothModes(page, "ai-providers-test-failed");
      await expectNoAxeViolations(page);

      await row.getByRole("button", { name: l.useDeployment(l.images) }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.confirmRemove }).click();
      await expect(page.getByRole("status").filter({ hasText: l.removed })).toBeVisible();
      await expect(row).toContainText(l.notSetUp);
    });

    test("an owner sees this month's usage and sets a monthly limit", async ({ page }) => {
      await signIn(page);
      await openOrganization(page, prefix);
      const ai = section(page, l.title);
      const providerRow = (name: string) =>
        ai.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
      await providerRow(l.speech)
        .getByRole("button", { name: l.test(l.speech) })
        .click();
      await expect(providerRow(l.speech).getByRole("status")).toHaveText(l.answered);

      const s = sectionsOf(prefix);
      await openOrganizationSection(page, s.sections, s.usage);
      const usage = section(page, l.usageTitle);
      const usageRow = (name: string) =>
        usage.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
      await expect(usageRow(l.shortSpeech)).toContainText(l.twoCharacters);
      await expect(usageRow(l.chat)).toContainText(l.noLimit);
      await expect(usage).toContainText("Nadia Karim");

      const limit = usage.getByLabel(l.limitFor(l.chat, l.tokens));
      await limit.fill("many");
      await usage.getByRole("button", { name: l.setLimitFor(l.chat) }).click();
      await expect(usage.getByText(l.wholeNumber)).toBeVisible();
      await limit.fill("0");
      await usage.getByRole("button", { name: l.setLimitFor(l.chat) }).click();
      await expect(page.getByRole("status").filter({ hasText: l.limitSaved })).toBeVisible();
      await expect(usageRow(l.chat)).toContainText(l.zeroTokens);
      await expect(usageRow(l.chat)).toContainText(l.organizationsLimit);

      // Over the limit, even a test is refused, and the page says why.
      await openOrganizationSection(page, s.sections, s.ai);
      await providerRow(l.chat)
        .getByRole("button", { name: l.test(l.chat) })
        .click();
      await expect(providerRow(l.chat).getByRole("alert")).toContainText(l.quotaExceeded);
      await screenshotBothModes(page, "ai-usage");
      await expectNoAxeViolations(page);

      await openOrganizationSection(page, s.sections, s.usage);
      await usage.getByRole("button", { name: l.useDeploymentLimitFor(l.chat) }).click();
      await expect(page.getByRole("status").filter({ hasText: l.limitRemoved })).toBeVisible();
      await expect(usageRow(l.chat)).toContainText(l.noLimit);
    });

    test("a member sees where the models come from, and cannot change them", async ({ page }) => {
      const owner = await registerAccount(page.request);
      const member = await registerAccount(page.request, { firstName: "Omar" });
      await joinOrganization(page.request, owner, member, "member");
      await signIn(page, member);
      await page.goto(`${prefix}/account/organization`);
      const labels = (prefix ? organizationLabels[1] : organizationLabels[0])[1];
      await page
        .getByRole("link", { name: labels.settingsOf("Nadia's Studio") })
        .first()
        .click();
      const s = sectionsOf(prefix);
      // A member has no usage section, and no Settings in the sidebar.
      await expect(
        page.getByRole("navigation", { name: s.sections }).getByRole("link", { name: s.usage }),
      ).toHaveCount(0);
      await expect(
        page.getByRole("navigation", { name: s.sidebar }).getByRole("link", { name: s.settings }),
      ).toHaveCount(0);
      await openOrganizationSection(page, s.sections, s.ai);
      const ai = section(page, l.title);
      await expect(ai).toContainText(l.readOnly);
      await expect(ai).toContainText(l.fromDeployment("deployment-chat"));
      await expect(ai.getByRole("button")).toHaveCount(0);
      await expect(ai.getByText(l.setUp(l.images))).toHaveCount(0);
      await expect(section(page, l.usageTitle)).toHaveCount(0);
    });
  });
}

test("a provider slower than the page's usual wait for the API still gets its test's answer", async ({
  page,
}) => {
  const l = aiProviderLabels[0][1];
  await signIn(page);
  await openOrganization(page, "");
  const row = imageRow(page, l);
  await row.getByText(l.setUp(l.images)).click();
  // The fake provider answers this model after 6 s; the page's API calls give up after 5.
  await setUpModel(row, l, "slow-image");
  await expect(row).toContainText(l.own("slow-image"));
  await row.getByRole("button", { name: l.test(l.images) }).click();
  await expect(row.getByRole("status")).toHaveText(l.answered, { timeout: 15_000 });
  const latency = Number(/\d+/.exec((await row.getByRole("status").textContent()) ?? "")?.[0]);
  expect(latency).toBeGreaterThanOrEqual(6_000);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hydration: false });
  const l = aiProviderLabels[0][1];

  test("an owner sets up and tests a model", async ({ page }) => {
    await signIn(page);
    await openOrganization(page, "");
    const row = imageRow(page, l);
    await row.getByText(l.setUp(l.images)).click();
    await setUpModel(row, l, "e2e-image");
    await expect(page.getByRole("status").filter({ hasText: l.saved })).toBeVisible();
    await expect(row).toContainText(l.own("e2e-image"));
    await row.getByRole("button", { name: l.test(l.images) }).click();
    await expect(row.getByRole("status")).toHaveText(l.answered);
  });
});
