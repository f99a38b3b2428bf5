import { randomBytes } from "node:crypto";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  type Response,
} from "@playwright/test";
import { SINK_URL } from "../../playwright.config";
import type { SinkMessage } from "./support/mail-sink";

export { expect };

export type Account = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
};

let counter = 0;

/** An address no other test uses, on a domain that never receives real mail. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString("hex")}@example.test`;
}

/** A valid Saudi mobile number no other test uses. */
export function uniquePhone(): string {
  counter += 1;
  const subscriber =
    (Number.parseInt(randomBytes(3).toString("hex"), 16) * 7 + counter) % 10_000_000;
  return `+96650${String(subscriber).padStart(7, "0")}`;
}

export const strongPassword = () => `e2e ${randomBytes(8).toString("base64url")} passphrase`;

/** The next message to `to` that arrived after `since`, waiting for it to reach the sink. */
export async function waitForMessage(
  to: string,
  options: { since?: number; timeoutMs?: number } = {},
): Promise<SinkMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const response = await fetch(`${SINK_URL}/messages?to=${encodeURIComponent(to)}`);
    const messages = ((await response.json()) as SinkMessage[]).filter(
      (message) => message.receivedAt >= (options.since ?? 0),
    );
    const latest = messages.at(-1);
    if (latest) return latest;
    if (Date.now() > deadline) throw new Error(`No message to ${to} reached the sink`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function keyIn(message: SinkMessage): string {
  const key = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!key) throw new Error(`No key in "${message.text}"`);
  return key;
}

/**
 * Registers a verified account through the API, the way the sign-up page does, reading the key
 * from the mail sink.
 */
export async function registerAccount(
  request: APIRequestContext,
  overrides: Partial<Account> & {
    locale?: "en" | "ar";
    verified?: boolean;
    /** Sign up and verify by phone (`phone` needed): the email is then given but unproven. */
    verifyBy?: "EMAIL" | "PHONE";
  } = {},
): Promise<Account> {
  const account: Account = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? strongPassword(),
    firstName: overrides.firstName ?? "Nadia",
    lastName: overrides.lastName ?? "Karim",
    phone: overrides.phone ?? null,
  };
  const registered = await request.post("/api/v1/registration", {
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      ...(account.phone ? { phone: account.phone } : {}),
      password: account.password,
      loginType: overrides.verifyBy ?? "EMAIL",
      locale: overrides.locale ?? "en",
      "organization.name": `${account.firstName}'s Studio`,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  if (overrides.verified === false) return account;

  const since = Date.now();
  const loginType = overrides.verifyBy ?? "EMAIL";
  const loginValue = loginType === "PHONE" ? (account.phone ?? "") : account.email;
  const requested = await request.post("/api/v1/request-reg-verification-key", {
    data: { loginValue, loginType },
  });
  expect(requested.status()).toBe(200);
  const { token } = await requested.json();
  const key = keyIn(await waitForMessage(loginValue, { since }));
  const verified = await request.post("/api/v1/verify-reg-verification-key", {
    data: { token, key, loginType },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** Signs the page's browser context in through the web app's own login action. */
export async function signIn(page: Page, account?: Account): Promise<Account> {
  const signedIn = account ?? (await registerAccount(page.request));
  const response = await page.request.post("/login", {
    form: { email: signedIn.email, password: signedIn.password, redirectTo: "/dashboard" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return signedIn;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * Keeps a full-page screenshot of the page in both colour modes, as
 * <outputDir>/screenshots/<name>-<lang>-<light|dark>.png, attached to the test's report. The page
 * must follow the system colour mode (the default preference).
 */
export async function screenshotBothModes(page: Page, name: string) {
  const language = (await page.locator("html").getAttribute("lang"))?.slice(0, 2) ?? "en";
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveAttribute("data-color-mode", colorScheme);
    const path = join(
      base.info().project.outputDir,
      "screenshots",
      `${name}-${language}-${colorScheme}.png`,
    );
    await page.screenshot({ path, fullPage: true, animations: "disabled" });
    await base
      .info()
      .attach(`${name}-${language}-${colorScheme}`, { path, contentType: "image/png" });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "light");
  // Colours ease from one mode to the other: what runs next (axe, say) sees them settled.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== "running",
      ),
  );
}

/** A bearer token for the API, as any API client signs in. */
export async function apiToken(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/v1/login", {
    data: { value: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

/** `member` joins the owner's current organization through an invitation, over the API. */
export async function joinOrganization(
  request: APIRequestContext,
  owner: Account,
  member: Account,
  role: "admin" | "member" | "viewer" = "member",
) {
  const ownerToken = await apiToken(request, owner);
  const me = await (
    await request.get("/api/v1/user", { headers: { Authorization: `Bearer ${ownerToken}` } })
  ).json();
  const since = Date.now();
  const invited = await request.post(
    `/api/v1/organizations/${me.account.currentOrganizationId}/invitations`,
    {
      headers: { Authorization: `Bearer ${ownerToken}` },
      data: { email: member.email, role },
    },
  );
  expect(invited.status()).toBe(201);
  const link = /token=([\w-]+)/.exec((await waitForMessage(member.email, { since })).text)?.[1];
  const accepted = await request.post("/api/v1/invitations/accept", {
    headers: { Authorization: `Bearer ${await apiToken(request, member)}` },
    data: { token: link },
  });
  expect(accepted.status()).toBe(200);
}

/** Opens a page and waits until it is hydrated: React Router discovers its links' routes only then. */
/** Resolves once React runs in the page (the root marks `<html data-hydrated>`). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Opens a page and waits until its client-side code runs, and React Router has discovered its links. */
export async function openHydrated(page: Page, url: string) {
  const discovered = page.waitForResponse((response) => response.url().includes("/__manifest"));
  await page.goto(url);
  await Promise.all([discovered, waitForHydration(page)]);
}

/**
 * With JavaScript on, `page.goto` and `page.reload` come back once the page is hydrated: a click
 * on a menu or a dialog before React runs does nothing, and the test would wait for it in vain.
 * `test.use({ hydration: false })` turns this off for tests of pages that never hydrate.
 */
export const test = base.extend<{ hydration: boolean }>({
  hydration: [true, { option: true }],
  page: async ({ page, hydration, javaScriptEnabled }, use) => {
    if (hydration && javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (isPage(response)) await waitForHydration(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (isPage(response)) await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
});

/** An HTML page that can hydrate: not an error answered in plain text, a file or a redirect away. */
function isPage(response: Response | null) {
  return Boolean(response?.headers()["content-type"]?.startsWith("text/html"));
}

/** Opens a section of the organization's page by its link (general, members, AI, usage). */
export async function openOrganizationSection(page: Page, sections: string, name: string) {
  await page
    .getByRole("navigation", { name: sections })
    .getByRole("link", { name, exact: true })
    .click();
  await expect(
    page.getByRole("navigation", { name: sections }).getByRole("link", { name, exact: true }),
  ).toHaveAttribute("aria-current", "page");
}
