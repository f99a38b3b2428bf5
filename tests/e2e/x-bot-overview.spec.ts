import {
  apiToken,
  expect,
  expectNoAxeViolations,
  joinOrganization,
  registerAccount,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";

const labels = [
  [
    "",
    {
      noBot: "No bot yet",
      createFirst: "Create your first bot",
      created: "Your bot is made, as a draft.",
      defaultName: "My bot",
      name: "Name",
      status: "Status",
      language: "Language",
      live: "Live",
      draft: "Draft",
      arabic: "Arabic",
      save: "Save details",
      saved: "The details are saved.",
      required: "This field is required.",
      stale: "This bot changed meanwhile",
      publicId: "Public id",
      checklist: "Get your bot ready",
      instructions: "Write its instructions",
      toDraft: "Back to draft",
      goLive: "Go live",
      noConversations: "No visitor has chatted with this bot yet.",
      newName: "Shop helper",
      question: "Where is my order?",
    },
  ],
  [
    "/ar",
    {
      noBot: "لا يوجد روبوت بعد",
      createFirst: "أنشئ روبوتك الأول",
      created: "أُنشئ روبوتك مسودةً.",
      defaultName: "روبوتي",
      name: "الاسم",
      status: "الحالة",
      language: "اللغة",
      live: "منشور",
      draft: "مسودة",
      arabic: "العربية",
      save: "حفظ التفاصيل",
      saved: "حُفظت التفاصيل.",
      required: "هذا الحقل مطلوب.",
      stale: "تغيّر هذا الروبوت في الأثناء",
      publicId: "المعرّف العام",
      checklist: "جهّز روبوتك",
      instructions: "اكتب تعليماته",
      toDraft: "أعده إلى مسودة",
      goLive: "انشره الآن",
      noConversations: "لم يحادث أيّ زائر هذا الروبوت بعد.",
      newName: "مساعد المتجر",
      question: "أين طلبي؟",
    },
  ],
] as const;

for (const [prefix, l] of labels) {
  test.describe(`x-bot overview and details ${prefix || "(en)"}`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("no bot: the first is made; its details are saved, refused when wrong or stale; the overview shows it", async ({
      page,
    }) => {
      const account = await signIn(page);
      await page.goto(`${prefix}/x-bot`);
      await expect(page.getByRole("heading", { name: l.noBot })).toBeVisible();
      await screenshotBothModes(page, "xbot-overview-empty");
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: l.createFirst }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/x-bot/details\\?created=1$`));
      await expect(page.getByRole("status")).toContainText(l.created);
      const name = page.getByLabel(l.name, { exact: true });
      await expect(name).toHaveValue(l.defaultName);
      await expect(page.getByLabel(l.publicId)).toHaveValue(/^[\w-]{22}$/);

      // A name is required: the error is the field's.
      await name.fill("");
      await page.getByRole("button", { name: l.save }).click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(l.required)).toBeVisible();

      await name.fill(l.newName);
      await page.getByLabel(l.status).selectOption("live");
      await page.getByLabel(l.language, { exact: true }).selectOption("ar");
      await page.getByRole("button", { name: l.save }).click();
      await expect(page.getByRole("status")).toContainText(l.saved);
      // Saved again without a reload: the form stands on the version its last save left.
      const version = page.locator('form#bot-details input[name="version"]');
      for (const language of ["en", "ar"]) {
        const before = await version.inputValue();
        await page.getByLabel(l.language, { exact: true }).selectOption(language);
        await page.getByRole("button", { name: l.save }).click();
        await expect(version).not.toHaveValue(before);
        await expect(page.getByRole("status")).toContainText(l.saved);
        await expect(page.getByText(l.stale)).toHaveCount(0);
      }
      await page.reload();
      await expect(name).toHaveValue(l.newName);
      await expect(page.getByLabel(l.status)).toHaveValue("live");
      await expect(page.getByLabel(l.language, { exact: true })).toHaveValue("ar");
      await screenshotBothModes(page, "xbot-details");
      await expectNoAxeViolations(page);

      // Someone else saves meanwhile: the change arrives live and leaves what is being typed
      // alone, and this form's save is refused, and says so.
      await name.fill(`${l.newName} 2`);
      const token = await apiToken(page.request, account);
      const headers = { Authorization: `Bearer ${token}` };
      const current = await (
        await page.request.get("/api/v1/user/current-bot", { headers })
      ).json();
      const revalidated = page.waitForResponse((response) =>
        new URL(response.url()).pathname.endsWith("/x-bot/details.data"),
      );
      const changed = await page.request.patch(`/api/v1/bots/${current.bot.id}`, {
        headers,
        data: { version: current.bot.version, description: "Changed elsewhere" },
      });
      expect(changed.status()).toBe(200);
      await revalidated;
      await expect(name).toHaveValue(`${l.newName} 2`);
      await page.getByRole("button", { name: l.save }).click();
      await expect(page.getByRole("alert")).toContainText(l.stale);

      // The overview: live, no conversation yet, and the instructions still to write.
      await page.goto(`${prefix}/x-bot`);
      await expect(page.getByRole("heading", { name: l.newName })).toBeVisible();
      await expect(page.getByTestId("xbot-status")).toHaveText(l.live);
      await expect(page.getByText(l.noConversations)).toBeVisible();
      await expect(page.getByRole("heading", { name: l.checklist })).toBeVisible();
      const instructions = page.getByTestId("xbot-step-instructions");
      await expect(instructions).toHaveAttribute("data-done", "false");
      await expect(instructions.getByRole("link")).toContainText(l.instructions);
      await expect(instructions.getByRole("link")).toHaveAttribute(
        "href",
        `${prefix}/x-bot/settings`,
      );
      await expect(page.getByTestId("xbot-metric-conversationsToday")).toContainText("0");
      await screenshotBothModes(page, "xbot-overview");
      await expectNoAxeViolations(page);

      // Back to draft, and live again.
      await page.getByRole("button", { name: l.toDraft }).click();
      await expect(page.getByTestId("xbot-status")).toHaveText(l.draft);
      await page.getByRole("button", { name: l.goLive }).click();
      await expect(page.getByTestId("xbot-status")).toHaveText(l.live);

      // A visitor chats from an allowed site: counted, listed, and two more steps ticked.
      const bot = await (await page.request.get("/api/v1/user/current-bot", { headers })).json();
      const set = await page.request.patch(`/api/v1/bots/${bot.bot.id}`, {
        headers,
        data: {
          version: bot.bot.version,
          instructions: "Answer about the shop.",
          allowedDomains: ["shop.example"],
        },
      });
      expect(set.status(), await set.text()).toBe(200);
      const visitor = { origin: "https://shop.example" };
      const publicPath = `/api/v1/public/bots/${bot.bot.publicId}`;
      const started = await page.request.post(`${publicPath}/conversations`, {
        headers: visitor,
        data: { locale: prefix ? "ar" : "en" },
      });
      expect(started.status(), await started.text()).toBe(201);
      const chat = await started.json();
      const sent = await page.request.post(
        `${publicPath}/conversations/${chat.conversationId}/messages`,
        {
          headers: { ...visitor, Authorization: `Bearer ${chat.token}` },
          data: { text: l.question, clientMessageId: crypto.randomUUID() },
        },
      );
      expect(sent.status()).toBe(200);
      await sent.body();
      await page.goto(`${prefix}/x-bot`);
      await expect(page.getByTestId("xbot-metric-conversationsToday")).toContainText("1");
      await expect(page.getByTestId("xbot-metric-messagesToday")).toContainText("1");
      await expect(page.getByText(l.question)).toBeVisible();
      await expect(page.getByTestId("xbot-step-instructions")).toHaveAttribute("data-done", "true");
      await expect(page.getByTestId("xbot-step-embedded")).toHaveAttribute("data-done", "true");
      await expect(page.getByTestId("xbot-step-knowledge")).toHaveAttribute("data-done", "false");
      await screenshotBothModes(page, "xbot-overview-active");
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("x-bot details without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test("the first bot is made, and a wrong name is refused by its field", async ({ page }) => {
    await signIn(page, await registerAccount(page.request));
    await page.goto("/x-bot");
    await page.getByRole("button", { name: "Create your first bot" }).click();
    await expect(page).toHaveURL(/\/x-bot\/details\?created=1$/);
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("   ");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Name", { exact: true }).fill("Without script");
    await page.getByLabel("Status").selectOption("live");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("The details are saved.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Without script");
  });
});

test.describe("x-bot for a viewer", () => {
  test("the overview and the details are read-only", async ({ page }) => {
    const owner = await registerAccount(page.request);
    const viewer = await registerAccount(page.request);
    await joinOrganization(page.request, owner, viewer, "viewer");
    const made = await page.request.post("/api/v1/bots", {
      headers: { Authorization: `Bearer ${await apiToken(page.request, owner)}` },
      data: { name: "Read me" },
    });
    expect(made.status()).toBe(201);
    await signIn(page, viewer);
    await page.goto("/x-bot/details");
    await expect(page.getByLabel("Name", { exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save details" })).toHaveCount(0);
    await page.goto("/x-bot");
    await expect(page.getByRole("heading", { name: "Read me" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go live" })).toHaveCount(0);
  });
});
