import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  keyIn,
  registerAccount,
  screenshotBothModes,
  strongPassword,
  test,
  uniqueEmail,
  waitForMessage,
} from "./fixtures";
import { resetLabels } from "./support/labels";

/** Registering sent a key to the address: the test server wants 2 s between two keys. */
const pastSendInterval = (page: Page) => page.waitForTimeout(2100);

for (const [prefix, l] of resetLabels) {
  test.describe(`password reset ${prefix || "(en)"}`, () => {
    test("from the login page to a new password, signed in", async ({ page }) => {
      const account = await registerAccount(page.request);
      await pastSendInterval(page);
      await page.goto(`${prefix}/login`);
      await page.getByRole("link", { name: l.forgotLink }).click();
      await expect(page).toHaveURL(`${prefix}/forgot`);
      await screenshotBothModes(page, "forgot-form");
      await expectNoAxeViolations(page);

      const since = Date.now();
      await page.getByLabel(l.email, { exact: true }).fill(account.email);
      await page.getByRole("button", { name: l.sendKey }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/reset\\?email=.+&sent=1$`));
      await expect(page.getByLabel(l.email, { exact: true })).toHaveValue(account.email);
      await screenshotBothModes(page, "reset-form");
      await expectNoAxeViolations(page);

      const key = keyIn(await waitForMessage(account.email, { since }));
      const newPassword = strongPassword();
      await page.getByLabel(l.key).fill(key);
      await page.getByLabel(l.newPassword, { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard?notice=password-reset`);
      await expect(page.getByRole("status")).toHaveText(l.notice);
      await screenshotBothModes(page, "dashboard-notice");
      await expectNoAxeViolations(page);

      const old = await page.request.post("/api/v1/login", {
        data: { value: account.email, password: account.password },
      });
      expect(old.status()).toBe(401);
      const fresh = await page.request.post("/api/v1/login", {
        data: { value: account.email, password: newPassword },
      });
      expect(fresh.status()).toBe(200);
    });

    test("answers an unknown address the same way, and mails nothing", async ({ page }) => {
      const email = uniqueEmail("nobody");
      await page.goto(`${prefix}/forgot?email=${encodeURIComponent(email)}`);
      await page.getByRole("button", { name: l.sendKey }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/reset\\?email=.+&sent=1$`));
      await expect(waitForMessage(email, { timeoutMs: 1500 })).rejects.toThrow();
    });

    test("says when a new key can be sent, for an account and an unknown address alike", async ({
      page,
    }) => {
      const account = await registerAccount(page.request);
      // The sign-up's own key is still within the pause: wait it out, so the API's key is taken.
      await pastSendInterval(page);
      for (const email of [account.email, uniqueEmail("nobody")]) {
        // A key asked for through the API starts the pause between two keys; the form, sent
        // moments later, falls in it, however slowly the page itself loaded.
        await page.goto(`${prefix}/forgot?email=${encodeURIComponent(email)}`);
        const asked = await page.request.post("/api/v1/password/request/reset-by-email", {
          data: { email, resetType: "KEY" },
        });
        expect(asked.status()).toBe(200);
        await page.getByRole("button", { name: l.sendKey }).click();
        await expect(page.getByRole("alert")).toHaveText(l.tooSoon);
        await expect(page).toHaveURL(/\/forgot\?/);
      }
      await expectNoAxeViolations(page);
    });

    test("flags bad input on both forms", async ({ page }) => {
      await page.goto(`${prefix}/forgot`);
      await page.getByRole("button", { name: l.sendKey }).click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(page.getByLabel(l.email, { exact: true })).toBeFocused();
      await screenshotBothModes(page, "forgot-errors");
      await page.getByLabel(l.email, { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: l.sendKey }).click();
      await expect(page.getByText(l.invalidEmail)).toBeVisible();

      await page.goto(`${prefix}/reset`);
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.required)).toHaveCount(3);
      await expect(page.getByLabel(l.email, { exact: true })).toBeFocused();
      await screenshotBothModes(page, "reset-errors");
      await expectNoAxeViolations(page);
    });

    test("refuses a wrong key, a short and a common password, then a used key", async ({
      page,
    }) => {
      const account = await registerAccount(page.request);
      await pastSendInterval(page);
      const since = Date.now();
      await page.goto(`${prefix}/forgot?email=${encodeURIComponent(account.email)}`);
      await page.getByRole("button", { name: l.sendKey }).click();
      const key = keyIn(await waitForMessage(account.email, { since }));
      const wrong = key === "000000" ? "111111" : "000000";
      const submit = async (typedKey: string, password: string) => {
        await page.getByLabel(l.key).fill(typedKey);
        await page.getByLabel(l.newPassword, { exact: true }).fill(password);
        await page.getByRole("button", { name: l.submit }).click();
      };

      await submit(wrong, strongPassword());
      await expect(page.getByText(l.wrongKey)).toBeVisible();
      await expect(page.getByLabel(l.key)).toBeFocused();

      await submit(key, "short");
      await expect(page.getByText(l.short)).toBeVisible();

      // The key checks and the password is refused: a better password needs no new key.
      await submit(key, "password123");
      await expect(page.getByText(l.common)).toBeVisible();
      await expect(page.getByLabel(l.key)).toHaveCount(0);
      await expect(page.getByLabel(l.newPassword, { exact: true })).toBeFocused();
      await page.getByLabel(l.newPassword, { exact: true }).fill(strongPassword());
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard?notice=password-reset`);

      // The key is spent now.
      await page.context().clearCookies();
      await page.goto(`${prefix}/reset?email=${encodeURIComponent(account.email)}`);
      await submit(key, strongPassword());
      await expect(page.getByRole("alert")).toContainText(l.deadKey);
    });

    test("sends a new key on request; the old one then fails", async ({ page }) => {
      const account = await registerAccount(page.request);
      await pastSendInterval(page);
      let since = Date.now();
      await page.goto(`${prefix}/forgot?email=${encodeURIComponent(account.email)}`);
      await page.getByRole("button", { name: l.sendKey }).click();
      const first = keyIn(await waitForMessage(account.email, { since }));

      await pastSendInterval(page);
      since = Date.now();
      await page.getByRole("button", { name: l.sendNewKey }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/reset\\?email=.+&sent=1$`));
      const second = keyIn(await waitForMessage(account.email, { since }));

      if (first !== second) {
        await page.getByLabel(l.key).fill(first);
        await page.getByLabel(l.newPassword, { exact: true }).fill(strongPassword());
        await page.getByRole("button", { name: l.submit }).click();
        await expect(page.getByText(l.wrongKey)).toBeVisible();
      }
      await page.getByLabel(l.key).fill(second);
      await page.getByLabel(l.newPassword, { exact: true }).fill(strongPassword());
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard?notice=password-reset`);
    });
  });
}

test("a reset form with the honeypot filled in is refused", async ({ page }) => {
  const response = await page.request.post("/forgot", {
    form: { email: uniqueEmail(), contact_website: "spam" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole reset journey works", async ({ page }) => {
    const account = await registerAccount(page.request);
    await pastSendInterval(page);
    const since = Date.now();
    await page.goto("/forgot");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Send a key" }).click();
    const key = keyIn(await waitForMessage(account.email, { since }));
    await page.getByLabel("Key from the email").fill(key);
    await page.getByLabel("New password", { exact: true }).fill(strongPassword());
    await page.getByRole("button", { name: "Set the password and sign in" }).click();
    await expect(page).toHaveURL("/dashboard?notice=password-reset");
    await expect(page.getByText("Your new password is set")).toBeVisible();
  });
});
