import type { ConsoleMessage, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, screenshotBothModes, signIn, test } from "./fixtures";
import { realtimeLabels } from "./support/labels";

const png = () =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: "#e11d48" } })
    .png()
    .toBuffer();

const indicator = (page: Page) => page.locator("aside [data-realtime]");

/** Marks the document, so that a later check tells an update in place from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as { stillThisDocument?: boolean }).stillThisDocument = true;
  });
}

const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument === true);

for (const [prefix, l] of realtimeLabels) {
  test.describe(`live updates ${prefix || "(en)"}`, () => {
    test("a new photo and name saved in one tab show in the other tab's header", async ({
      page,
      context,
    }) => {
      await signIn(page);
      await page.goto(`${prefix}/dashboard`);
      await expect(indicator(page)).toHaveAttribute("data-realtime", "live");
      await expect(indicator(page)).toHaveText(l.live);
      await screenshotBothModes(page, "realtime-live");
      await markDocument(page);
      await expect(page.locator("aside img")).toHaveCount(0);

      const other = await context.newPage();
      await other.goto(`${prefix}/account`);
      await expect(indicator(other)).toHaveAttribute("data-realtime", "live");
      await other.locator('input[name="firstName"]').fill("Rania");
      await other.getByLabel(l.photo, { exact: true }).setInputFiles({
        name: "me.png",
        mimeType: "image/png",
        buffer: await png(),
      });
      await other.getByRole("button", { name: l.save }).click();
      await expect(other.locator("aside img")).toHaveAttribute(
        "src",
        /\/api\/v1\/files\/avatars\//,
      );

      // The first tab was not touched: the event made it load its data again.
      await expect(page.locator("aside img")).toHaveAttribute("src", /\/api\/v1\/files\/avatars\//);
      await expect(page.locator("aside")).toContainText("Rania");
      expect(await isSameDocument(page)).toBe(true);
    });

    test("signing out in one tab turns the other tab's connection off", async ({
      page,
      context,
    }) => {
      const stompErrors: string[] = [];
      const collect = (message: ConsoleMessage) => {
        if (message.text().includes("STOMP error")) stompErrors.push(message.text());
      };
      await signIn(page);
      await page.goto(`${prefix}/dashboard`);
      await expect(indicator(page)).toHaveAttribute("data-realtime", "live");

      const other = await context.newPage();
      other.on("console", collect);
      await other.goto(`${prefix}/account`);
      await expect(indicator(other)).toHaveAttribute("data-realtime", "live");
      await other.locator("aside").getByRole("button").last().click();
      await other.getByRole("menuitem", { name: l.signOut }).click();
      await expect(other).toHaveURL(new RegExp(`${prefix}/login$`));
      // The tab signing out closed its own connection first: the server had nothing to refuse.
      expect(stompErrors).toEqual([]);

      // The other tab's session ended with it: its socket is closed, no new ticket is given.
      await expect(indicator(page)).toHaveAttribute("data-realtime", "offline");
      await expect(indicator(page)).toHaveText(l.offline);
    });
  });
}

test.describe("socket tickets", () => {
  test("are given to a signed-in browser only, by POST from this site", async ({ page }) => {
    expect((await page.request.post("/realtime/ticket")).status()).toBe(401);
    await signIn(page);
    const response = await page.request.post("/realtime/ticket");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ ticket: expect.stringMatching(/^st_/), url: "/api/v1/socket" });

    expect((await page.request.get("/realtime/ticket")).status()).toBe(405);
    const crossSite = await page.request.post("/realtime/ticket", {
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
  });
});
