import { expect, expectNoAxeViolations, screenshotBothModes, test } from "./fixtures";
import { legalLabels } from "./support/labels";

for (const [prefix, l] of legalLabels) {
  test(`sign-up links its terms and privacy policy to their pages ${prefix || "(en)"}`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/signup`);
    await expect(page.getByLabel(l.checkbox)).toBeVisible();
    const documents = [
      [l.terms, "/terms", l.termsTitle],
      [l.privacy, "/privacy", l.privacyTitle],
    ] as const;
    for (const [link, path, title] of documents) {
      const opened = page.context().waitForEvent("page");
      await page.getByRole("link", { name: link, exact: true }).click();
      const legal = await opened;
      await expect(legal).toHaveURL(`${prefix}${path}`);
      await expect(legal.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(legal.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expectNoAxeViolations(legal);
      await screenshotBothModes(legal, `legal${path.replace("/", "-")}`);
      await legal.close();
    }
    // The sign-up form is where it was, checkbox and all.
    await page.getByLabel(l.checkbox).check();
    await expect(page.getByLabel(l.checkbox)).toBeChecked();
  });
}
