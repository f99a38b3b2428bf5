import { apiToken, expect, expectNoAxeViolations, signIn, test } from "./fixtures";

const guestPages = [
  "/login",
  "/login?method=phone",
  "/signup",
  "/signup?method=phone",
  "/forgot",
  "/reset",
  "/account/organization",
  "/no-such-page",
];
const signedInPages = [
  "/dashboard",
  "/threads/7",
  "/clients",
  "/account",
  "/account/organization",
  "/x-bot/leads",
];

for (const colorScheme of ["light", "dark"] as const) {
  for (const prefix of ["", "/ar"]) {
    test.describe(`axe ${prefix || "(en)"} ${colorScheme}`, () => {
      test.use({ colorScheme });

      test("guest pages have no violations", async ({ page }) => {
        for (const path of guestPages) {
          await page.goto(`${prefix}${path}`);
          await expect(page.locator("html")).toHaveAttribute("data-color-mode", colorScheme);
          await expectNoAxeViolations(page);
        }
      });

      test("signed-in pages have no violations", async ({ page }) => {
        const account = await signIn(page);
        // The owner's page holds the one danger button that is always on screen.
        const me = await page.request.get("/api/v1/user", {
          headers: { Authorization: `Bearer ${await apiToken(page.request, account)}` },
        });
        const organizationId = (await me.json()).account.currentOrganizationId as string;
        for (const path of [...signedInPages, `/account/organization/${organizationId}/owner`]) {
          await page.goto(`${prefix}${path}`);
          await expect(page.locator("main h1").first()).toBeVisible();
          await expectNoAxeViolations(page);
        }
      });
    });
  }
}
