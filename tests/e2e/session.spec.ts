import { expect, expectNoAxeViolations, registerAccount, signIn, test } from "./fixtures";
import { sessionLabels } from "./support/labels";

for (const [prefix, labels] of sessionLabels) {
  test.describe(`session ${prefix || "(en)"}`, () => {
    test("redirectTo survives the round trip through login", async ({ page }) => {
      const account = await registerAccount(page.request);
      await page.goto(`${prefix}/clients?page=2`);
      await expect(page).toHaveURL(
        `${prefix}/login?redirectTo=${encodeURIComponent(`${prefix}/clients?page=2`)}`,
      );
      await expectNoAxeViolations(page);
      await page.getByLabel(labels.email).fill(account.email);
      await page.getByLabel(labels.password, { exact: true }).fill(account.password);
      await page.getByRole("button", { name: labels.submit }).click();
      await expect(page).toHaveURL(`${prefix}/clients?page=2`);
      await expect(page.locator("main h1")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("a wrong password shows a translated error and keeps the email", async ({ page }) => {
      const account = await registerAccount(page.request);
      await page.goto(`${prefix}/login`);
      await page.getByLabel(labels.email).fill(account.email);
      await page.getByLabel(labels.password, { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: labels.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(labels.wrong);
      await expect(page.getByLabel(labels.email)).toHaveValue(account.email);
      await expect(page).toHaveURL(new RegExp(`${prefix}/login`));
    });

    test("sign out revokes the session and lands on the localized login", async ({
      page,
      context,
    }) => {
      await signIn(page);
      await page.goto(`${prefix}/dashboard`);
      const token = (await context.cookies()).find((c) => c.name === "token");
      expect(token).toBeDefined();
      await page.locator("aside").getByRole("button").last().click();
      await page.getByRole("menuitem", { name: prefix ? "تسجيل الخروج" : "Sign out" }).click();
      await expect(page).toHaveURL(`${prefix}/login`);
      expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined();

      // The old token no longer works, even when replayed.
      await context.addCookies([token as NonNullable<typeof token>]);
      await page.goto(`${prefix}/dashboard`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?redirectTo=`));
      expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined();
    });
  });
}

test("the token cookie is HttpOnly, SameSite=Lax and on the whole site", async ({
  page,
  context,
}) => {
  await signIn(page);
  const token = (await context.cookies()).find((c) => c.name === "token");
  expect(token).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login and sign out work", async ({ page }) => {
    const account = await registerAccount(page.request);
    await page.goto("/workspaces");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/workspaces");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/login");
  });

  test("the language switcher works", async ({ page }) => {
    await page.goto("/login?email=a%40b.co");
    await page.getByRole("button", { name: "Switch the language to العربية" }).click();
    await expect(page).toHaveURL("/ar/login?email=a%40b.co");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });
});
