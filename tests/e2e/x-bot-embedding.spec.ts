import {
  apiToken,
  expect,
  expectNoAxeViolations,
  openHydrated,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";

for (const [prefix, s] of [
  [
    "",
    {
      domain: "Domain",
      add: "Add domain",
      invalid: "Enter a domain such as example.com or *.example.com.",
      rotate: "Create a secret…",
      confirm: "Create the secret",
      shownOnce: "it is shown this once",
    },
  ],
  [
    "/ar",
    {
      domain: "النطاق",
      add: "أضف النطاق",
      invalid: "اكتب نطاقًا مثل example.com أو ‎*.example.com.",
      rotate: "إنشاء سرّ…",
      confirm: "أنشئ السرّ",
      shownOnce: "يُعرض هذه المرة فقط",
    },
  ],
] as const) {
  test(`embedding: snippets, allowed domains and the identity secret ${prefix || "(en)"}`, async ({
    page,
  }) => {
    const account = await signIn(page);
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const response = await page.request.post("/api/v1/bots", {
      headers,
      data: { name: "Support", status: "live" },
    });
    expect(response.status()).toBe(201);
    const bot = (await response.json()) as { publicId: string };

    await openHydrated(page, `${prefix}/x-bot/embedding`);
    await expect(page.getByTestId("snippet-bubble")).toContainText(`data-bot="${bot.publicId}"`);
    await expect(page.getByTestId("snippet-inline")).toContainText(`data-bot="${bot.publicId}"`);
    await expect(page.getByTestId("snippet-link")).toHaveText(
      `http://localhost:${new URL(page.url()).port}/b/${bot.publicId}`,
    );
    await expect(page.getByTestId("snippet-iframe")).toContainText(`title="Support"`);

    // A bad domain: the server's error, translated, by the field.
    const field = page.getByLabel(s.domain, { exact: true });
    await field.fill("not a domain");
    await page.getByRole("button", { name: s.add }).click();
    await expect(page.getByRole("alert")).toHaveText(s.invalid);
    await expect(field).toHaveAttribute("aria-invalid", "true");

    await field.fill("*.example.com");
    await page.getByRole("button", { name: s.add }).click();
    await expect(page.locator("li code", { hasText: "*.example.com" })).toBeVisible();

    // The secret: behind a confirmation, shown once.
    await page.locator("summary", { hasText: s.rotate }).click();
    await page.getByRole("button", { name: s.confirm }).click();
    await expect(page.getByRole("status")).toContainText(s.shownOnce);
    const secret = (await page.getByTestId("identity-secret").textContent()) ?? "";
    expect(secret.length).toBeGreaterThan(20);
    await screenshotBothModes(page, "xbot-embedding");
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByTestId("identity-secret")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
  });
}
