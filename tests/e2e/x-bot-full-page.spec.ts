import { join } from "node:path";
import { type APIRequestContext, chromium, type Page } from "@playwright/test";
import { CHROMIUM_PATH } from "../../playwright.config";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  registerAccount,
  screenshotBothModes,
  test,
} from "./fixtures";

/** A bot made over the API by its owner, in a request context apart from the visitor's page. */
async function newBot(request: APIRequestContext, json: Record<string, unknown>) {
  const owner = await registerAccount(request);
  const headers = { Authorization: `Bearer ${await apiToken(request, owner)}` };
  const response = await request.post("/api/v1/bots", {
    headers,
    data: {
      name: "Support desk",
      status: "live",
      language: "visitor",
      allowedDomains: ["shop.example"],
      ...json,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; publicId: string };
}

/** The sources of a response's `frame-ancestors`. */
function frameAncestors(headers: Record<string, string>) {
  const policy = headers["content-security-policy"] ?? "";
  const directive = policy.split(";").find((part) => part.startsWith("frame-ancestors "));
  return directive?.split(" ").slice(1) ?? [];
}

/** Screenshots at a phone's width too, in both colour modes. */
async function screenshotPhone(page: Page, name: string) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 780 });
  const language = (await page.locator("html").getAttribute("lang"))?.slice(0, 2) ?? "en";
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveAttribute("data-color-mode", colorScheme);
    const path = join(
      test.info().project.outputDir,
      "screenshots",
      `${name}-phone-${language}-${colorScheme}.png`,
    );
    await page.screenshot({ path, animations: "disabled" });
    await test.info().attach(`${name}-phone-${language}-${colorScheme}`, {
      path,
      contentType: "image/png",
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (desktop) await page.setViewportSize(desktop);
}

for (const [prefix, s] of [
  [
    "",
    {
      lang: "en",
      dir: "ltr",
      title: "Chat with Support desk",
      message: "Your message",
      send: "Send",
      notFound: "This chat is not available",
    },
  ],
  [
    "/ar",
    {
      lang: "ar",
      dir: "rtl",
      title: "تحدّث مع Support desk",
      message: "رسالتك",
      send: "أرسل",
      notFound: "هذه المحادثة غير متاحة",
    },
  ],
] as const) {
  test(`full-page chat: an anonymous visitor asks and reads the streamed answer (${s.lang})`, async ({
    page,
    request,
  }) => {
    // The bot speaks the visitor's language; the page's address decides it here.
    const bot = await newBot(request, {
      appearance: { welcomeMessages: ["Hello! How can we help?"] },
    });

    const response = await page.goto(`${prefix}/b/${bot.publicId}`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(frameAncestors(headers)).toEqual([
      "'self'",
      "https://shop.example:*",
      "http://shop.example:*",
    ]);
    expect(headers["x-frame-options"]).toBeUndefined();

    await expect(page).toHaveTitle(s.title);
    await expect(page.locator("html")).toHaveAttribute("dir", s.dir);
    // No app chrome: no navigation, no header of the product.
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveCount(0);

    // The real widget, inline, in its open shadow root (Playwright's locators pierce it).
    const widget = page.locator("qalam-bot");
    await expect(widget).toHaveCount(1);
    const root = widget.locator(".qb");
    await expect(root).toHaveAttribute("dir", s.dir);
    await expect(root).toHaveAttribute("lang", s.lang);
    await expect(root).toHaveAttribute("data-mode", "inline");
    // It fills the window.
    const box = await widget.locator(".panel").boundingBox();
    const viewport = page.viewportSize();
    expect(box?.height).toBeGreaterThan((viewport?.height ?? 0) - 4);
    expect(box?.width).toBeGreaterThan((viewport?.width ?? 0) - 4);

    await widget.getByLabel(s.message).fill("When do you open?");
    await widget.getByRole("button", { name: s.send }).click();
    await expect(widget.locator(".log")).toContainText("When do you open?");
    await expect(widget.locator(".log")).toContainText("Hello from the fake model.");
    await expect(widget.getByRole("button", { name: s.send })).toBeDisabled();

    await screenshotBothModes(page, "xbot-full-page");
    await screenshotPhone(page, "xbot-full-page");
    await expectNoAxeViolations(page);

    // A reload keeps the conversation (the widget's storage), on the same page.
    await page.reload();
    await expect(page.locator("qalam-bot").locator(".log")).toContainText(
      "Hello from the fake model.",
    );
  });

  test(`full-page chat: a draft or unknown bot is a translated 404, framed by none (${s.lang})`, async ({
    page,
    request,
  }) => {
    const draft = await newBot(request, { status: "draft", name: "Secret draft" });
    for (const publicId of [draft.publicId, "no-such-bot"]) {
      const response = await page.goto(`${prefix}/b/${publicId}`);
      expect(response?.status()).toBe(404);
      expect(frameAncestors(response?.headers() ?? {})).toEqual(["'none'"]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.notFound);
      await expect(page.locator("html")).toHaveAttribute("dir", s.dir);
      await expect(page.getByText("Secret draft")).toHaveCount(0);
      await expect(page.locator("qalam-bot")).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });
}

test("full-page chat: an English address stays English for a visitor whose browser asks for Arabic", async ({
  browser,
  request,
}) => {
  const bot = await newBot(request, {});
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "ar",
    extraHTTPHeaders: { "Accept-Language": "ar" },
  });
  const page = await context.newPage();
  // Any other page follows the browser's language.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/ar\/login$/);
  const response = await page.goto(`/b/${bot.publicId}`);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(`/b/${bot.publicId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
  await context.close();
});

test("full-page chat: framed by an allowed site, refused by any other", async ({
  request,
  baseURL,
}) => {
  // The sites are made up by the browser's routing, so Chromium takes them for public ones and
  // would refuse them a frame from this loopback server whatever its headers: a browser of its
  // own, with that check off, tries the frame's headers alone.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-gpu", "--disable-features=LocalNetworkAccessChecks"],
  });
  try {
    const page = await browser.newPage();
    const bot = await newBot(request, { allowedDomains: ["shop.example", "*.brand.example"] });
    const chat = `${baseURL}/b/${bot.publicId}`;
    // Sites of their own, each a page that frames the chat.
    const sites = ["http://shop.example", "http://help.brand.example", "http://evil.example"];
    await page.route(
      (url) => sites.includes(url.origin) && url.pathname === "/",
      (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>Site</title><iframe src="${chat}" title="Chat" style="width: 400px; height: 600px" onload="document.body.dataset.loaded = 'yes'"></iframe>`,
        }),
    );

    // An exact domain and a wildcard's subdomain: the chat runs framed; the first is asked.
    for (const site of ["http://help.brand.example", "http://shop.example"]) {
      await page.goto(`${site}/`);
      const framed = page.frameLocator("iframe").locator("qalam-bot");
      await expect(framed.locator(".qb")).toHaveAttribute("data-mode", "inline");
      await expect(framed.getByLabel("Your message")).toBeVisible();
    }
    const framed = page.frameLocator("iframe").locator("qalam-bot");
    await framed.getByLabel("Your message").fill("Hi from a site");
    await framed.getByRole("button", { name: "Send" }).click({ timeout: 30_000 });
    await expect(framed.locator(".log")).toContainText("Hello from the fake model.");

    await page.goto("http://evil.example/");
    await expect(page.locator("body")).toHaveAttribute("data-loaded", "yes");
    // The browser refused the frame: the chat never ran in it.
    await expect(page.frameLocator("iframe").locator("qalam-bot")).toHaveCount(0);
    await expect(page.frameLocator("iframe").locator("body")).not.toContainText("Support desk");
  } finally {
    await browser.close();
  }
});
