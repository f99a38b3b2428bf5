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
  uniquePhone,
  waitForMessage,
} from "./fixtures";
import { signupLabels } from "./support/labels";

type Labels = (typeof signupLabels)[number][1];

type Signup = {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  password?: string;
  organization?: string;
  terms?: boolean;
};

/** Fills the sign-up form; the email or phone field must be the one shown. */
async function fillSignup(page: Page, l: Labels, values: Signup) {
  await page.getByLabel(l.firstName).fill(values.firstName ?? "Layla");
  await page.getByLabel(l.lastName).fill(values.lastName ?? "Haddad");
  if (values.phone !== undefined) await page.getByLabel(l.phone).fill(values.phone);
  else await page.getByLabel(l.email).fill(values.email ?? uniqueEmail("signup"));
  await page.getByLabel(l.password, { exact: true }).fill(values.password ?? strongPassword());
  await page.getByLabel(l.organization).fill(values.organization ?? "Haddad Studio");
  if (values.terms !== false) await page.getByLabel(l.terms).check();
}

/** The form's controls answer once React runs: the show-password button appears with it. */
async function waitForHydration(page: Page, l: Labels) {
  await expect(page.getByRole("button", { name: l.show })).toBeVisible();
}

async function signUpToVerifyStep(page: Page, prefix: string, l: Labels, email: string) {
  await page.goto(`${prefix}/signup`);
  await waitForHydration(page, l);
  await fillSignup(page, l, { email });
  const since = Date.now();
  await page.getByRole("button", { name: l.submit }).click();
  await expect(page).toHaveURL(`${prefix}/signup/verify`);
  return since;
}

for (const [prefix, l] of signupLabels) {
  test.describe(`signup ${prefix || "(en)"}`, () => {
    test("signs up by email, verifies the key and lands on the dashboard", async ({ page }) => {
      const email = uniqueEmail("signup");
      await page.goto(`${prefix}/signup`);
      await expect(page.getByRole("heading", { name: l.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${l.title}`));
      await waitForHydration(page, l);
      await expectNoAxeViolations(page);

      await fillSignup(page, l, { email, password: "abc" });
      const password = page.getByLabel(l.password, { exact: true });
      await expect(page.getByText(l.weak)).toBeVisible();
      await password.fill(strongPassword());
      await expect(page.getByText(l.strong)).toBeVisible();
      await screenshotBothModes(page, "signup-form");

      const since = Date.now();
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/signup/verify`);
      await expect(page.getByRole("heading", { name: l.checkEmail })).toBeVisible();
      await expect(page.getByText(l.sentTo)).toContainText(email);
      await expect(page.getByText(email, { exact: true })).toHaveAttribute("dir", "ltr");
      await expect(page).toHaveTitle(new RegExp(`^${l.title}`));
      const resendButton = page.getByRole("button", { name: l.resendIn });
      await expect(resendButton).toBeDisabled();
      await screenshotBothModes(page, "signup-verify");
      await expectNoAxeViolations(page);

      const key = keyIn(await waitForMessage(email, { since }));
      await page.getByLabel(l.key).fill(key);
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`);
      await expect(page.getByRole("button", { name: l.userMenu })).toBeVisible();
    });

    test("signs up by phone with the key from the SMS", async ({ page }) => {
      const phone = uniquePhone();
      await page.goto(`${prefix}/signup`);
      await waitForHydration(page, l);
      await page.getByRole("link", { name: l.withPhone }).click();
      await expect(page).toHaveURL(`${prefix}/signup?method=phone`);
      await expect(page.getByRole("link", { name: l.withPhone })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByLabel(l.phone)).toHaveAttribute("dir", "ltr");

      await fillSignup(page, l, { phone: phone.replace("+966", "+966 ") });
      const since = Date.now();
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/signup/verify`);
      await expect(page.getByRole("heading", { name: l.checkPhone })).toBeVisible();

      const key = keyIn(await waitForMessage(phone, { since }));
      await page.getByLabel(l.key).fill(key);
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`);
      await expect(page.getByRole("button", { name: l.userMenu })).toBeVisible();
    });

    test("hints that an email is already registered when the field is left", async ({ page }) => {
      const account = await registerAccount(page.request);
      await page.goto(`${prefix}/signup`);
      await waitForHydration(page, l);
      const email = page.getByLabel(l.email);
      await email.fill(account.email);
      await email.blur();
      await expect(page.getByText(l.emailExists)).toBeVisible();
      await expect(page.getByRole("link", { name: l.signInInstead })).toHaveAttribute(
        "href",
        `${prefix}/login?email=${encodeURIComponent(account.email)}`,
      );
      await expect(email).not.toHaveAttribute("aria-invalid", "true");
      await screenshotBothModes(page, "signup-email-exists");
      await expectNoAxeViolations(page);

      await email.fill(uniqueEmail("free"));
      await email.blur();
      await expect(page.getByText(l.emailExists)).toHaveCount(0);
    });

    test("refuses a taken email on submit, offering to sign in", async ({ page }) => {
      const account = await registerAccount(page.request);
      await page.goto(`${prefix}/signup`);
      await waitForHydration(page, l);
      await fillSignup(page, l, { email: account.email });
      await page.getByRole("button", { name: l.submit }).click();
      const email = page.getByLabel(l.email);
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toBeFocused();
      await expect(email).toHaveAccessibleDescription(l.emailTaken);
      await expect(page.getByRole("link", { name: l.signInInstead })).toHaveAttribute(
        "href",
        `${prefix}/login?email=${encodeURIComponent(account.email)}`,
      );
      await expect(page.getByLabel(l.firstName)).toHaveValue("Layla");
    });

    test("flags empty, too long and malformed fields and focuses the first", async ({ page }) => {
      await page.goto(`${prefix}/signup`);
      await waitForHydration(page, l);
      await page.getByRole("button", { name: l.submit }).click();
      const firstName = page.getByLabel(l.firstName);
      await expect(firstName).toHaveAttribute("aria-invalid", "true");
      await expect(firstName).toBeFocused();
      for (const label of [l.lastName, l.email, l.organization, l.terms]) {
        await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      }
      await expect(page.getByLabel(l.password, { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(page.getByText(l.required)).toHaveCount(5);
      await expect(page.getByText(l.termsRequired)).toBeVisible();
      await screenshotBothModes(page, "signup-errors");
      await expectNoAxeViolations(page);

      // What the inputs' maxlength stops in a browser, the server refuses from any client.
      for (const label of [l.firstName, l.lastName]) {
        await page.getByLabel(label).evaluate((input) => input.removeAttribute("maxlength"));
      }
      await fillSignup(page, l, {
        firstName: "a".repeat(101),
        lastName: "b".repeat(101),
        email: "not-an-email",
        password: "short",
        terms: false,
      });
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.nameTooLong)).toHaveCount(2);
      await expect(page.getByText(l.invalidEmail)).toBeVisible();
      await expect(page.getByText(l.passwordTooShort)).toBeVisible();
      await expect(page.getByText(l.termsRequired)).toBeVisible();
      await expect(firstName).toBeFocused();
      await expect(page.getByLabel(l.email)).toHaveValue("not-an-email");
      await expect(page.getByLabel(l.organization)).toHaveValue("Haddad Studio");

      // Eight characters as people count them: four emoji are eight UTF-16 units, not enough.
      await fillSignup(page, l, { password: "😀😀😀😀" });
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.passwordTooShort)).toBeVisible();

      await fillSignup(page, l, { password: "password123" });
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.passwordTooCommon)).toBeVisible();
      await expect(page.getByLabel(l.password, { exact: true })).toBeFocused();

      await page.getByRole("link", { name: l.withPhone }).click();
      await expect(page).toHaveURL(`${prefix}/signup?method=phone`);
      await fillSignup(page, l, { phone: "0501234567" });
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.invalidPhone)).toBeVisible();
      await expect(page.getByLabel(l.phone)).toBeFocused();

      // International in form but no such number: the API says so, on the same field.
      await fillSignup(page, l, { phone: "+999 123 4567" });
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.invalidPhone)).toBeVisible();
      await expect(page.getByLabel(l.phone)).toHaveValue("+999 123 4567");
    });

    test("refuses a wrong key, and the old key after a resend", async ({ page }) => {
      await page.clock.install();
      const email = uniqueEmail("resend");
      const since = await signUpToVerifyStep(page, prefix, l, email);
      const resendButton = page.getByRole("button", { name: l.resendIn });
      await expect(resendButton).toBeDisabled();
      const firstKey = keyIn(await waitForMessage(email, { since }));
      const firstKeyArrived = Date.now();

      const keyField = page.getByLabel(l.key);
      await keyField.fill("12");
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(page.getByText(l.keyFormat)).toBeVisible();

      const wrongKey = firstKey === "000000" ? "111111" : "000000";
      await keyField.fill(wrongKey);
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(keyField).toHaveAttribute("aria-invalid", "true");
      await expect(keyField).toHaveAccessibleDescription(l.invalidKey);
      await expect(keyField).toBeFocused();
      await screenshotBothModes(page, "signup-verify-error");
      await expectNoAxeViolations(page);

      // The cooldown runs out in the page; the API's own pause in tests is two seconds.
      await page.clock.fastForward(61_000);
      await expect(page.getByRole("button", { name: l.resend })).toBeEnabled();
      // The API counts its two seconds from the first key's sending, which came before its arrival.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, firstKeyArrived + 2_200 - Date.now())),
      );
      const resentSince = Date.now();
      await page.getByRole("button", { name: l.resend }).click();
      await expect(page.getByRole("status")).toHaveText(l.resent);
      await expect(page.getByRole("button", { name: l.resendIn })).toBeDisabled();
      const secondKey = keyIn(await waitForMessage(email, { since: resentSince }));

      // One time in a million the new key is the old one; it then rightly works.
      if (secondKey !== firstKey) {
        await keyField.fill(firstKey);
        await page.getByRole("button", { name: l.verify, exact: true }).click();
        await expect(keyField).toHaveAccessibleDescription(l.invalidKey);
      }

      await keyField.fill(secondKey);
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`);
    });

    test("five wrong keys make this address wait, and the page says for how long", async ({
      page,
    }) => {
      const email = uniqueEmail("burnt");
      const since = await signUpToVerifyStep(page, prefix, l, email);
      const key = keyIn(await waitForMessage(email, { since }));
      const keyField = page.getByLabel(l.key);
      const wrongKeys = ["000000", "111111", "222222", "333333", "444444", "555555"]
        .filter((wrong) => wrong !== key)
        .slice(0, 5);
      for (const wrong of wrongKeys) {
        await keyField.fill(wrong);
        await page.getByRole("button", { name: l.verify, exact: true }).click();
        await expect(keyField).toHaveAccessibleDescription(l.invalidKey);
      }
      // The key is not burnt; this address waits before it may try again.
      await keyField.fill(key);
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(l.rateLimited);
      await expect(page).toHaveURL(new RegExp(`${prefix}/signup/verify`));
    });

    test("starts over with a different email", async ({ page }) => {
      await signUpToVerifyStep(page, prefix, l, uniqueEmail("restart"));
      await page.getByRole("button", { name: l.restart }).click();
      await expect(page).toHaveURL(`${prefix}/signup`);
      await expect(page.getByRole("heading", { name: l.title })).toBeVisible();
      // The pending verification is gone: the verify step is no longer reachable.
      await page.goto(`${prefix}/signup/verify`);
      await expect(page).toHaveURL(`${prefix}/signup`);
    });

    test("verifies an account sent here from sign-in, by phone", async ({ page }) => {
      const phone = uniquePhone();
      await registerAccount(page.request, { phone, verified: false });
      // The sign-in page's "verify now" sets the same pending verification.
      const since = Date.now();
      const started = await page.request.post(`${prefix}/login`, {
        form: { intent: "verify", loginValue: phone, loginType: "PHONE" },
        maxRedirects: 0,
      });
      expect(started.status()).toBe(302);
      await page.goto(`${prefix}/signup/verify`);
      await expect(page.getByRole("heading", { name: l.checkPhone })).toBeVisible();
      await expect(page.getByText(phone, { exact: true })).toHaveAttribute("dir", "ltr");
      const key = keyIn(await waitForMessage(phone, { since }));
      await page.getByLabel(l.key).fill(key);
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`);
    });
  });
}

test("the verify step without a pending verification goes back to the form", async ({ page }) => {
  await page.goto("/ar/signup/verify");
  await expect(page).toHaveURL("/ar/signup");
});

test("a sign-up with the honeypot filled in is refused and creates no account", async ({
  page,
}) => {
  const email = uniqueEmail("bot");
  const password = strongPassword();
  const form = {
    intent: "register",
    method: "email",
    firstName: "Bot",
    lastName: "Bot",
    email,
    password,
    organization: "Bots",
    terms: "on",
  };
  const refused = await page.request.post("/signup", {
    form: { ...form, contact_website: "https://spam.example" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  const login = await page.request.post("/login", { form: { email, password }, maxRedirects: 0 });
  expect(login.status()).not.toBe(302);
  const exists = await page.request.post("/api/v1/user/email-exists", { data: { value: email } });
  expect(await exists.json()).toEqual({ exists: false });

  // The same form without the honeypot goes through.
  const accepted = await page.request.post("/signup", { form, maxRedirects: 0 });
  expect(accepted.status()).toBe(302);
  expect(accepted.headers().location).toBe("/signup/verify");
});

test("bad input answers 422 with the typed values and never the password", async ({ page }) => {
  const password = strongPassword();
  const response = await page.request.post("/ar/signup", {
    form: {
      intent: "register",
      method: "email",
      firstName: "Layla",
      lastName: "Haddad",
      email: "layla@not-valid",
      password,
      organization: "Haddad Studio",
    },
  });
  expect(response.status()).toBe(422);
  const html = await response.text();
  expect(html).toContain("layla@not-valid");
  expect(html).toContain("Haddad Studio");
  expect(html).not.toContain(password);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [prefix, l] of signupLabels) {
    test(`signs up by email, resends and verifies ${prefix || "(en)"}`, async ({ page }) => {
      const email = uniqueEmail("nojs");
      await page.goto(`${prefix}/signup`);
      await fillSignup(page, l, { email });
      await expect(page.locator("[data-strength]")).toHaveCount(0);
      const since = Date.now();
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page).toHaveURL(`${prefix}/signup/verify`);
      await expect(page.getByRole("heading", { name: l.checkEmail })).toBeVisible();
      // No countdown without JavaScript: the seconds left at render, and a usable button.
      await expect(page.getByRole("button", { name: l.resendIn })).toBeEnabled();
      const firstKey = keyIn(await waitForMessage(email, { since }));
      const firstKeyArrived = Date.now();

      // The API counts its two seconds from the first key's sending, which came before its arrival.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, firstKeyArrived + 2_200 - Date.now())),
      );
      const resentSince = Date.now();
      await page.getByRole("button", { name: l.resendIn }).click();
      await expect(page.getByRole("status")).toHaveText(l.resent);
      const secondKey = keyIn(await waitForMessage(email, { since: resentSince }));
      if (secondKey !== firstKey) {
        await page.getByLabel(l.key).fill(firstKey);
        await page.getByRole("button", { name: l.verify, exact: true }).click();
        await expect(page.getByText(l.invalidKey)).toBeVisible();
      }

      await page.getByLabel(l.key).fill(secondKey);
      await page.getByRole("button", { name: l.verify, exact: true }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`);
      await expect(page.getByRole("button", { name: l.userMenu })).toBeVisible();
    });
  }
});
