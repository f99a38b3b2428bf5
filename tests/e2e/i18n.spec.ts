import { expect, openHydrated, signIn, test } from "./fixtures";

test("English pages are left-to-right en-US, Arabic pages right-to-left ar", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await page.goto("/ar/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("h1")).toHaveText("تسجيل الدخول");
});

test("the sidebar sits on the right in Arabic", async ({ page, context }) => {
  await signIn(page);
  await page.goto("/ar/dashboard");
  const sidebar = await page.locator("aside").boundingBox();
  const main = await page.locator("main").boundingBox();
  expect(sidebar && main && sidebar.x > main.x).toBe(true);
  await context.clearCookies({ name: "locale" });
  await page.goto("/dashboard");
  const enSidebar = await page.locator("aside").boundingBox();
  const enMain = await page.locator("main").boundingBox();
  expect(enSidebar && enMain && enSidebar.x < enMain.x).toBe(true);
});

test("the switcher keeps the page, and the cookie then decides unprefixed URLs", async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto("/clients?page=3");
  await page.locator("aside").getByRole("button").last().click();
  await page.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(page).toHaveURL("/ar/clients?page=3");
  await expect(page.locator("main h1")).toHaveText("العملاء");
  const locale = (await context.cookies()).find((c) => c.name === "locale");
  // React Router's cookies hold base64 JSON.
  expect(JSON.parse(atob(decodeURIComponent(locale?.value ?? "")))).toBe("ar");
  expect(locale && locale.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.goto("/documents");
  await expect(page).toHaveURL("/ar/documents");

  await page.locator("aside").getByRole("button").last().click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page).toHaveURL("/documents");
  await page.goto("/projects");
  await expect(page).toHaveURL("/projects");
});

test("without a cookie, Accept-Language decides", async ({ browser }) => {
  const arabic = await browser.newContext({
    locale: "ar-SA",
    extraHTTPHeaders: { "Accept-Language": "ar-SA,ar;q=0.9" },
  });
  const page = await arabic.newPage();
  await page.goto("/login");
  await expect(page).toHaveURL("/ar/login");
  await arabic.close();

  const english = await browser.newContext({
    extraHTTPHeaders: { "Accept-Language": "en-GB,en;q=0.9" },
  });
  const enPage = await english.newPage();
  await enPage.goto("/login");
  await expect(enPage).toHaveURL("/login");
  await english.close();
});

test("messages are served per language as cacheable JSON", async ({ request, page }) => {
  const loaded: URL[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/locales/")) loaded.push(new URL(r.url()));
  });
  await page.goto("/ar/login");
  // Every namespace loads at once; wait for the two this test reads.
  const paths = () => loaded.map((url) => url.pathname);
  await expect
    .poll(paths)
    .toEqual(expect.arrayContaining(["/locales/ar/common.json", "/locales/ar/auth.json"]));
  const url = loaded.find((loadedUrl) => loadedUrl.pathname === "/locales/ar/auth.json")?.href;
  expect(url).toContain("?");
  const response = await request.get(url as string);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect((await response.json()).login.title).toBe("تسجيل الدخول");
  expect((await request.get("/locales/fr/common.json")).status()).toBe(404);
});

test("in Arabic, the phone hints' example keeps its left-to-right order", async ({ page }) => {
  for (const path of ["/ar/login?method=phone", "/ar/signup?method=phone", "/ar/account"]) {
    // The guest pages first: they send a signed-in visitor on.
    const account = path === "/ar/account";
    if (account) await signIn(page);
    await openHydrated(page, path);
    let phone = page.locator('input[type="tel"]');
    if (account) {
      // The address form gives the phone's hint once a phone is what changes.
      await page.getByLabel("أي عنوان").selectOption("PHONE");
      phone = page.getByLabel("العنوان الجديد");
    }
    const hintId = (await phone.getAttribute("aria-describedby"))?.split(" ")[0];
    const example = page.locator(`[id="${hintId}"] bdi[dir="ltr"]`);
    await expect(example).toHaveText("+966 50 123 4567");
    // Drawn in that order too: the "+" sits left of the last digit, not right of it.
    const [first, last] = await example.evaluate((element) => {
      const text = element.firstChild as Text;
      const range = document.createRange();
      const left = (start: number) => {
        range.setStart(text, start);
        range.setEnd(text, start + 1);
        return range.getBoundingClientRect().left;
      };
      return [left(0), left(text.length - 1)];
    });
    expect(first).toBeLessThan(last as number);
  }
});
