import {
  expect,
  expectNoAxeViolations,
  openHydrated,
  registerAccount,
  screenshotBothModes,
  test,
  uniquePhone,
  waitForMessage,
} from "./fixtures";
import { loginLabels } from "./support/labels";

for (const [prefix, l] of loginLabels) {
  test.describe(`login ${prefix || "(en)"}`, () => {
    test("signs in by email, with the password shown on request", async ({ page }) => {
      const account = await registerAccount(page.request);
      await page.goto(`${prefix}/login?email=${encodeURIComponent(account.email)}`);
      await expect(page.getByLabel(l.email)).toHaveValue(account.email);
      await screenshotBothModes(page, "login-form");
      await expectNoAxeViolations(page);

      const password = page.getByLabel(l.password, { exact: true });
      await password.fill(account.password);
      await expect(password).toHaveAttribute("type", "password");
      await page.getByRole("button", { name: l.show }).click();
      await expect(password).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: l.hide }).click();
      await expect(password).toHaveAttribute("type", "password");

      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`);
    });

    test("signs in by phone from the phone tab", async ({ page }) => {
      const phone = uniquePhone();
      const account = await registerAccount(page.request, { phone });
      await page.goto(`${prefix}/login`);
      await page.getByRole("link", { name: l.phoneTab }).click();
      await expect(page).toHaveURL(`${prefix}/login?method=phone`);
      await expect(page.getByRole("link", { name: l.phoneTab })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await screenshotBothModes(page, "login-phone");
      await expectNoAxeViolations(page);

      await page.getByLabel(l.phone).fill(phone.replace("+966", "00966 "));
      await page.getByLabel(l.password, { exact: true }).fill("not the password");
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(l.wrongPhone);

      await page.getByLabel(l.password, { exact: true }).fill(account.password);
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`);
    });

    test("flags empty and malformed fields and focuses the first", async ({ page }) => {
      await page.goto(`${prefix}/login`);
      await page.getByRole("button", { name: l.submit }).click();
      const email = page.getByLabel(l.email);
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toBeFocused();
      await expect(page.getByText(l.required)).toHaveCount(2);
      await screenshotBothModes(page, "login-errors");
      await expectNoAxeViolations(page);

      await email.fill("not-an-email");
      await page.getByLabel(l.password, { exact: true }).fill("whatever");
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.invalidEmail)).toBeVisible();

      await page.goto(`${prefix}/login?method=phone`);
      await page.getByLabel(l.phone).fill("0501234567");
      await page.getByLabel(l.password, { exact: true }).fill("whatever");
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.invalidPhone)).toBeVisible();
      await expect(page.getByLabel(l.phone)).toBeFocused();
    });

    test("offers to verify an unverified account and sends the key", async ({ page }) => {
      const account = await registerAccount(page.request, { verified: false });
      await page.goto(`${prefix}/login`);
      await page.getByLabel(l.email).fill(account.email);
      await page.getByLabel(l.password, { exact: true }).fill(account.password);
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByRole("alert")).toContainText(l.notVerified);
      await screenshotBothModes(page, "login-unverified");
      await expectNoAxeViolations(page);

      const since = Date.now();
      await page.getByRole("button", { name: l.verifyNow }).click();
      await expect(page).toHaveURL(`${prefix}/signup/verify`);
      await waitForMessage(account.email, { since });
    });

    test("says so when an account has had too many attempts", async ({ page }) => {
      const account = await registerAccount(page.request);
      // Ten failures from this browser: failures count per account and address.
      await page.goto(`${prefix}/login`);
      for (let attempt = 0; attempt < 10; attempt++) {
        await page.getByLabel(l.email).fill(account.email);
        await page.getByLabel(l.password, { exact: true }).fill("wrong password");
        await page.getByRole("button", { name: l.submit }).click();
        await expect(page.getByRole("alert")).toHaveText(l.invalidCredentials);
      }
      await page.getByLabel(l.email).fill(account.email);
      await page.getByLabel(l.password, { exact: true }).fill(account.password);
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(l.rateLimited);
      await expect(page).toHaveURL(`${prefix}/login`);
    });

    test("a malformed email reads the same from the browser and from the server", async ({
      page,
      browser,
      baseURL,
    }) => {
      // With JavaScript the form's schema checks the fields in the browser: nothing is posted.
      await openHydrated(page, `${prefix}/login`);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      const email = page.getByLabel(l.email);
      await email.fill("not-an-email");
      await page.getByRole("button", { name: l.submit }).click();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(l.invalidEmail)).toBeVisible();
      await expect(page.getByText(l.required)).toBeVisible();
      expect(posts).toEqual([]);

      // Without it the server answers with the same schema and the same words.
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        userAgent: test.info().project.use.userAgent,
      });
      const plain = await context.newPage();
      await plain.goto(`${prefix}/login`);
      await plain.getByLabel(l.email).fill("not-an-email");
      await plain.getByLabel(l.password, { exact: true }).fill("whatever");
      const answer = plain.waitForResponse((response) => response.request().method() === "POST");
      await plain.getByRole("button", { name: l.submit }).click();
      expect((await answer).status()).toBe(422);
      await expect(plain.getByLabel(l.email)).toHaveAttribute("aria-invalid", "true");
      await expect(plain.getByText(l.invalidEmail)).toBeVisible();
      await expect(plain.getByLabel(l.email)).toHaveValue("not-an-email");
      await context.close();
    });
  });
}

test("a form with the honeypot filled in is refused", async ({ page }) => {
  const account = await registerAccount(page.request);
  const response = await page.request.post("/login", {
    form: { email: account.email, password: account.password, contact_website: "spam" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
});

test("a cross-origin post is refused before it reaches the form", async ({ page, baseURL }) => {
  const account = await registerAccount(page.request);
  const response = await page.request.post("/login", {
    form: { email: account.email, password: account.password },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const sameOrigin = await page.request.post("/login", {
    form: { email: account.email, password: account.password },
    headers: { Origin: new URL(baseURL ?? "http://localhost").origin },
    maxRedirects: 0,
  });
  expect(sameOrigin.status()).toBe(302);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the phone tab and phone sign-in work", async ({ page }) => {
    const phone = uniquePhone();
    const account = await registerAccount(page.request, { phone });
    await page.goto("/login");
    await page.getByRole("link", { name: "Phone" }).click();
    await page.getByLabel("Phone number").fill(phone);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("keeps the login but not the password, and offers to verify", async ({ page }) => {
    const account = await registerAccount(page.request, { verified: false });
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email or password is not correct.");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("This account is not verified yet.");
    const since = Date.now();
    await page.getByRole("button", { name: "Send me a verification key" }).click();
    await expect(page).toHaveURL("/signup/verify");
    await waitForMessage(account.email, { since });
  });
});
