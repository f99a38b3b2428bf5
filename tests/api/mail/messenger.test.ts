import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { simpleParser } from "mailparser";
import { fromPglite, PgBoss } from "pg-boss";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from "vitest";
import type { Locale } from "../../../api/db/schema";
import { MailQueueFullError } from "../../../api/errors";
import {
  createMessenger,
  type KeyMessage,
  type KeyPurpose,
  type Messenger,
  type MessengerOptions,
} from "../../../api/mail/index";
import { renderEmail } from "../../../api/mail/templates";
import { extractKey, type SmtpSink, startSmtpSink } from "../smtp-sink";

let counter = 0;

function keyMessage(overrides: Partial<KeyMessage> = {}): KeyMessage {
  counter += 1;
  return {
    channel: "EMAIL",
    to: `mail${counter}@example.test`,
    locale: "en",
    purpose: "registration",
    key: String(100_000 + counter * 7_919).slice(0, 6),
    firstName: "Sara",
    expiresInMinutes: 10,
    ...overrides,
  };
}

const arabicLetters = /[\u0600-\u06ff]/;

const subjects: Record<Locale, Record<KeyPurpose, string>> = {
  en: {
    registration: "Qalam: your verification key",
    password_reset: "Qalam: your password reset key",
    address_change: "Qalam: confirm your new address",
  },
  ar: {
    registration: "قلم: مفتاح التحقق الخاص بك",
    password_reset: "قلم: مفتاح إعادة تعيين كلمة المرور",
    address_change: "قلم: أكّد عنوانك الجديد",
  },
};

const expiries: Record<Locale, string> = {
  en: "This key expires in 10 minutes.",
  ar: "مدة صلاحية هذا المفتاح 10 دقائق.",
};

type Webhook = {
  url: string;
  requests: { contentType: string | undefined; body: unknown }[];
  /** The answer's status, unless `statuses` has one left for this request. */
  status: number;
  statuses: number[];
  /** How long each answer takes. */
  delayMs: number;
  /** The most requests it was answering at once. */
  mostAtOnce: number;
  close: () => Promise<void>;
};

async function startWebhook(): Promise<Webhook> {
  const requests: Webhook["requests"] = [];
  const webhook = { status: 204, statuses: [], delayMs: 0, mostAtOnce: 0 } as unknown as Webhook;
  let atOnce = 0;
  const server: Server = createServer((request, response) => {
    atOnce++;
    webhook.mostAtOnce = Math.max(webhook.mostAtOnce, atOnce);
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      requests.push({ contentType: request.headers["content-type"], body: JSON.parse(body) });
      const status = webhook.statuses.shift() ?? webhook.status;
      setTimeout(() => {
        atOnce--;
        response.writeHead(status).end();
      }, webhook.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(webhook, {
    url: `http://127.0.0.1:${port}/sms`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A port that nothing listens on: bound once to get a free number, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let outboxDir: string;
let log: MockInstance<typeof console.log>;
let errorLog: MockInstance<typeof console.error>;
let warnLog: MockInstance<typeof console.warn>;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

// The queue lives in a database of this file's own; each test's messenger works it while open.
let database: PGlite;
let boss: PgBoss;
const secretsKey = randomBytes(32);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  database = await PGlite.create();
  boss = new PgBoss({ db: fromPglite(database), useListenNotify: true });
  await boss.start();
});

afterAll(async () => {
  await boss.stop({ graceful: false });
  await database.close();
  process.off("unhandledRejection", onUnhandled);
});

const opened: Messenger[] = [];

async function openMessenger(options: MessengerOptions) {
  const messenger = await createMessenger({ boss, secretsKey, ...options });
  opened.push(messenger);
  return messenger;
}

// What a failed test left queued would go out through the next test's transports.
afterEach(async () => {
  for (const messenger of opened.splice(0)) await messenger.close();
  await boss.deleteAllJobs("mail");
});

beforeEach(() => {
  outboxDir = join(mkdtempSync(join(tmpdir(), "qalam-mail-")), "outbox");
  log = vi.spyOn(console, "log").mockImplementation(() => {});
  errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
  warnLog = vi.spyOn(console, "warn").mockImplementation(() => {});
  unhandled.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(join(outboxDir, ".."), { recursive: true, force: true });
});

describe("email over SMTP", () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    await sink.close();
  });

  describe.each(["en", "ar"] as const)("in %s", (locale) => {
    it.each(["registration", "password_reset", "address_change"] as const)(
      "delivers the %s key",
      async (purpose) => {
        const messenger = await openMessenger({ smtpUrl: sink.url, outboxDir });
        const message = keyMessage({ locale, purpose, firstName: "Sara" });

        await expect(messenger.sendKey(message)).resolves.toBeUndefined();
        const mail = await sink.waitForMessage({ to: message.to });
        await messenger.flush();
        await messenger.close();

        expect(mail.to).toEqual([message.to]);
        expect(mail.from).toContain("no-reply@localhost");
        expect(mail.subject).toBe(subjects[locale][purpose]);
        expect(mail.parsed.headers.get("content-language")).toBe(locale);

        expect(extractKey(mail.text)).toBe(message.key);
        expect(mail.text).toContain("Sara");
        expect(mail.text).toContain(expiries[locale]);

        expect(mail.html).toContain(`lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"`);
        expect(mail.html).toContain(`>${message.key}</p>`);
        expect(mail.html).toContain(expiries[locale]);
        expect(mail.html).toContain("Sara");

        if (locale === "ar") {
          expect(mail.text).toMatch(arabicLetters);
          expect(mail.html).toContain("إذا لم تطلب ذلك، فتجاهل هذه الرسالة.");
        } else {
          expect(mail.text).not.toMatch(arabicLetters);
          expect(mail.html).toContain("If you did not ask for this, ignore this message.");
        }
        expect(log).not.toHaveBeenCalled();
        expect(errorLog).not.toHaveBeenCalled();
      },
    );
  });

  it("uses mailFrom as the sender", async () => {
    const messenger = await openMessenger({
      smtpUrl: sink.url,
      mailFrom: "Qalam Team <team@qalam.test>",
      outboxDir,
    });
    const message = keyMessage();
    await messenger.sendKey(message);
    await messenger.flush();
    const mail = await sink.waitForMessage({ to: message.to }, 0);
    expect(mail.parsed.from?.value).toEqual([{ name: "Qalam Team", address: "team@qalam.test" }]);
    await messenger.flush();
    await messenger.close();
  });

  it("escapes a hostile first name in the HTML part", async () => {
    const messenger = await openMessenger({ smtpUrl: sink.url, outboxDir });
    const firstName = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const message = keyMessage({ firstName });
    await messenger.sendKey(message);
    await messenger.flush();
    await messenger.close();

    const mail = await sink.waitForMessage({ to: message.to });
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // Plain text is not markup, so the name is shown as typed.
    expect(mail.text).toContain(firstName);
  });

  it("leaves what is queued when it closes, for the next start to deliver", async () => {
    const first = await openMessenger({ smtpUrl: sink.url, outboxDir });
    await first.close();
    const batch = [keyMessage(), keyMessage({ purpose: "password_reset" }), keyMessage()];
    for (const message of batch) await first.sendKey(message);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.messages.flatMap((mail) => mail.to)).not.toContain(batch[0]?.to);

    const next = await openMessenger({ smtpUrl: sink.url, outboxDir });
    await next.flush();
    await next.close();

    const delivered = sink.messages.flatMap((mail) => mail.to);
    for (const message of batch) expect(delivered).toContain(message.to);
  });

  it("keeps keys sealed while they wait in the queue", async () => {
    const messenger = await openMessenger({ smtpUrl: sink.url, outboxDir });
    await messenger.close();
    const message = keyMessage();
    await messenger.sendKey(message);

    const { rows } = await database.query<{ data: unknown }>(
      "select data from pgboss.job where name = 'mail' and state = 'created'",
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]?.data);
    expect(stored).not.toContain(message.key);
    expect(stored).not.toContain(message.to);

    const next = await openMessenger({ smtpUrl: sink.url, outboxDir });
    await next.flush();
    await next.close();
    expect(extractKey((await sink.waitForMessage({ to: message.to }, 0)).text)).toBe(message.key);
  });

  it("logs a failed delivery without the key, and flush still resolves", async () => {
    const messenger = await openMessenger({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      outboxDir,
      retries: 0,
    });
    const message = keyMessage();
    await messenger.sendKey(message);
    await expect(messenger.flush()).resolves.toBeUndefined();
    await messenger.flush();
    await messenger.close();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(errorLog).toHaveBeenCalledTimes(1);
    const line = String(errorLog.mock.calls[0]?.[0]);
    expect(line).toContain(message.to);
    expect(line).not.toContain(message.key);
    expect(unhandled).toEqual([]);
  });
});

describe("SMS over the webhook", () => {
  let webhook: Webhook;

  beforeAll(async () => {
    webhook = await startWebhook();
  });

  afterAll(async () => {
    await webhook.close();
  });

  beforeEach(() => {
    webhook.requests.length = 0;
    webhook.status = 204;
    webhook.statuses = [];
    webhook.delayMs = 0;
    webhook.mostAtOnce = 0;
  });

  it.each([
    ["en", "registration", "Qalam: your verification key is"],
    ["ar", "registration", "قلم: مفتاح التحقق الخاص بك هو"],
    ["en", "password_reset", "Qalam: your password reset key is"],
    ["ar", "password_reset", "قلم: مفتاح إعادة تعيين كلمة المرور هو"],
  ] as const)("posts {to, text} for a %s %s key", async (locale, purpose, start) => {
    const messenger = await openMessenger({ smsWebhookUrl: webhook.url, outboxDir });
    const message = keyMessage({ channel: "PHONE", to: "+966501234567", locale, purpose });
    await messenger.sendKey(message);
    await messenger.flush();
    await messenger.close();

    expect(webhook.requests).toHaveLength(1);
    const [request] = webhook.requests;
    expect(request?.contentType).toBe("application/json");
    expect(request?.body).toEqual({ to: "+966501234567", text: expect.any(String) });
    const text = (request?.body as { text?: string } | undefined)?.text ?? "";
    expect(text.startsWith(start)).toBe(true);
    expect(extractKey(text)).toBe(message.key);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("tries a non-2xx answer three times, logs each without the key, and flush still resolves", async () => {
    webhook.status = 500;
    const messenger = await openMessenger({
      smsWebhookUrl: webhook.url,
      outboxDir,
      retryDelaySeconds: 0,
    });
    const message = keyMessage({ channel: "PHONE", to: "+966501234567" });
    await messenger.sendKey(message);
    await expect(messenger.flush()).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(webhook.requests).toHaveLength(3);
    expect(warnLog).toHaveBeenCalledTimes(2);
    expect(errorLog).toHaveBeenCalledTimes(1);
    const line = String(errorLog.mock.calls[0]?.[0]);
    expect(line).toContain("500");
    expect(line).toContain("after 3 tries");
    for (const call of [...warnLog.mock.calls, ...errorLog.mock.calls]) {
      expect(String(call[0])).not.toContain(message.key);
    }
    expect(unhandled).toEqual([]);
    await messenger.flush();
    await messenger.close();
  });

  it("delivers on a later try after a failure", async () => {
    webhook.statuses = [503];
    const messenger = await openMessenger({
      smsWebhookUrl: webhook.url,
      outboxDir,
      retryDelaySeconds: 0,
    });
    await messenger.sendKey(keyMessage({ channel: "PHONE", to: "+966501234567" }));
    await messenger.flush();
    await messenger.close();

    expect(webhook.requests).toHaveLength(2);
    expect(warnLog).toHaveBeenCalledTimes(1);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("sends a few at a time, and refuses past its bound until the queue drains", async () => {
    webhook.delayMs = 300;
    const messenger = await openMessenger({
      smsWebhookUrl: webhook.url,
      outboxDir,
      maxConcurrent: 2,
      maxQueued: 5,
    });
    const send = () => messenger.sendKey(keyMessage({ channel: "PHONE", to: "+966501234567" }));
    for (let i = 0; i < 5; i++) await send();

    await expect(messenger.assertRoom()).rejects.toThrow(MailQueueFullError);
    await expect(send()).rejects.toThrow(MailQueueFullError);
    await messenger.flush();
    expect(webhook.requests).toHaveLength(5);
    expect(webhook.mostAtOnce).toBe(2);

    await expect(messenger.assertRoom()).resolves.toBeUndefined();
    await send();
    await messenger.flush();
    await messenger.close();
    expect(webhook.requests).toHaveLength(6);
  });

  it("logs an unreachable webhook", async () => {
    const messenger = await openMessenger({
      smsWebhookUrl: `http://127.0.0.1:${await closedPort()}/sms`,
      outboxDir,
      retries: 0,
    });
    await messenger.sendKey(keyMessage({ channel: "PHONE", to: "+966501234567" }));
    await messenger.flush();
    await messenger.close();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(unhandled).toEqual([]);
  });
});

describe("the outbox, without transports", () => {
  it("writes an email as an .eml file and logs where", async () => {
    const messenger = await openMessenger({ outboxDir });
    const message = keyMessage({ locale: "ar", purpose: "password_reset" });
    await messenger.sendKey(message);
    await messenger.flush();
    await messenger.close();

    const files = readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const [name = ""] = files;
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-[0-9a-f]+\.eml$/);
    const file = join(outboxDir, name);
    expect(log).toHaveBeenCalledWith(`Mail to ${message.to} written to ${file}`);

    const raw = readFileSync(file);
    expect(raw.toString("latin1")).toContain("\r\n");
    const parsed = await simpleParser(raw);
    expect(parsed.from?.text).toContain("no-reply@localhost");
    expect(parsed.subject).toBe(subjects.ar.password_reset);
    expect(extractKey(parsed.text ?? "")).toBe(message.key);
    expect(parsed.html).toContain('dir="rtl"');
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("writes an SMS as a .txt file and logs where", async () => {
    const messenger = await openMessenger({ outboxDir });
    const message = keyMessage({ channel: "PHONE", to: "+966501234567" });
    await messenger.sendKey(message);
    await messenger.flush();
    await messenger.close();

    const smsDir = join(outboxDir, "sms");
    const [name = ""] = readdirSync(smsDir);
    expect(name).toMatch(/\.txt$/);
    const file = join(smsDir, name);
    expect(log).toHaveBeenCalledWith(`SMS to +966501234567 written to ${file}`);
    const content = readFileSync(file, "utf8");
    expect(content).toMatch(/^To: \+966501234567\n\nQalam: your verification key is \d{6}\./);
    expect(extractKey(content.split("\n\n")[1] ?? "")).toBe(message.key);
  });

  it("logs a failure to write and still settles", async () => {
    // A file where the folder should be makes every write fail.
    const blocked = join(outboxDir, "..", "blocked");
    writeFileSync(blocked, "");
    const messenger = await openMessenger({ outboxDir: blocked, retries: 0 });
    const message = keyMessage();
    await messenger.sendKey(message);
    await messenger.flush();
    await messenger.close();

    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(String(errorLog.mock.calls[0]?.[0])).not.toContain(message.key);
    expect(unhandled).toEqual([]);
  });
});

describe("renderEmail", () => {
  it("renders a link block as a button and as a plain address", () => {
    const mail = renderEmail({
      locale: "en",
      subject: "Join",
      preheader: "An invitation",
      heading: "You are invited",
      greeting: "Hello Sara,",
      blocks: [{ type: "link", label: "Accept", url: "https://qalam.test/invite?a=1&b=2" }],
    });
    expect(mail.html).toContain('href="https://qalam.test/invite?a=1&amp;b=2"');
    expect(mail.text).toContain("Accept:\nhttps://qalam.test/invite?a=1&b=2");
  });

  it("refuses links that are not web addresses", () => {
    expect(() =>
      renderEmail({
        locale: "en",
        subject: "Join",
        preheader: "",
        heading: "",
        greeting: "",
        blocks: [{ type: "link", label: "Accept", url: "javascript:alert(1)" }],
      }),
    ).toThrow();
  });
});
