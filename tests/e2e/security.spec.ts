import { apiToken, expect, signIn, test } from "./fixtures";
import { loginLabels } from "./support/labels";

test("every page carries the security headers with a fresh nonce", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/login", "/ar/login", "/nothing"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    nonces.add(nonce as string);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["x-powered-by"]).toBeUndefined();
  }
  expect(nonces.size).toBe(3);
});

test("the page has the fixed viewport and no CSP violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  // The browser reports a blocked script (zod's probe of `new Function`, caught where it runs)
  // as an event, whether or not it also logs it.
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  for (const [prefix, l] of loginLabels) {
    await page.goto(`${prefix}/login`);
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", "width=1280");
    // The form validates in the browser once a field is left and once it is sent.
    const email = page.getByLabel(l.email);
    await email.fill("not an address");
    await email.blur();
    await page.getByRole("button", { name: l.submit }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("bad form bodies get a 400, never a 500", async ({ request }) => {
  const json = await request.post("/login", { data: { email: "x" } });
  expect(json.status()).toBe(400);
  const language = await request.post("/locale", { form: { language: "fr", redirectTo: "/" } });
  expect(language.status()).toBe(400);
  const logout = await request.post("/logout", { data: "not a form" });
  expect(logout.status()).toBe(400);
});

test("malformed paths get a 400 or 404 page, never a 500", async ({ request }) => {
  for (const path of ["/%", "/threads/%E0%A4%A", "/locales/ar/..%2F..%2Fpackage.json"]) {
    const response = await request.get(path);
    expect([400, 404], path).toContain(response.status());
  }
});

test.describe("redirects stay on this site", () => {
  test("a stale token cookie on //evil.example/ leads home, not away", async ({
    page,
    baseURL,
  }) => {
    const account = await signIn(page);
    // Signed out everywhere else: the browser's cookie now names a revoked session.
    const elsewhere = await apiToken(page.request, account);
    const revoked = await page.request.delete("/api/v1/user/sessions", {
      headers: { Authorization: `Bearer ${elsewhere}` },
    });
    expect(revoked.status()).toBe(200);

    const [staleCookie] = await page.context().cookies();
    expect(staleCookie?.name).toBe("token");
    for (const path of ["//evil.example/", "//evil.example/%2e%2e", "/ar//evil.example/"]) {
      // Each answer clears the cookie: it goes back before the next try.
      await page.context().addCookies([staleCookie as NonNullable<typeof staleCookie>]);
      const response = await page.request.get(`${baseURL}${path}`, { maxRedirects: 0 });
      expect(response.headers()["set-cookie"], path).toMatch(/^token=;/);
      expect(response.status(), path).toBe(302);
      const location = response.headers().location ?? "";
      expect(location, path).toMatch(/^\/(?!\/|\\)/);
      expect(location, path).not.toContain("evil.example/%2e");
    }
  });

  test("the language switch leads to this site only, prefix removed or not", async ({
    request,
  }) => {
    const cases: [language: string, redirectTo: string, expected: string][] = [
      ["en", "/ar//evil.example/", "/"],
      ["en", "/ar/\\evil.example", "/"],
      ["ar", "//evil.example/", "/ar"],
      ["en", "/ar/workspaces?page=2", "/workspaces?page=2"],
    ];
    for (const [language, redirectTo, expected] of cases) {
      const response = await request.post("/locale", {
        form: { language, redirectTo },
        maxRedirects: 0,
      });
      expect(response.status(), redirectTo).toBe(302);
      expect(response.headers().location, redirectTo).toBe(expected);
    }
  });
});

test("the sidebar's job list answers a guest with none, never with the sign-in page", async ({
  request,
  page,
}) => {
  // A session that ended under an open page: the page's next read must not take it to sign-in
  // with this JSON as the place to come back to.
  const guest = await request.get("/jobs/latest", { maxRedirects: 0 });
  expect(guest.status()).toBe(200);
  expect(guest.headers()["cache-control"]).toBe("private, no-store");
  expect(await guest.json()).toEqual([]);
  await signIn(page);
  const member = await page.request.get("/jobs/latest", { maxRedirects: 0 });
  expect(member.status()).toBe(200);
  expect(await member.json()).toEqual([]);
});
