import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { type FakeAiServer, startFakeAiServer } from "../support/fake-ai-server";
import { type Account, apiToken, expect, registerAccount, signIn, test } from "./fixtures";

// The chat widget as a visitor meets it: on a page of another site, a second loopback origin
// (`shop.localhost`, which Chromium resolves to loopback, on a port of its own), talking to the
// product at `localhost:<E2E_PORT>`. The organization's chat provider is a fake of this worker's
// own, so that a test scripts the answer, paces its words and reads what the model was sent.

/** The site's host the bots allow, and one they do not. */
const allowedHost = "shop.localhost";
const otherHost = "elsewhere.localhost";

type Bot = { id: string; publicId: string };

// The site's pages are not the product's: nothing on them hydrates.
test.use({ hydration: false });

let fake: FakeAiServer;
let site: Server;
let sitePort = 0;
let product = "";
let api: APIRequestContext;
let headers: Record<string, string> = {};
/** The owner of the file's organization. */
let owner: Account;
const pages = new Map<string, string>();

/** A page of the site at `host` that embeds the bot's widget; `before` runs before the script. */
function sitePage(
  host: string,
  bot: Bot,
  options: { inline?: boolean; before?: string; title?: string } = {},
) {
  const path = `/page/${pages.size + 1}`;
  const inline = options.inline ?? false;
  pages.set(
    path,
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${options.title ?? "A shop"}</title></head>
<body>
<main>
  <h1>${options.title ?? "A shop"}</h1>
  <p><a href="#products">Our products</a></p>
  ${inline ? '<div id="support-chat" style="height: 560px; max-width: 420px"></div>' : ""}
</main>
<script>${options.before ?? ""}</script>
<script src="${product}/widget.js" data-bot="${bot.publicId}"${
      inline ? ' data-mode="inline" data-target="#support-chat"' : ""
    } async></script>
</body>
</html>`,
  );
  return `http://${host}:${sitePort}${path}`;
}

/** The text of the chat requests' messages the fake received, oldest request first. */
function chatRequests() {
  return fake.requests
    .filter((request) => request.path === "/chat/completions")
    .map((request) =>
      ((request.body as { messages: { role: string; content: unknown }[] }).messages ?? [])
        .filter((message) => message.role !== "system")
        .map((message) => ({
          role: message.role,
          text:
            typeof message.content === "string"
              ? message.content
              : (message.content as { text?: string }[]).map((part) => part.text ?? "").join(""),
        })),
    );
}

async function makeBot(data: Record<string, unknown>): Promise<Bot> {
  const made = await api.post("/api/v1/bots", {
    headers,
    data: { status: "live", allowedDomains: [allowedHost], ...data },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as Bot;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  fake = await startFakeAiServer();
  site = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? "/", "http://site").pathname);
    response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(html ?? "Not found");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as AddressInfo).port;
  product = String(testInfo.project.use.baseURL);

  // One organization for the file, whose chat model is this worker's fake.
  api = await playwright.request.newContext({ baseURL: product });
  const account = await registerAccount(api);
  owner = account;
  headers = { Authorization: `Bearer ${await apiToken(api, account)}` };
  const me = await (await api.get("/api/v1/user", { headers })).json();
  const saved = await api.put(`/api/v1/organizations/${me.account.currentOrganizationId}/ai/chat`, {
    headers,
    data: {
      provider: "openai-compatible",
      baseUrl: fake.baseUrl,
      model: "widget-chat",
      apiKey: fake.apiKey,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // Its knowledge's vectors come from the same fake.
  const embedding = await api.put(
    `/api/v1/organizations/${me.account.currentOrganizationId}/ai/embedding`,
    {
      headers,
      data: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "widget-embedding",
        apiKey: fake.apiKey,
      },
    },
  );
  expect(embedding.status(), await embedding.text()).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  await new Promise((resolve) => site?.close(resolve));
  await fake?.close();
});

test.beforeEach(() => {
  fake.reset();
});

/** The widget's elements, found through its open shadow root. */
function widget(page: Page) {
  const host = page.locator("qalam-bot");
  return {
    host,
    launcher: host.locator("button.launcher"),
    root: host.locator(".qb"),
    log: host.getByRole("log"),
    messages: host.locator(".log .message"),
    lastAnswer: host.locator(".log .message.assistant .bubble").last(),
    notice: host.locator(".notice"),
  };
}

/**
 * Records what the log's last message shows at every change, from now on: `typing` for the
 * writing dots, else its text. A streamed answer shows as the dots, then longer and longer text.
 */
async function recordLastMessage(page: Page) {
  await page.evaluate(() => {
    const log = document.querySelector("qalam-bot")?.shadowRoot?.querySelector(".log");
    if (!log) throw new Error("No log");
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const last = log.lastElementChild;
      const shown = last?.querySelector(".typing")
        ? "typing"
        : (last?.querySelector(".bubble")?.textContent ?? "");
      if (seen.at(-1) !== shown) seen.push(shown);
    }).observe(log, { childList: true, subtree: true, characterData: true });
  });
}

async function recorded(page: Page) {
  return page.evaluate(() => (window as unknown as { seen: string[] }).seen);
}

/** `POST /conversations` straight from the page: its status, or how the browser refused it. */
function startConversation(page: Page, bot: Bot) {
  return page.evaluate(
    ([publicId, base]) =>
      fetch(`${base}/api/v1/public/bots/${publicId}/conversations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ locale: "en" }),
      }).then(
        (response) => `status ${response.status}`,
        (error: Error) => `refused (${error.name})`,
      ),
    [bot.publicId, product],
  );
}

/** The page's handle on the widget, `window.QalamBot` (used inside `page.evaluate`). */
type Handle = Record<"open" | "close" | "toggle" | "reset", () => void> & {
  identify(identity: { userId: string; signature: string }): void;
};

/** What axe finds in the widget: its shadow tree included. */
async function widgetViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include("qalam-bot").analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

async function screenshot(page: Page, name: string) {
  const path = join(test.info().project.outputDir, "screenshots", `${name}.png`);
  await page.screenshot({ path, animations: "disabled" });
  await test.info().attach(name, { path, contentType: "image/png" });
}

async function ask(box: Locator, text: string) {
  await box.fill(text);
  await box.press("Enter");
}

const journeys = [
  {
    lang: "en",
    name: "Support",
    s: {
      open: "Open the chat with Support",
      close: "Close the chat",
      message: "Your message",
      helpful: "Helpful answer",
      answered: "Support answered:",
    },
    first: "Do you ship to Riyadh?",
    firstAnswer: "Yes, we ship to Riyadh within three working days, and the delivery is free.",
    second: "And to Jeddah?",
    secondAnswer: "Jeddah too, in the same three days.",
  },
  {
    lang: "ar",
    name: "الدعم",
    s: {
      open: "افتح المحادثة مع الدعم",
      close: "أغلق المحادثة",
      message: "رسالتك",
      helpful: "إجابة مفيدة",
      answered: "أجاب الدعم:",
    },
    first: "هل تشحنون إلى الرياض؟",
    firstAnswer: "نعم، نشحن إلى الرياض خلال ثلاثة أيام عمل، والتوصيل مجاني لكل الطلبات.",
    second: "وإلى جدة؟",
    secondAnswer: "وإلى جدة أيضًا خلال الأيام الثلاثة نفسها.",
  },
] as const;

for (const j of journeys) {
  test(`bubble on another site: open, ask, the answer streams, reload and continue (${j.lang})`, async ({
    page,
  }) => {
    const bot = await makeBot({
      name: j.name,
      language: j.lang,
      appearance: { welcomeMessages: [j.lang === "ar" ? "مرحبًا!" : "Hello!"] },
    });
    await page.goto(sitePage(allowedHost, bot));
    const w = widget(page);
    const launcher = w.launcher;
    await expect(launcher).toHaveAccessibleName(j.s.open);
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await expect(w.root).toHaveAttribute("dir", j.lang === "ar" ? "rtl" : "ltr");
    await expect(w.root).toHaveAttribute("lang", j.lang);
    const dialog = w.host.getByRole("dialog", { name: j.name });
    await expect(dialog).toBeHidden();

    // Keyboard: the launcher is reached with Tab after the page's link; Enter opens the panel
    // and moves focus into its message box; Escape closes it and focus returns to the launcher.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Our products" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(launcher).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("textbox", { name: j.s.message });
    await expect(box).toBeFocused();
    await expect(launcher).toHaveAttribute("aria-expanded", "true");
    await expect(launcher).toHaveAccessibleName(j.s.close);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(box).toBeFocused();

    // The answer streams: the writing dots, then the words as they come.
    fake.reply = j.firstAnswer;
    fake.tokenDelayMs = 120;
    await recordLastMessage(page);
    await ask(box, j.first);
    await expect(w.lastAnswer).toHaveText(j.firstAnswer);
    await expect(
      w.host
        .locator(".log .message.assistant")
        .last()
        .getByRole("button", { name: j.s.helpful, exact: true }),
    ).toBeVisible();
    const seen = await recorded(page);
    expect(seen[0], seen.join(" | ")).toBe("typing");
    const parts = seen.filter((text) => text !== "typing" && text !== j.firstAnswer);
    expect(parts.length, seen.join(" | ")).toBeGreaterThanOrEqual(3);
    for (const part of parts) expect(j.firstAnswer.startsWith(part), part).toBe(true);
    // Announced once, finished.
    await expect(w.host.locator(".sr[aria-live=polite]")).toHaveText(
      `${j.s.answered} ${j.firstAnswer}`,
    );
    expect(chatRequests()).toEqual([[{ role: "user", text: j.first }]]);
    await screenshot(page, `xbot-widget-bubble-${j.lang}`);
    expect(await widgetViolations(page)).toEqual([]);

    // After a reload, the conversation is there again, and goes on with all of it.
    fake.tokenDelayMs = 0;
    fake.reply = j.secondAnswer;
    await page.reload();
    await launcher.click();
    await expect(dialog).toBeVisible();
    await expect(w.messages.filter({ hasText: j.first })).toHaveCount(1);
    await expect(w.messages.filter({ hasText: j.firstAnswer })).toHaveCount(1);
    await ask(box, j.second);
    await expect(w.lastAnswer).toHaveText(j.secondAnswer);
    await expect(w.messages).toHaveCount(5); // the welcome, and two questions and answers
    expect(chatRequests()[1]).toEqual([
      { role: "user", text: j.first },
      { role: "assistant", text: j.firstAnswer },
      { role: "user", text: j.second },
    ]);
    expect(await widgetViolations(page)).toEqual([]);
  });
}

test.describe("the widget's reach and its calls", () => {
  let bot: Bot;
  test.beforeAll(async () => {
    bot = await makeBot({ name: "Support", language: "en" });
  });

  test("a site the bot does not allow gets no widget and no answer", async ({ page }) => {
    // The script runs, asks for the bot's configuration, is refused and takes itself away.
    const refused = page.waitForEvent("console", (message) =>
      message.text().startsWith("Qalam bot: the chat could not be loaded"),
    );
    await page.goto(sitePage(otherHost, bot, { title: "Another site" }));
    await refused;
    await expect(page.locator("qalam-bot")).toHaveCount(0);
    // The script itself ran: the page has its handle.
    expect(
      await page.evaluate(() => typeof (window as unknown as { QalamBot: Handle }).QalamBot.open),
    ).toBe("function");
    // What the server answers that origin, and the allowed one.
    const configuration = (host: string) =>
      page.request.get(`/api/v1/public/bots/${bot.publicId}`, {
        headers: { Origin: `http://${host}:${sitePort}` },
      });
    const other = await configuration(otherHost);
    expect(other.status()).toBe(404);
    expect(other.headers()["access-control-allow-origin"]).toBeUndefined();
    expect((await configuration(allowedHost)).status()).toBe(200);

    // The public API gives this page nothing: the browser refuses the answer.
    expect(await startConversation(page, bot)).toBe("refused (TypeError)");

    // The same call from the allowed site starts a conversation.
    await page.goto(sitePage(allowedHost, bot));
    await expect(widget(page).launcher).toBeVisible();
    expect(await startConversation(page, bot)).toBe("status 201");
    expect(chatRequests()).toEqual([]);
  });

  test("the page's calls: open, close, toggle, events, reset, queued before the script", async ({
    page,
  }) => {
    // The snippet's queue: calls made before the script has run wait for the widget.
    await page.goto(
      sitePage(allowedHost, bot, {
        before: `window.events = [];
window.QalamBot = { q: [
  ["on", "open", () => events.push("open")],
  ["on", "close", () => events.push("close")],
  ["on", "message", (message) => events.push(message)],
  ["open"],
] };`,
      }),
    );
    const w = widget(page);
    const dialog = w.host.getByRole("dialog", { name: "Support" });
    const events = () => page.evaluate(() => (window as unknown as { events: unknown[] }).events);
    await expect(dialog).toBeVisible();
    expect(await events()).toEqual(["open"]);

    const call = (name: "open" | "close" | "toggle" | "reset") =>
      page.evaluate(
        (method) => (window as unknown as { QalamBot: Handle }).QalamBot[method](),
        name,
      );
    await call("close");
    await expect(dialog).toBeHidden();
    await call("toggle");
    await expect(dialog).toBeVisible();
    await call("toggle");
    await expect(dialog).toBeHidden();
    await call("open");
    await expect(dialog).toBeVisible();
    expect(await events()).toEqual(["open", "close", "open", "close", "open"]);

    // `message`: the visitor's message, then the finished answer.
    fake.reply = "Your order left the warehouse this morning.";
    const box = dialog.getByRole("textbox", { name: "Your message" });
    await ask(box, "Where is my order?");
    await expect(w.lastAnswer).toHaveText(fake.reply);
    await expect.poll(async () => (await events()).length).toBe(7);
    const [question, answer] = (await events()).slice(5) as Record<string, unknown>[];
    expect(question).toEqual({ role: "user", text: "Where is my order?" });
    expect(answer).toEqual({
      role: "assistant",
      id: expect.stringMatching(/^\d+$/),
      text: "Your order left the warehouse this morning.",
      status: "complete",
    });
    const kept = () =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "null") as { conversationId: string },
        `qalam-bot:${bot.publicId}`,
      );
    const before = (await kept()).conversationId;

    // reset: the conversation is forgotten, and the next message starts a new one.
    await call("reset");
    await expect(w.messages.filter({ hasText: "Where is my order?" })).toHaveCount(0);
    expect(await kept()).toBeNull();
    fake.reply = "Hello again.";
    await ask(box, "A new question");
    await expect(w.lastAnswer).toHaveText("Hello again.");
    expect((await kept()).conversationId).not.toBe(before);
    expect(chatRequests()[1]).toEqual([{ role: "user", text: "A new question" }]);
    await expect(w.messages).toHaveCount(2);
  });
});

test.describe("identity verification", () => {
  let bot: Bot;
  let secret: string;
  test.beforeAll(async () => {
    bot = await makeBot({ name: "Support", language: "visitor" });
    const rotated = await api.post(`/api/v1/bots/${bot.id}/secret/rotate`, { headers });
    expect(rotated.status()).toBe(200);
    secret = (await rotated.json()).secret;
  });

  const sign = (userId: string, key = secret) =>
    createHmac("sha256", key).update(userId).digest("hex");
  const identified = (userId: string, signature: string) =>
    `window.QalamBot = { q: [["identify", ${JSON.stringify({ userId, signature })}]] };`;

  test("a signed user talks to the bot; a forged signature gets the translated refusal and no answer", async ({
    page,
    browser,
  }) => {
    // An inline chat on the site's signed-in page, identified before the script loads.
    await page.goto(
      sitePage(allowedHost, bot, { inline: true, before: identified("user-42", sign("user-42")) }),
    );
    const w = widget(page);
    const region = w.host.getByRole("region", { name: "Support" });
    await expect(region).toBeVisible();
    await expect(w.launcher).toHaveCount(0);
    fake.reply = "Hello, your account is confirmed.";
    const box = region.getByRole("textbox", { name: "Your message" });
    await ask(box, "Is my account confirmed?");
    await expect(w.lastAnswer).toHaveText("Hello, your account is confirmed.");
    expect(chatRequests()).toHaveLength(1);
    expect(await widgetViolations(page)).toEqual([]);

    // Another user, signed with another secret: refused, the question back in the composer.
    const forged = sign("user-7", "not the bot's secret");
    await page.evaluate(
      (identity) => (window as unknown as { QalamBot: Handle }).QalamBot.identify(identity),
      {
        userId: "user-7",
        signature: forged,
      },
    );
    await expect(w.messages.filter({ hasText: "Is my account confirmed?" })).toHaveCount(0);
    await ask(box, "Show me user 7's orders");
    await expect(w.notice).toHaveText(
      "Your account could not be confirmed, so the message was not sent. Reload the page and try again.",
    );
    await expect(box).toHaveValue("Show me user 7's orders");
    await expect(w.messages.filter({ hasText: "Show me user 7's orders" })).toHaveCount(0);

    // The same in Arabic, for a visitor whose browser speaks it.
    const context = await browser.newContext({ locale: "ar" });
    try {
      const arabic = await context.newPage();
      await arabic.goto(
        sitePage(allowedHost, bot, { inline: true, before: identified("user-7", forged) }),
      );
      const aw = widget(arabic);
      await expect(aw.root).toHaveAttribute("dir", "rtl");
      const arabicBox = aw.host.getByRole("textbox", { name: "رسالتك" });
      await ask(arabicBox, "أرني طلباتي");
      await expect(aw.notice).toHaveText(
        "تعذّر التحقق من حسابك، لذلك لم تُرسَل الرسالة. أعد تحميل الصفحة وحاول مرة أخرى.",
      );
      await expect(arabicBox).toHaveValue("أرني طلباتي");
      await screenshot(arabic, "xbot-widget-identity-refused-ar");
    } finally {
      await context.close();
    }
    // No answer was asked of the model for either.
    expect(chatRequests()).toHaveLength(1);
  });
});

const knowledgeJourneys = [
  {
    lang: "en",
    message: "Your message",
    sources: "Sources",
    title: "Shipping guide",
    text: "# Riyadh\n\nParcels to Riyadh arrive within three working days.",
    question: "How long does a parcel to Riyadh take?",
    reply: "Three working days [1].",
  },
  {
    lang: "ar",
    message: "رسالتك",
    sources: "المصادر",
    title: "دليل الشحن",
    text: "# الرياض\n\nتصل الطرود إلى الرياض خلال ثلاثة أيام عمل.",
    question: "كم تستغرق الطرود إلى الرياض؟",
    reply: "ثلاثة أيام عمل [1].",
  },
] as const;

for (const k of knowledgeJourneys) {
  test(`an answer from the bot's knowledge lists the sources it cites, kept after a reload (${k.lang})`, async ({
    page,
  }) => {
    const bot = await makeBot({ name: "Support", language: k.lang });
    const created = await api.post(`/api/v1/bots/${bot.id}/knowledge/sources`, {
      headers,
      data: { kind: "text", title: k.title, text: k.text },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = await created.json();
    await expect
      .poll(
        async () =>
          (
            await (
              await api.get(`/api/v1/bots/${bot.id}/knowledge/sources/${id}`, { headers })
            ).json()
          ).status,
        { timeout: 30_000 },
      )
      .toBe("ready");
    fake.reply = k.reply;

    await page.goto(sitePage(allowedHost, bot));
    const w = widget(page);
    await w.launcher.click();
    await ask(w.host.getByRole("textbox", { name: k.message }), k.question);
    const sources = w.host.locator(".log .message.assistant .sources").last();
    await expect(sources).toContainText(k.sources);
    await expect(sources.getByRole("listitem")).toHaveText([k.title]);
    // The model was given the passage, numbered.
    const system = fake.requests
      .filter((request) => request.path === "/chat/completions")
      .flatMap(
        (request) => (request.body as { messages: { role: string; content: string }[] }).messages,
      )
      .filter((message) => message.role === "system")
      .map((message) => message.content)
      .join("\n");
    expect(system).toContain(`[1] ${k.title}`);
    expect(await widgetViolations(page)).toEqual([]);
    await screenshot(page, `xbot-widget-sources-${k.lang}`);

    await page.reload();
    await widget(page).launcher.click();
    await expect(
      widget(page).host.locator(".log .message.assistant .sources").last().getByRole("listitem"),
    ).toHaveText([k.title]);

    // A member asks the same in the preview of /x-bot/appearance, and sees the same source.
    await signIn(page, owner);
    const chosen = await api.put("/api/v1/user/current-bot", {
      headers,
      data: { botId: bot.id },
    });
    expect(chosen.ok()).toBe(true);
    await page.goto(`${k.lang === "ar" ? "/ar" : ""}/x-bot/appearance`);
    const preview = widget(page);
    // The preview opens with its panel open.
    await expect(preview.launcher).toHaveAttribute("aria-expanded", "true");
    await ask(preview.host.getByRole("textbox", { name: k.message }), k.question);
    await expect(
      preview.host.locator(".log .message.assistant .sources").last().getByRole("listitem"),
    ).toHaveText([k.title]);
  });
}

const leadJourneys = [
  {
    lang: "en",
    s: {
      title: "Leave your details and we will get back to you.",
      name: "Name",
      email: "Email",
      send: "Send",
      required: "Required.",
      consent: "I agree to be contacted.",
      message: "Your message",
    },
    visitor: { name: "Nour Haddad", email: "nour@shop.example" },
  },
  {
    lang: "ar",
    s: {
      title: "اترك بياناتك وسنعود إليك.",
      name: "الاسم",
      email: "البريد الإلكتروني",
      send: "إرسال",
      required: "مطلوب.",
      consent: "أوافق على أن تتواصلوا معي.",
      message: "رسالتك",
    },
    visitor: { name: "نور حداد", email: "nour.ar@shop.example" },
  },
] as const;

for (const k of leadJourneys) {
  test(`a visitor leaves their details in the lead form before the chat, and the lead is the organization's (${k.lang})`, async ({
    page,
  }) => {
    const bot = await makeBot({ name: "Sales", language: k.lang });
    const form = await api.put(`/api/v1/bots/${bot.id}/lead-form`, {
      headers,
      data: {
        enabled: true,
        when: "before-chat",
        required: true,
        name: "required",
        email: "required",
        phone: "off",
        fields: [],
        consentText: k.s.consent,
      },
    });
    expect(form.status(), await form.text()).toBe(200);
    fake.reply = k.lang === "ar" ? "أهلًا بك." : "Welcome.";

    await page.goto(sitePage(allowedHost, bot));
    const w = widget(page);
    await w.launcher.click();
    await expect(w.host.getByText(k.s.title)).toBeVisible();
    // The chat waits for the form: no message box until it is sent.
    await expect(w.host.getByRole("textbox", { name: k.s.message })).toHaveCount(0);

    // Sent empty: each required field says so, and nothing is sent.
    await w.host.getByRole("button", { name: k.s.send }).click();
    await expect(w.host.getByText(k.s.required).first()).toBeVisible();
    expect(await widgetViolations(page)).toEqual([]);
    await screenshot(page, `xbot-widget-lead-form-${k.lang}`);

    await w.host.getByLabel(k.s.name).fill(k.visitor.name);
    await w.host.getByLabel(k.s.email).fill(k.visitor.email);
    await w.host.getByLabel(k.s.consent).check();
    await w.host.getByRole("button", { name: k.s.send }).click();
    const box = w.host.getByRole("textbox", { name: k.s.message });
    await expect(box).toBeVisible();
    await ask(box, k.lang === "ar" ? "مرحبًا" : "Hello");
    await expect(w.lastAnswer).toContainText(fake.reply);
    await screenshot(page, `xbot-widget-lead-${k.lang}`);

    const listed = await api.get(`/api/v1/leads?botId=${bot.id}`, { headers });
    expect(listed.status(), await listed.text()).toBe(200);
    const { items } = await listed.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: k.visitor.name, email: k.visitor.email, status: "new" });
    expect(items[0].consentAt).not.toBeNull();
  });
}
