import type { Page, Request } from "@playwright/test";
import { expect, openHydrated, screenshotBothModes, test } from "./fixtures";
import { progressLabels } from "./support/labels";

/** Every request the page makes from now on, with the time since this call. */
function recordRequests(page: Page) {
  const started = Date.now();
  const requests: { request: Request; at: number }[] = [];
  page.on("request", (request) => requests.push({ request, at: Date.now() - started }));
  return {
    requests,
    matching: (pattern: RegExp) =>
      requests.filter(({ request }) => pattern.test(new URL(request.url()).pathname)),
  };
}

const signupModule = /\/assets\/\(ar\)\._guest\.signup-[\w-]+\.js$/;
const signupData = /^\/signup\.data$/;

test.describe("preloading on intent", () => {
  test("a hovered link preloads its route's files at once and its data after a second", async ({
    page,
  }) => {
    await openHydrated(page, "/login");
    const recorded = recordRequests(page);
    await page.getByRole("link", { name: "Create an account" }).hover();

    await expect.poll(() => recorded.matching(signupModule).length).toBe(1);
    await expect.poll(() => recorded.matching(signupData).length, { timeout: 5000 }).toBe(1);
    const [data] = recorded.matching(signupData);
    expect(data?.at).toBeGreaterThanOrEqual(1000);
    // Files are asked for once, however often the link is hovered.
    await page.mouse.move(0, 0);
    await page.getByRole("link", { name: "Create an account" }).hover();
    await page.waitForTimeout(300);
    expect(recorded.matching(signupModule)).toHaveLength(1);
  });

  test("passing over a link, or focusing it briefly, preloads no data", async ({ page }) => {
    await openHydrated(page, "/login");
    const recorded = recordRequests(page);
    // Timed in the page, so that 400 ms stay 400 ms however slowly the test drives the browser.
    await page.evaluate(async () => {
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const link = (name: string) =>
        [...document.querySelectorAll("a")].find((a) => a.textContent?.trim() === name) as
          | HTMLAnchorElement
          | undefined;
      const signup = link("Create an account");
      const forgot = link("Forgot your password?");
      if (!signup || !forgot) throw new Error("The links are missing");
      signup.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      await wait(400);
      signup.dispatchEvent(
        new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body }),
      );
      forgot.focus();
      await wait(400);
      forgot.blur();
      await wait(1500);
    });
    // The files are asked for at once; the request may reach the test later on a busy machine.
    await expect.poll(() => recorded.matching(signupModule).length).toBe(1);
    expect(recorded.matching(/\.data$/)).toHaveLength(0);
  });

  test("no data is preloaded on a slow-2g connection", async ({ page }) => {
    await page.addInitScript(() => {
      const value = { effectiveType: "slow-2g", saveData: false };
      Object.defineProperty(navigator, "connection", { value, configurable: true });
    });
    await openHydrated(page, "/login");
    const recorded = recordRequests(page);
    await page.getByRole("link", { name: "Create an account" }).hover();
    await expect.poll(() => recorded.matching(signupModule).length).toBe(1);
    await page.waitForTimeout(2000);
    expect(recorded.matching(/\.data$/)).toHaveLength(0);
  });

  test("no data is preloaded for someone who asked to save data", async ({ page }) => {
    await page.addInitScript(() => {
      const value = { effectiveType: "4g", saveData: true };
      Object.defineProperty(navigator, "connection", { value, configurable: true });
    });
    // React Router itself discovers no routes ahead with Save-Data on: visit the page once, so that the
    // link's route is known and only the connection check stands between the hover and the data.
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    const recorded = recordRequests(page);
    await page.mouse.move(0, 0);
    await page.getByRole("link", { name: "Create an account" }).hover();
    await page.waitForTimeout(2000);
    expect(recorded.matching(/\.data$/)).toHaveLength(0);
  });
});

test.describe("the navigation progress bar", () => {
  test.beforeEach(async ({ page }) => {
    // Records whether the bar ever appeared, however briefly, when it first did, when the last
    // click was, and when the sign-up page's heading came.
    await page.addInitScript(() => {
      const seen = {
        count: 0,
        shownAt: null as number | null,
        clickedAt: null as number | null,
        signupAt: null as number | null,
      };
      Object.assign(window, { progressSeen: seen });
      document.addEventListener(
        "click",
        () => {
          seen.clickedAt = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        if (document.querySelector("[data-navigation-progress]")) {
          seen.count += 1;
          seen.shownAt ??= performance.now();
        }
        if (
          seen.signupAt === null &&
          document.querySelector("h1")?.textContent === "Create an account"
        ) {
          seen.signupAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
  });

  type Seen = {
    count: number;
    shownAt: number | null;
    clickedAt: number | null;
    signupAt: number | null;
  };
  const progressSeen = (page: Page) =>
    page.evaluate(() => (window as unknown as { progressSeen: Seen }).progressSeen);

  test("waits 100 ms before it shows, so a quick transition shows none", async ({ page }) => {
    await openHydrated(page, "/login");
    const link = page.getByRole("link", { name: "Create an account" });
    // The route's files and data are preloaded on intent, so the transition is quick.
    const preloaded = page.waitForResponse((response) => response.url().includes("/signup.data"));
    await link.hover();
    await preloaded;
    await link.click();
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    const seen = await progressSeen(page);
    const clickedAt = seen.clickedAt ?? Number.NaN;
    const took = (seen.signupAt ?? Number.NaN) - clickedAt;
    expect(took).toBeGreaterThanOrEqual(0);
    // Within 100 ms no bar shows at all; a machine too slow for that may show it, never sooner.
    if (took < 100) expect(seen.count).toBe(0);
    else if (seen.shownAt !== null) expect(seen.shownAt - clickedAt).toBeGreaterThanOrEqual(100);
  });

  for (const [prefix, { link, label }] of progressLabels) {
    test(`shows while a slow transition runs (${prefix || "/en"})`, async ({ page }) => {
      await openHydrated(page, `${prefix}/login`);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/forgot\.data/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("link", { name: link }).click();
      const bar = page.getByRole("progressbar", { name: label });
      await expect(bar).toBeVisible();
      const box = await bar.boundingBox();
      expect(box).toMatchObject({ x: 0, y: 0, width: 1280 });
      await screenshotBothModes(page, "navigation-progress");
      release();
      await expect(page).toHaveURL(new RegExp(`${prefix}/forgot$`));
      await expect(bar).toHaveCount(0);
    });
  }
});

test.describe("icons", () => {
  test("come from the app's own sprite, and nothing comes from another site", async ({ page }) => {
    const origins = new Set<string>();
    page.on("request", (request) => origins.add(new URL(request.url()).origin));
    const sprite = page.waitForResponse((response) =>
      /\/assets\/sprite-[\w-]+\.svg$/.test(response.url()),
    );
    await openHydrated(page, "/login");
    expect((await sprite).status()).toBe(200);
    await expect(page.locator("svg[data-icon] use").first()).toHaveAttribute(
      "href",
      /^\/assets\/sprite-[\w-]+\.svg#/,
    );
    expect([...origins]).toEqual([new URL(page.url()).origin]);
    await expect(page.locator("html")).not.toHaveAttribute("data-icons");
  });

  for (const prefix of ["", "/ar"]) {
    test(`fall back after 1.5 s without their sprite, and return when it comes (${prefix || "/en"})`, async ({
      page,
    }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/sprite-[\w-]+\.svg$/, async (route) => {
        await held;
        await route.continue();
      });
      // The page's load event waits for the sprite: do not wait for it.
      await page.goto(`${prefix}/login`, { waitUntil: "domcontentloaded" });
      const html = page.locator("html");
      await expect(html).toHaveAttribute("data-icons", "fallback", { timeout: 5000 });
      await screenshotBothModes(page, "icons-fallback");
      release();
      await expect(html).not.toHaveAttribute("data-icons");
    });
  }
});
