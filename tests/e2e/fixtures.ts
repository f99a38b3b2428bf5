import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../playwright.config";

export const DEMO_EMAIL = "demo@qalam.local";
export { DEMO_PASSWORD, expect };

/** Signs the page's browser context in through the web app's own login action. */
export async function signIn(page: Page) {
  const response = await page.request.post("/login", {
    form: { email: DEMO_EMAIL, password: DEMO_PASSWORD, redirectTo: "/dashboard" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

export const test = base;
