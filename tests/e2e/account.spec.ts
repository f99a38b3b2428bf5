import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import {
  type Account,
  apiToken,
  expect,
  expectNoAxeViolations,
  keyIn,
  openHydrated,
  registerAccount,
  screenshotBothModes,
  signIn,
  strongPassword,
  test,
  uniqueEmail,
  uniquePhone,
  waitForMessage,
} from "./fixtures";
import { accountLabels } from "./support/labels";

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: "#3b82f6" } })
    .png()
    .toBuffer();

/** Another browser signed in to the same account: another session. */
async function signInElsewhere(browser: Browser, account: Account, userAgent?: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    ...(userAgent ? { userAgent } : {}),
  });
  await signIn(await context.newPage(), account);
  return context;
}

/** Whether a context's session still works: a signed-out one is sent to /login. */
async function isSignedIn(context: BrowserContext) {
  const response = await context.request.get("/dashboard");
  expect(response.status()).toBe(200);
  return !new URL(response.url()).pathname.endsWith("/login");
}

const notice = (page: Page) => page.getByRole("status");

for (const [prefix, l] of accountLabels) {
  test.describe(`account ${prefix || "(en)"}`, () => {
    test("edits the profile with a new photo, then removes the photo", async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/account`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      await screenshotBothModes(page, "account");
      await expectNoAxeViolations(page);

      await page.getByLabel(l.firstName).fill("Layla");
      await page.getByLabel(l.lastName).fill("Haddad");
      await page.getByLabel(l.avatar, { exact: true }).setInputFiles({
        name: "me.png",
        mimeType: "image/png",
        buffer: await png(),
      });
      await expect(page.getByRole("img", { name: l.avatarPreview })).toHaveAttribute(
        "src",
        /^blob:/,
      );
      await expect(page.getByText("me.png")).toBeVisible();
      await page.getByRole("button", { name: l.saveProfile }).click();

      await expect(page).toHaveURL(`${prefix}/account?notice=profile-saved`);
      await expect(notice(page)).toHaveText(l.profileSaved);
      const sidebar = page.locator("aside");
      await expect(sidebar).toContainText("Layla Haddad");
      await expect(sidebar.locator("img")).toHaveAttribute("src", /\/api\/v1\/files\/avatars\//);
      const stored = await page.request.get(
        (await sidebar.locator("img").getAttribute("src")) ?? "",
      );
      expect(stored.headers()["content-type"]).toBe("image/webp");

      await page.getByLabel(l.removeAvatar).check();
      await page.getByRole("button", { name: l.saveProfile }).click();
      await expect(notice(page)).toHaveText(l.profileSaved);
      await expect(sidebar.locator("img")).toHaveCount(0);
      await expect(sidebar).toContainText("LH");

      // The next submission's answer replaces the old success message.
      await page.getByLabel(l.firstName).fill("");
      await page.getByRole("button", { name: l.saveProfile }).click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(notice(page)).toHaveCount(0);
    });

    test("flags bad profile input and changes nothing", async ({ page }) => {
      const account = await signIn(page);
      await page.goto(`${prefix}/account`);
      const save = page.getByRole("button", { name: l.saveProfile });
      const firstName = page.getByLabel(l.firstName);

      await firstName.fill("");
      await save.click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(firstName).toBeFocused();
      await screenshotBothModes(page, "account-errors");
      await expectNoAxeViolations(page);

      // Longer than the field allows, as a client that ignores maxlength would send it.
      await firstName.evaluate((input) => input.removeAttribute("maxlength"));
      await firstName.fill("x".repeat(101));
      await save.click();
      await expect(page.getByText(l.nameTooLong)).toBeVisible();
      await firstName.fill("Nadia");

      // Named and typed as a PNG, but not one: it does not decode, so there is nothing to
      // preview and nothing to send.
      const avatar = page.getByLabel(l.avatar, { exact: true });
      await avatar.setInputFiles({
        name: "photo.png",
        mimeType: "image/png",
        buffer: Buffer.from("this is not an image"),
      });
      await expect(page.getByText(l.unreadableImage)).toBeVisible();
      await expect(avatar).toHaveAttribute("aria-invalid", "true");
      expect(await avatar.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
      await expect(page.getByText(l.noAvatarChosen)).toBeVisible();
      // The initials stand in (an image by role), but no picture is shown.
      await expect(page.locator(`img[alt="${l.avatarPreview}"]`)).toHaveCount(0);
      await expectNoAxeViolations(page);
      // A real image afterwards is previewed, and the message goes.
      await avatar.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png() });
      await expect(page.getByRole("img", { name: l.avatarPreview })).toHaveAttribute(
        "src",
        /^blob:/,
      );
      await expect(page.getByText(l.unreadableImage)).toHaveCount(0);

      // Too large or of the wrong type: said before anything is sent.
      await page.getByLabel(l.avatar, { exact: true }).setInputFiles({
        name: "huge.png",
        mimeType: "image/png",
        buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
      });
      await expect(page.getByText(l.fileTooLarge)).toBeVisible();
      await page.getByLabel(l.avatar, { exact: true }).setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("notes"),
      });
      await expect(page.getByText(l.invalidImage)).toBeVisible();

      await page.goto(`${prefix}/account`);
      await expect(firstName).toHaveValue(account.firstName);
      await expect(page.locator("aside img")).toHaveCount(0);
    });

    test("says what is wrong the same way with and without JavaScript", async ({
      page,
      browser,
    }) => {
      const fillBadProfile = async (on: Page) => {
        await on.getByLabel(l.firstName).fill("");
        await on.getByLabel(l.lastName).fill("Kept");
        await on.getByRole("button", { name: l.saveProfile }).click();
      };

      // With JavaScript the browser checks the form with the server's schema: nothing is sent.
      const account = await signIn(page);
      await openHydrated(page, `${prefix}/account`);
      const posted: string[] = [];
      page.on("request", (request) => {
        // The action, posted by a document or by React Router's fetch (/account.data).
        if (
          request.method() === "POST" &&
          /\/account(\.data)?$/.test(new URL(request.url()).pathname)
        ) {
          posted.push(request.url());
        }
      });
      await fillBadProfile(page);
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(page.getByLabel(l.firstName)).toBeFocused();
      expect(posted).toEqual([]);

      // Without it the server answers with the same messages, keeping what was typed.
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        javaScriptEnabled: false,
      });
      const noScript = await context.newPage();
      await signIn(noScript, account);
      await noScript.goto(`${prefix}/account`);
      await fillBadProfile(noScript);
      await expect(noScript.getByText(l.required)).toBeVisible();
      await expect(noScript.getByLabel(l.firstName)).toHaveAttribute("aria-invalid", "true");
      await expect(noScript.getByLabel(l.lastName)).toHaveValue("Kept");
      await context.close();
    });

    test("changes the password and signs out every other session", async ({ page, browser }) => {
      const account = await signIn(page);
      const elsewhere = await signInElsewhere(browser, account);
      await page.goto(`${prefix}/account`);
      const section = page.locator("#password");
      const current = section.getByLabel(l.currentPassword, { exact: true });
      const next = section.getByLabel(l.newPassword, { exact: true });
      const submit = section.getByRole("button", { name: l.changePassword });

      await submit.click();
      await expect(page.getByText(l.required)).toHaveCount(2);
      await expect(current).toBeFocused();

      await current.fill("not my password");
      await next.fill(strongPassword());
      await submit.click();
      await expect(page.getByText(l.wrongCurrent)).toBeVisible();
      await expect(current).toBeFocused();

      await current.fill(account.password);
      await next.fill("short");
      await submit.click();
      await expect(page.getByText(l.tooShort)).toBeVisible();
      await expect(next).toBeFocused();

      await current.fill(account.password);
      await next.fill("password123");
      await submit.click();
      await expect(page.getByText(l.tooCommon)).toBeVisible();
      expect(await isSignedIn(elsewhere)).toBe(true);

      const newPassword = strongPassword();
      await current.fill(account.password);
      await next.fill(newPassword);
      await submit.click();
      await expect(page).toHaveURL(`${prefix}/account?notice=password-changed`);
      await expect(notice(page)).toHaveText(l.passwordChanged);
      await expect(current).toHaveValue("");
      expect(await isSignedIn(elsewhere)).toBe(false);
      expect(await isSignedIn(page.context())).toBe(true);

      const login = (password: string) =>
        page.request.post("/api/v1/login", { data: { value: account.email, password } });
      expect((await login(account.password)).status()).toBe(401);
      expect((await login(newPassword)).status()).toBe(200);
      await elsewhere.close();
    });

    test("changes the email with the password and a key sent to the new address", async ({
      page,
    }) => {
      const other = await registerAccount(page.request);
      // Mail goes out in the profile's language.
      const locale = prefix ? "ar" : "en";
      const account = await signIn(page, await registerAccount(page.request, { locale }));
      await page.goto(`${prefix}/account`);
      const section = page.getByRole("region", { name: l.addresses });
      await expect(section).toContainText(account.email);
      await expect(section).toContainText(l.verified);
      const newEmail = section.getByLabel(l.newAddress);
      const password = section.getByLabel(l.currentPassword, { exact: true });
      const send = section.getByRole("button", { name: l.sendKey });

      await newEmail.fill(other.email);
      await password.fill(account.password);
      await send.click();
      await expect(section.getByText(l.emailTaken)).toBeVisible();
      await expect(newEmail).toBeFocused();

      const next = uniqueEmail("moved");
      await newEmail.fill(next);
      await password.fill("not my password");
      await send.click();
      await expect(section.getByText(l.wrongCurrent)).toBeVisible();

      await password.fill(account.password);
      await send.click();
      await expect(page).toHaveURL(`${prefix}/account?notice=address-key-sent#addresses`);
      await expect(notice(page)).toHaveText(l.keySent);
      await expect(section).toContainText(next);
      // Nothing has changed yet: the account still signs in with its address.
      await expect(section.getByRole("definition").first()).toContainText(account.email);
      await screenshotBothModes(page, "account-address-key");
      await expectNoAxeViolations(page);

      const since = Date.now();
      const key = keyIn(await waitForMessage(next));
      const keyField = section.getByLabel(l.key, { exact: true });
      await keyField.fill(key === "000000" ? "111111" : "000000");
      await section.getByRole("button", { name: l.confirmChange }).click();
      await expect(keyField).toHaveAccessibleDescription(new RegExp(l.wrongKey));
      await keyField.fill(key);
      await section.getByRole("button", { name: l.confirmChange }).click();
      await expect(page).toHaveURL(`${prefix}/account?notice=address-changed#addresses`);
      await expect(notice(page)).toHaveText(l.addressChanged);
      await expect(section.getByRole("definition").first()).toContainText(next);
      const told = await waitForMessage(account.email, { since });
      expect(told.subject).toBe(l.addressChangedMail);
      expect(told.text).toContain(next);
    });

    test("cancels a change that waits for its key", async ({ page }) => {
      const account = await signIn(page);
      await page.goto(`${prefix}/account`);
      const section = page.getByRole("region", { name: l.addresses });
      await section.getByLabel(l.which).selectOption("PHONE");
      await section.getByLabel(l.newAddress).fill(uniquePhone());
      await section.getByLabel(l.currentPassword, { exact: true }).fill(account.password);
      await section.getByRole("button", { name: l.sendKey }).click();
      await expect(notice(page)).toHaveText(l.keySent);

      await section.getByRole("button", { name: l.cancelChange }).click();
      await expect(notice(page)).toHaveText(l.changeCancelled);
      await expect(section.getByRole("button", { name: l.sendKey })).toBeVisible();
      await expect(section.getByRole("definition").nth(1)).not.toContainText("+");
    });

    test("lists the sessions and signs them out, one or all others", async ({ page, browser }) => {
      const account = await signIn(page);
      const phone = await signInElsewhere(browser, account, iPhone);
      await page.goto(`${prefix}/account`);
      const sessions = page.getByRole("region", { name: /./ }).filter({ has: page.locator("ul") });
      await expect(page.getByText(l.iPhone)).toBeVisible();
      await expect(page.getByText(l.thisDevice)).toBeVisible();

      await page.getByRole("button", { name: l.endOne }).click();
      await expect(notice(page)).toHaveText(l.sessionEnded);
      await expect(page.getByText(l.iPhone)).toHaveCount(0);
      expect(await isSignedIn(phone)).toBe(false);

      const laptops = [
        await signInElsewhere(browser, account),
        await signInElsewhere(browser, account),
      ];
      await page.reload();
      await page.getByRole("button", { name: l.endOthers }).click();
      const dialog = page.getByRole("alertdialog", { name: l.confirmTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: l.cancel })).toBeFocused();
      await screenshotBothModes(page, "account-confirm");
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: l.cancel }).click();
      await expect(dialog).toHaveCount(0);
      expect(await isSignedIn(laptops[0] as BrowserContext)).toBe(true);

      await page.getByRole("button", { name: l.endOthers }).click();
      await dialog.getByRole("button", { name: l.confirm }).click();
      await expect(notice(page)).toHaveText(l.sessionsEnded);
      await expect(page.getByText(l.noOthers)).toBeVisible();
      await expect(sessions.getByRole("listitem")).toHaveCount(1);
      for (const laptop of laptops) expect(await isSignedIn(laptop)).toBe(false);
      expect(await isSignedIn(page.context())).toBe(true);
      for (const context of [phone, ...laptops]) await context.close();
    });

    test("pages the sessions, this device first, and signs out those on every page", async ({
      page,
    }) => {
      const account = await signIn(page);
      // With the session that verifying the registration opened, and this device's, eleven: one
      // page of ten, this device's first, and one more.
      for (let i = 0; i < 9; i++) await apiToken(page.request, account);
      await page.goto(`${prefix}/account`);
      const section = page.locator("#sessions");
      await expect(section.getByRole("listitem")).toHaveCount(10);
      await expect(section.getByRole("listitem").first()).toContainText(l.thisDevice);
      await expect(section).toContainText(l.othersCount("10"));
      const pages = section.getByRole("navigation", { name: l.pagesOfSessions });
      await expect(pages).toContainText(l.sessionsPageOf("1", "2"));
      await expectNoAxeViolations(page);
      await pages.getByRole("link", { name: l.next }).click();
      await expect(page).toHaveURL(/sessionsPage=2#sessions$/);
      await expect(section.getByRole("listitem")).toHaveCount(1);
      await expect(section.getByRole("listitem")).not.toContainText(l.thisDevice);

      await page.getByRole("button", { name: l.endOthers }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.confirm }).click();
      await expect(notice(page)).toHaveText(l.sessionsEnded);
      await expect(section.getByRole("listitem")).toHaveCount(1);
      await expect(section.getByRole("listitem")).toContainText(l.thisDevice);
      await expect(pages).toHaveCount(0);
    });

    test("keeps the colour mode in the browser", async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/account`);
      // The radio is visually hidden behind its label, which is what people click.
      await page.locator("label").filter({ hasText: l.dark }).click();
      await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
      await expect(page.getByRole("radio", { name: l.dark })).toBeChecked();
    });
  });
}

/** The language saved on the profile, which mail and SMS use. */
async function profileLocale(page: Page, account: Account) {
  const response = await page.request.get("/api/v1/user", {
    headers: { Authorization: `Bearer ${await apiToken(page.request, account)}` },
  });
  return (await response.json()).locale as string;
}

test("the language shown is the page's, and choosing one applies at once", async ({ page }) => {
  const account = await signIn(page, await registerAccount(page.request, { locale: "en" }));
  await page.goto("/ar/account");
  // The profile still says English; the page is Arabic, and so is the choice it shows.
  const preferences = page.getByRole("region", { name: "التفضيلات" });
  await expect(preferences.getByRole("radio", { name: "العربية" })).toBeChecked();
  await expect(preferences.getByRole("radio", { name: "English" })).not.toBeChecked();
  // Choosing is enough: no button to press once JavaScript runs.
  await expect(preferences.getByRole("button", { name: "حفظ اللغة" })).toHaveCount(0);

  await preferences.locator("label").filter({ hasText: "English" }).click();
  await expect(page).toHaveURL("/account?notice=preferences-saved");
  await expect(page.getByRole("status")).toHaveText("Your language is saved.");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  const english = page.getByRole("region", { name: "Preferences" });
  await expect(english.getByRole("radio", { name: "English" })).toBeChecked();
  await expect(english.getByRole("radio", { name: "العربية" })).not.toBeChecked();
  expect(await profileLocale(page, account)).toBe("en");

  await english.locator("label").filter({ hasText: "العربية" }).click();
  await expect(page).toHaveURL("/ar/account?notice=preferences-saved");
  await expect(page.getByRole("status")).toHaveText("تم حفظ اللغة.");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await profileLocale(page, account)).toBe("ar");
  // An unprefixed address now leads to Arabic.
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/ar/dashboard");
});

test("a profile form from another site is refused", async ({ page }) => {
  await signIn(page);
  const response = await page.request.post("/account", {
    headers: { Origin: "https://evil.example" },
    form: { intent: "profile", firstName: "Mallory", lastName: "X", email: "m@example.test" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("saves the profile with a photo and refuses one over 5 MB", async ({ page }) => {
    await signIn(page);
    await page.goto("/account");
    await page.getByLabel("First name").fill("Omar");
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: await png(),
    });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page).toHaveURL("/account?notice=profile-saved");
    await expect(page.locator("aside")).toContainText("Omar");
    await expect(page.locator("aside img")).toHaveAttribute("src", /\/api\/v1\/files\/avatars\//);

    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(6 * 1024 * 1024),
    });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("The file is too large: at most 5 MB.")).toBeVisible();

    // Named and typed as a PNG, but not one: the API reads the content.
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not an image"),
    });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Choose a PNG, JPEG or WebP image.")).toBeVisible();
  });

  test("saves the language with its button", async ({ page }) => {
    const account = await signIn(page);
    await page.goto("/ar/account");
    const preferences = page.getByRole("region", { name: "التفضيلات" });
    await expect(preferences.getByRole("radio", { name: "العربية" })).toBeChecked();
    await preferences.locator("label").filter({ hasText: "English" }).click();
    // Nothing happens until the choice is sent.
    await expect(page).toHaveURL("/ar/account");
    await preferences.getByRole("button", { name: "حفظ اللغة" }).click();
    await expect(page).toHaveURL("/account?notice=preferences-saved");
    await expect(page.getByRole("status")).toHaveText("Your language is saved.");
    await expect(page.getByRole("radio", { name: "English" })).toBeChecked();
    expect(await profileLocale(page, account)).toBe("en");
  });

  test("asks in the page before signing out everywhere else", async ({ page, browser }) => {
    const account = await signIn(page);
    const elsewhere = await signInElsewhere(browser, account);
    await page.goto("/account");
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    const question = page.getByRole("alertdialog", { name: "Sign out everywhere else?" });
    await expect(question).toBeVisible();
    expect(await isSignedIn(elsewhere)).toBe(true);
    await question.getByRole("button", { name: "Sign them out" }).click();
    await expect(page).toHaveURL("/account?notice=sessions-ended");
    expect(await isSignedIn(elsewhere)).toBe(false);
    await elsewhere.close();
  });

  test("changes the password", async ({ page }) => {
    const account = await signIn(page);
    await page.goto("/account");
    const section = page.locator("#password");
    await section.getByLabel("Current password", { exact: true }).fill(account.password);
    await section.getByLabel("New password", { exact: true }).fill(strongPassword());
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL("/account?notice=password-changed");
  });

  test("adds a phone number with the key sent to it", async ({ page }) => {
    const account = await signIn(page);
    await page.goto("/ar/account");
    const section = page.getByRole("region", { name: "البريد الإلكتروني والهاتف" });
    const phone = uniquePhone();
    await section.getByLabel("أي عنوان").selectOption("PHONE");
    await section.getByLabel("العنوان الجديد").fill(phone);
    await section.getByLabel("كلمة المرور الحالية", { exact: true }).fill(account.password);
    await section.getByRole("button", { name: "أرسل مفتاحًا" }).click();
    await expect(page).toHaveURL("/ar/account?notice=address-key-sent#addresses");

    await section.getByLabel("المفتاح", { exact: true }).fill(keyIn(await waitForMessage(phone)));
    await section.getByRole("button", { name: "أكّد التغيير" }).click();
    await expect(page).toHaveURL("/ar/account?notice=address-changed#addresses");
    await expect(section.getByRole("definition").nth(1)).toContainText(phone);
    await expect(section.getByRole("definition").nth(1)).toContainText("موثّق");
  });
});
