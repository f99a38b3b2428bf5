import { expect, signIn, test } from "./fixtures";

test("a stored dark preference applies before any app script runs", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("color-mode", "dark"));
  // Without the app's modules, only the inline head script can have set the mode: no flash.
  await page.route(/\.(js|mjs)(\?|$)/, (route) => route.abort());
  await page.goto("/login");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
});

test("system follows prefers-color-scheme live", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
});

test("the switcher in the user menu stores the preference", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await signIn(page);
  await page.goto("/dashboard");
  await page.locator("aside").getByRole("button").last().click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
  expect(await page.evaluate(() => localStorage.getItem("color-mode"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
  await page.getByRole("menuitemradio", { name: "Light" }).waitFor({ state: "detached" });
});
