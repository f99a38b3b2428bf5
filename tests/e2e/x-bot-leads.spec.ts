import type { APIRequestContext } from "@playwright/test";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  openHydrated,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { messagesOf } from "./support/messages";

const site = "http://shop.localhost";

/** A visitor's conversation on the site in which they leave their details. */
async function leaveDetails(
  request: APIRequestContext,
  publicId: string,
  details: { name: string; email: string },
) {
  const headers = { origin: site };
  const started = await request.post(`/api/v1/public/bots/${publicId}/conversations`, {
    headers,
    data: { locale: "en" },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { conversationId, token } = await started.json();
  const sent = await request.post(
    `/api/v1/public/bots/${publicId}/conversations/${conversationId}/lead`,
    {
      headers: { ...headers, Authorization: `Bearer ${token}` },
      data: { ...details, consent: true },
    },
  );
  expect(sent.status(), await sent.text()).toBe(201);
}

const journeys = [
  { prefix: "", language: "en", name: "Hala Saeed", email: "hala@shop.example" },
  { prefix: "/ar", language: "ar", name: "هالة سعيد", email: "hala.ar@shop.example" },
] as const;

for (const k of journeys) {
  test(`a lead is followed up, made a client and deleted (${k.language})`, async ({ page }) => {
    const t = messagesOf(k.language);
    const account = await signIn(page);
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const made = await page.request.post("/api/v1/bots", {
      headers,
      data: { name: "Sales", status: "live", allowedDomains: ["shop.localhost"] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const bot = (await made.json()) as { id: string; publicId: string };
    await page.request.put("/api/v1/user/current-bot", { headers, data: { botId: bot.id } });

    await openHydrated(page, `${k.prefix}/x-bot/leads`);
    await expect(page.getByRole("heading", { name: t("leads.empty.title") })).toBeVisible();
    await expect(page.locator("aside [data-realtime]")).toHaveAttribute("data-realtime", "live");

    const form = await page.request.put(`/api/v1/bots/${bot.id}/lead-form`, {
      headers,
      data: {
        enabled: true,
        when: "before-chat",
        required: false,
        name: "required",
        email: "required",
        phone: "off",
        fields: [],
        consentText: "I agree to be contacted.",
      },
    });
    expect(form.status(), await form.text()).toBe(200);
    await leaveDetails(page.request, bot.publicId, { name: k.name, email: k.email });

    // The new lead arrives in the open page without a reload.
    const table = page.getByRole("table", { name: t("leads.table.caption") });
    const row = table.getByRole("row").filter({ hasText: k.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(t("leads.statuses.new"));
    await row.getByRole("link", { name: k.name }).click();
    const panel = page.getByRole("article");
    await expect(panel).toContainText(k.email);
    await expect(panel.getByRole("link", { name: t("leads.panel.transcript") })).toHaveAttribute(
      "href",
      new RegExp(`${k.prefix}/x-bot/history\\?conversation=\\d+$`),
    );

    // Followed up: a status and a note, saved.
    await panel
      .getByRole("combobox", { name: t("leads.panel.status") })
      .selectOption({ label: t("leads.statuses.contacted") });
    await panel.getByRole("textbox", { name: t("leads.panel.notes") }).fill("Called on Sunday.");
    await panel.getByRole("button", { name: t("leads.panel.save") }).click();
    await expect(page.getByText(t("common:notices.lead-saved"))).toBeVisible();
    await expect(row).toContainText(t("leads.statuses.contacted"));
    await expect(panel.getByRole("textbox", { name: t("leads.panel.notes") })).toHaveValue(
      "Called on Sunday.",
    );
    await screenshotBothModes(page, "xbot-leads");
    await expectNoAxeViolations(page);

    // Made a client, once; the panel then leads to it.
    await panel.getByRole("button", { name: t("leads.panel.convert") }).click();
    const toClient = panel.getByRole("link", {
      name: t("leads.panel.openClient", { name: k.name }),
    });
    await expect(toClient).toBeVisible();
    await expect(panel.getByRole("button", { name: t("leads.panel.convert") })).toHaveCount(0);
    const client = await (
      await page.request.get(`/api/v1/clients?q=${encodeURIComponent(k.email)}`, { headers })
    ).json();
    expect(client.items.map((item: { name: string }) => item.name)).toEqual([k.name]);

    // The download is the list's leads.
    const download = await page.request.get(`${k.prefix}/x-bot/leads/export?format=csv`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("text/csv");
    expect(await download.text()).toContain(k.email);

    // Deleted after asking.
    await panel.getByRole("button", { name: t("leads.panel.delete") }).click();
    const dialog = page.getByRole("alertdialog", { name: t("leads.panel.confirmDelete.title") });
    await dialog.getByRole("button", { name: t("leads.panel.confirmDelete.confirm") }).click();
    await expect(page.getByRole("heading", { name: t("leads.empty.title") })).toBeVisible();
  });
}
