import { expect, signIn, test } from "./fixtures";

test.describe("before any app script runs", () => {
  // The app's modules are blocked here: the page never hydrates.
  test.use({ hydration: false });

  test("a stored dark preference applies", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("color-mode", "dark"));
    // Without the app's modules, only the inline head script can have set the mode: no flash.
    await page.route(/\.(js|mjs)(\?|$)/, (route) => route.abort());
    await page.goto("/login");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
  });
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

/** Relative luminance of a computed `rgb(…)` colour, as WCAG defines it. */
function luminance(color: string) {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
    const value = Number(channel) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`the chosen sign-in method is raised above its track in ${colorScheme} mode`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/login?method=phone");
    await expect(page.locator("html")).toHaveAttribute("data-color-mode", colorScheme);
    const track = page.getByRole("navigation", { name: "Sign in with" });
    const background = (element: Element) => getComputedStyle(element).backgroundColor;
    const trackColor = await track.evaluate(background);
    const chosenColor = await track.locator('[aria-current="page"]').evaluate(background);
    expect(luminance(chosenColor)).toBeGreaterThan(luminance(trackColor));
  });
}
