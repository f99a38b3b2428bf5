import { expect, signIn, test } from "./fixtures";

const signInPages = [
  "/dashboard",
  "/audio",
  "/audio/creator",
  "/image",
  "/image/creator",
  "/video",
  "/video/creator",
  "/clients",
  "/clients/new",
  "/clients/c1",
  "/clients/c1/edit",
  "/projects",
  "/projects/new",
  "/projects/p1",
  "/projects/p1/edit",
  "/documents",
  "/documents/new",
  "/documents/d1",
  "/threads",
  "/threads/42",
  "/characters",
  "/workspaces",
  "/workspaces/w1",
  "/accept-invite",
  "/account",
  "/account/organization/create",
  "/account/organization/o1",
  "/account/organization/o1/owner",
  "/x-bot",
  "/x-bot/cards",
  "/x-bot/leads",
  "/x-bot/details",
  "/x-bot/history",
  "/x-bot/settings",
  "/x-bot/embedding",
  "/x-bot/knowledge",
  "/x-bot/appearance",
  "/x-bot/integrations",
  "/x-bot/notifications",
];
const guestPages = ["/login", "/signup", "/forgot", "/reset"];

for (const prefix of ["", "/ar"]) {
  test.describe(`guards ${prefix || "(en)"}`, () => {
    test("a guest is sent to the localized login with the full path", async ({ request }) => {
      for (const path of signInPages) {
        const response = await request.get(`${prefix}${path}?tab=2`, { maxRedirects: 0 });
        expect(response.status(), path).toBe(302);
        const location = new URL(response.headers().location ?? "", "http://x");
        expect(location.pathname, path).toBe(`${prefix}/login`);
        expect(location.searchParams.get("redirectTo"), path).toBe(`${prefix}${path}?tab=2`);
      }
    });

    test("a guest sees every guest-only page", async ({ page }) => {
      for (const path of guestPages) {
        const response = await page.goto(`${prefix}${path}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("h1")).toBeVisible();
      }
    });

    test.describe("as the server renders them", () => {
      // Some forty pages: what the guard decides is in the HTML. Hydrating each would take
      // minutes on a busy machine; the pages' own specs run their code.
      test.use({ javaScriptEnabled: false });

      test("a signed-in user sees every sign-in page with its title", async ({ page }) => {
        await signIn(page);
        // Pages of one organization, workspace, client, project, document or thread need a real
        // one (an id that is not one is the page's 404): their own specs open them.
        const needRealIds = [
          "/account/organization/o1",
          "/workspaces/w1",
          "/clients/c1",
          "/projects/p1",
          "/documents/d1",
          "/threads/42",
        ];
        for (const path of signInPages.filter((p) => !needRealIds.some((n) => p.startsWith(n)))) {
          const response = await page.goto(`${prefix}${path}`);
          expect(response?.status(), path).toBe(200);
          await expect(page.locator("main h1").first(), path).toBeVisible();
          // The app's sidebar (a page may have an aside of its own, as the threads list).
          await expect(page.locator("aside nav").first()).toBeVisible();
        }
      });
    });

    test("a signed-in user is kept out of guest-only pages", async ({ page }) => {
      await signIn(page);
      for (const path of guestPages) {
        await page.goto(`${prefix}${path}`);
        await expect(page).toHaveURL(`${prefix}/dashboard`);
      }
      await page.goto(`${prefix}/login?redirectTo=${encodeURIComponent(`${prefix}/clients?q=1`)}`);
      await expect(page).toHaveURL(`${prefix}/clients?q=1`);
    });

    test("/ goes to login or the dashboard, keeping the prefix", async ({ page }) => {
      await page.goto(prefix || "/");
      await expect(page).toHaveURL(`${prefix}/login`);
      await signIn(page);
      await page.goto(prefix || "/");
      await expect(page).toHaveURL(`${prefix}/dashboard`);
    });
  });
}

test("the email query parameter is carried over to login and fills the form", async ({ page }) => {
  await page.goto("/accept-invite?token=abc&email=ann%40example.com");
  const url = new URL(page.url());
  expect(url.pathname).toBe("/login");
  expect(url.searchParams.get("email")).toBe("ann@example.com");
  expect(url.searchParams.get("redirectTo")).toBe(
    "/accept-invite?token=abc&email=ann%40example.com",
  );
  await expect(page.getByLabel("Email")).toHaveValue("ann@example.com");
});

test("unsafe redirectTo values fall back to the dashboard", async ({ page }) => {
  await signIn(page);
  for (const unsafe of [
    "https://evil.example/x",
    "//evil.example",
    "/\\evil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "javascript:alert(1)",
  ]) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(unsafe)}`);
    await expect(page, unsafe).toHaveURL("/dashboard");
  }
});

test("/api/health answers JSON outside every guard", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  // The e2e server's embedded database loads pgvector.
  expect(await response.json()).toEqual({ status: "ok", database: "ok", vectors: true });
});

test.describe("not found", () => {
  for (const path of [
    "/nothing-here",
    "/ar/nothing/here",
    "/fr/login",
    "/en/login",
    "/AR/login",
    "/threads/abc",
    "/threads/12a",
  ]) {
    test(`${path} is a 404 page`, async ({ page }) => {
      await signIn(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      if (!path.startsWith("/ar")) await expect(page.locator("h1")).toHaveText("Page Not Found");
      else await expect(page.locator("h1")).toHaveText("الصفحة غير موجودة");
    });
  }

  test("a guest gets the 404 page for an unknown path", async ({ page }) => {
    const response = await page.goto("/unknown/path");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
  });

  test("a bot gets a plain response instead of the error page", async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    const response = await context.request.get("/unknown/path");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/plain");
    expect(await response.text()).not.toContain("<html");
    await context.close();
  });
});

test("a bot gets a page whole, in its language", async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
  });
  for (const [path, lang, heading] of [
    ["/login", "en-US", "Sign in"],
    ["/ar/login", "ar", "تسجيل الدخول"],
  ] as const) {
    const response = await context.request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(heading);
    // The page and its data, to the data stream's end.
    expect(html).toContain("</html>");
    expect(html).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)*$/);
  }
  await context.close();
});
