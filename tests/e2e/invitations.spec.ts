import type { Browser, Page } from "@playwright/test";
import {
  type Account,
  apiToken,
  expect,
  expectNoAxeViolations,
  keyIn,
  openHydrated,
  openOrganizationSection,
  registerAccount,
  screenshotBothModes,
  signIn,
  strongPassword,
  test,
  uniqueEmail,
  uniquePhone,
  waitForMessage,
} from "./fixtures";
import {
  invitationFormLabels,
  invitationLabels,
  invitationLinkLabels,
  organizationSectionLabels,
} from "./support/labels";

const notice = (page: Page) => page.getByRole("status");

/** The invitation link in the newest mail to `email` since `since`. */
async function invitationLink(email: string, since: number) {
  const message = await waitForMessage(email, { since });
  const link = /https?:\/\/\S+\/accept-invite\?\S+/.exec(message.text)?.[0];
  expect(link, message.text).toBeTruthy();
  const url = new URL(link as string);
  return { path: `${url.pathname}${url.search}`, subject: message.subject };
}

/** A browser of its own, for the invitee. */
async function newBrowserPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** The members' section of the owner's organization page, where the invitations are. */
async function openOwnOrganization(page: Page, prefix: string, settingsOf: string) {
  await page.goto(`${prefix}/account/organization`);
  await page.getByRole("link", { name: settingsOf }).click();
  await page.waitForURL(/\/account\/organization\/[0-9a-f-]{36}/);
  const s = (prefix ? organizationSectionLabels[1] : organizationSectionLabels[0])[1];
  await openOrganizationSection(page, s.sections, s.members);
}

for (const [prefix, l] of invitationLabels) {
  test.describe(`invitations ${prefix || "(en)"}`, () => {
    test("a guest invited by mail signs up with the address filled in and joins", async ({
      page,
      browser,
    }) => {
      const owner = await registerAccount(page.request, { locale: prefix ? "ar" : "en" });
      await signIn(page, owner);
      await openOwnOrganization(page, prefix, l.settingsOf);
      // Live, so that the member who joins later shows up here by themselves.
      await expect(page.locator("aside [data-realtime]")).toHaveAttribute("data-realtime", "live");
      const invitations = page.getByRole("region", { name: l.invitations });
      const email = uniqueEmail("invitee");
      const since = Date.now();
      await invitations.getByLabel(l.email).fill(email);
      await invitations.getByLabel(l.role).selectOption("member");
      await invitations.getByRole("button", { name: l.send }).click();
      await expect(notice(page)).toHaveText(l.sent);
      await expect(invitations.getByRole("listitem")).toHaveCount(1);
      await expect(invitations).toContainText(email);
      await screenshotBothModes(page, "organization-invitations");
      await expectNoAxeViolations(page);

      // The mail is in the inviter's language; its link opens the invitee's own browser.
      const link = await invitationLink(email, since);
      expect(link.subject).toBe(l.subject);
      expect(link.path.startsWith(`${prefix}/accept-invite?`)).toBe(true);
      const guest = await newBrowserPage(browser);
      await guest.goto(link.path);
      await expect(guest).toHaveURL(new RegExp(`${prefix}/login\\?`));
      await guest.getByRole("link", { name: l.signUp }).click();
      await expect(guest.getByLabel(l.signupEmail, { exact: true })).toHaveValue(email);

      await guest.getByLabel(l.firstName).fill("Omar");
      await guest.getByLabel(l.lastName).fill("Saleh");
      await guest.getByLabel(l.password, { exact: true }).fill(strongPassword());
      await guest.getByLabel(l.organization).fill("Omar's Desk");
      await guest.getByLabel(l.terms).check();
      const keySince = Date.now();
      await guest.getByRole("button", { name: l.createAccount }).click();
      await expect(guest.getByLabel(l.key)).toBeVisible();
      await guest.getByLabel(l.key).fill(keyIn(await waitForMessage(email, { since: keySince })));
      await guest.getByRole("button", { name: l.verify, exact: true }).click();

      // Verified and signed in, the new account lands on the invitation.
      await expect(guest).toHaveURL(new RegExp(`${prefix}/accept-invite\\?`));
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(l.joinTitle);
      await expect(guest.getByText(l.joinBody)).toBeVisible();
      await screenshotBothModes(guest, "accept-invite");
      await expectNoAxeViolations(guest);
      await guest.getByRole("button", { name: l.join }).click();
      await expect(guest).toHaveURL(`${prefix}/dashboard?notice=invitation-accepted`);
      await expect(notice(guest)).toHaveText(l.accepted);

      // The owner's page, left open, shows the new member without a reload.
      const members = page.getByRole("region", { name: l.members });
      await expect(members.getByRole("listitem")).toHaveCount(2);
      await expect(members).toContainText("Omar Saleh");
      await expect(invitations.getByRole("listitem")).toHaveCount(0);

      // A used link says so.
      await guest.goto(link.path);
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(l.used);
      await guest.context().close();
    });
  });
}

test.describe("invitations", () => {
  /** An owner with their organization page open, and an invitation mailed to `invitee`. */
  async function invited(page: Page, invitee: string, role = "member") {
    const owner = await signIn(page);
    await openOwnOrganization(page, "", "Settings of Nadia's Studio");
    const since = Date.now();
    const invitations = page.getByRole("region", { name: "Invitations" });
    await invitations.getByLabel("Email address").fill(invitee);
    await invitations.getByLabel("Role").selectOption(role);
    await invitations.getByRole("button", { name: "Send invitation" }).click();
    await expect(notice(page)).toHaveText("The invitation is on its way.");
    return { owner, invitations, link: await invitationLink(invitee, since) };
  }

  test("an invitee whose email no key has proven verifies it from the page, then joins", async ({
    page,
    browser,
  }) => {
    const guest = await newBrowserPage(browser);
    // Signed up and verified by phone: the email beside it is the account's, but unproven.
    const member = await registerAccount(guest.request, {
      firstName: "Sami",
      phone: uniquePhone(),
      verifyBy: "PHONE",
    });
    const { link } = await invited(page, member.email);
    await signIn(guest, member);

    await guest.goto(link.path);
    await expect(guest.getByRole("button", { name: "Join Nadia's Studio" })).toHaveCount(0);
    await expect(guest.getByRole("main")).toContainText("prove that");
    await expectNoAxeViolations(guest);
    await guest.getByRole("link", { name: "Verify my email" }).click();

    const addresses = guest.getByRole("region", { name: "Email and phone" });
    await expect(addresses).toContainText("Not verified");
    await expect(addresses.getByLabel("New address")).toHaveValue(member.email);
    await addresses.getByLabel("Current password", { exact: true }).fill(member.password);
    const since = Date.now();
    await addresses.getByRole("button", { name: "Send a key" }).click();
    await expect(notice(guest)).toBeVisible();
    const key = keyIn(await waitForMessage(member.email, { since }));
    await addresses.getByLabel("Key", { exact: true }).fill(key);
    await addresses.getByRole("button", { name: "Confirm the change" }).click();
    await expect(addresses.getByRole("definition").first()).toContainText("Verified");

    await guest.goto(link.path);
    await guest.getByRole("button", { name: "Join Nadia's Studio" }).click();
    await expect(guest).toHaveURL(/\/dashboard\?notice=invitation-accepted/);
    await guest.context().close();
  });

  test("the open invitations come ten to a page, newest first", async ({ page }) => {
    const owner = await signIn(page);
    const token = await apiToken(page.request, owner);
    const me = await page.request.get("/api/v1/user", {
      headers: { Authorization: `Bearer ${token}` },
    });
    const organizationId = (await me.json()).account.currentOrganizationId as string;
    const addresses = Array.from({ length: 11 }, (_, i) => uniqueEmail(`invitee${i}`));
    for (const email of addresses) {
      const sent = await page.request.post(`/api/v1/organizations/${organizationId}/invitations`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { email, role: "member" },
      });
      expect(sent.status()).toBe(201);
    }
    await page.goto(`/account/organization/${organizationId}/members`);
    const invitations = page.getByRole("region", { name: "Invitations" });
    await expect(invitations.getByRole("listitem")).toHaveCount(10);
    await expect(invitations.getByRole("listitem").first()).toContainText(addresses[10] as string);
    const pages = invitations.getByRole("navigation", { name: "Pages of invitations" });
    await expect(pages).toContainText("Page 1 of 2");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/invitationsPage=2#invitations$/);
    await expect(invitations.getByRole("listitem")).toHaveCount(1);
    await expect(invitations.getByRole("listitem")).toContainText(addresses[0] as string);
    await expectNoAxeViolations(page);
  });

  test("someone with an account signs in from the link and joins as an admin, whom the owner can then manage", async ({
    page,
    browser,
  }) => {
    const guest = await newBrowserPage(browser);
    const member: Account = await registerAccount(guest.request, { firstName: "Huda" });
    const { link } = await invited(page, member.email, "admin");

    await guest.goto(link.path);
    await expect(guest).toHaveURL(/\/login\?/);
    await expect(guest.getByLabel("Email")).toHaveValue(member.email);
    await guest.getByLabel("Password", { exact: true }).fill(member.password);
    await guest.getByRole("button", { name: "Sign in" }).click();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Join Nadia's Studio");
    await guest.getByRole("button", { name: "Join Nadia's Studio" }).click();
    await expect(notice(guest)).toBeVisible();

    // The owner changes the new admin's role, then removes them after confirming.
    await page.reload();
    const members = page.getByRole("region", { name: "Members" });
    await expect(members.getByRole("listitem")).toHaveCount(2);
    await members.getByLabel("Role of Huda Karim", { exact: true }).selectOption("viewer");
    await members.getByRole("button", { name: "Change the role of Huda Karim" }).click();
    await expect(notice(page)).toHaveText("The member's role is changed.");
    await expect(members.getByLabel("Role of Huda Karim", { exact: true })).toHaveValue("viewer");
    await members.getByRole("button", { name: "Remove Huda Karim" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Remove Huda Karim?");
    await dialog.getByRole("button", { name: "Remove member" }).click();
    await expect(notice(page)).toHaveText("The member is removed.");
    await expect(members.getByRole("listitem")).toHaveCount(1);

    // The removed member's organization list no longer has it.
    await guest.goto("/account/organization");
    await expect(guest.getByRole("main")).not.toContainText("Nadia's Studio");
    await guest.context().close();
  });

  test("the invite form refuses empty, malformed, a member's and an invited address", async ({
    page,
  }) => {
    const invitee = uniqueEmail("twice");
    const { owner, invitations } = await invited(page, invitee);
    const field = invitations.getByLabel("Email address");
    const send = invitations.getByRole("button", { name: "Send invitation" });

    await send.click();
    await expect(invitations.getByText("This field is required.")).toBeVisible();
    await expect(field).toBeFocused();
    await field.fill("not-an-address");
    await send.click();
    await expect(invitations.getByText("Enter a valid email address.")).toBeVisible();
    await expect(field).toHaveValue("not-an-address");
    await field.fill(owner.email);
    await send.click();
    await expect(invitations.getByText("This address belongs to a member already.")).toBeVisible();
    await field.fill(invitee);
    await send.click();
    await expect(
      invitations.getByText("This address is invited already: resend that invitation instead."),
    ).toBeVisible();
    await expect(invitations.getByRole("listitem")).toHaveCount(1);

    // Resending mails a new link.
    const since = Date.now();
    await invitations.getByRole("button", { name: `Resend the invitation to ${invitee}` }).click();
    await expect(notice(page)).toHaveText("The invitation is sent again, with a new link.");
    expect((await invitationLink(invitee, since)).path).toContain("token=");
  });
});

for (const [prefix, l] of invitationLinkLabels) {
  test(`a withdrawn invitation, one for someone else and a broken link each get a clear page ${prefix || "(en)"}`, async ({
    page,
    browser,
  }) => {
    await signIn(page, await registerAccount(page.request, { locale: prefix ? "ar" : "en" }));
    await openOwnOrganization(page, prefix, l.settingsOf);
    const invitations = page.getByRole("region", { name: l.invitations });
    const sendTo = async (email: string) => {
      const since = Date.now();
      await invitations.getByLabel(l.email).fill(email);
      await invitations.getByRole("button", { name: l.send }).click();
      await expect(notice(page)).toHaveText(l.sent);
      return invitationLink(email, since);
    };

    const invitee = uniqueEmail("revoked");
    const link = await sendTo(invitee);
    await invitations.getByRole("button", { name: l.revokeFor(invitee) }).click();
    // The address keeps its left-to-right order inside an Arabic question.
    await expect(page.getByRole("alertdialog").locator('bdi[dir="ltr"]')).toHaveText(invitee);
    await page.getByRole("alertdialog").getByRole("button", { name: l.revoke }).click();
    await expect(notice(page)).toHaveText(l.revoked);
    await expect(invitations.getByRole("listitem")).toHaveCount(0);

    const other = await newBrowserPage(browser);
    const someoneElse = await signIn(other);
    await other.goto(link.path);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(l.withdrawn);
    await screenshotBothModes(other, "accept-invite-withdrawn");

    const second = uniqueEmail("elsewhere");
    const secondLink = await sendTo(second);
    await other.goto(secondLink.path);
    await expect(other.getByText(l.forSomeoneElse(second, someoneElse.email))).toBeVisible();
    await expect(other.getByRole("status").locator('bdi[dir="ltr"]')).toHaveText([
      second,
      someoneElse.email,
    ]);
    // No way to accept it: the form that would is not there.
    await expect(other.locator('input[name="token"]')).toHaveCount(0);

    await other.goto(`${prefix}/accept-invite?token=not-a-real-invitation-token`);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(l.broken);
    await other.goto(`${prefix}/accept-invite`);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(l.broken);
    await other.context().close();
  });
}

for (const [prefix, l] of invitationFormLabels) {
  test.describe(`the invite form's message for a malformed address ${prefix || "(en)"}`, () => {
    test("comes from the browser with JavaScript, before anything is sent", async ({ page }) => {
      await signIn(page);
      await openOwnOrganization(page, prefix, l.settingsOf);
      await openHydrated(page, page.url());
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      const invitations = page.getByRole("region", { name: l.invitations });
      await invitations.getByLabel(l.email).fill("not-an-address");
      await invitations.getByRole("button", { name: l.send }).click();
      await expect(invitations.getByText(l.invalidEmail)).toBeVisible();
      await expect(invitations.getByLabel(l.email)).toHaveAttribute("aria-invalid", "true");
      expect(posts).toEqual([]);
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("comes from the server, the same words in the page", async ({ page }) => {
        await signIn(page);
        await openOwnOrganization(page, prefix, l.settingsOf);
        const invitations = page.getByRole("region", { name: l.invitations });
        await invitations.getByLabel(l.email).fill("not-an-address");
        const answer = page.waitForResponse((response) => response.request().method() === "POST");
        await invitations.getByRole("button", { name: l.send }).click();
        expect((await answer).status()).toBe(422);
        await expect(invitations.getByText(l.invalidEmail)).toBeVisible();
        await expect(invitations.getByLabel(l.email)).toHaveValue("not-an-address");
        await expect(invitations.getByRole("listitem")).toHaveCount(0);
      });
    });
  });
}
