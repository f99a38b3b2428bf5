import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3111);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const SINK_URL = `http://127.0.0.1:${process.env.E2E_SINK_PORT ?? 3126}`;
const AI_PORT = Number(process.env.E2E_AI_PORT ?? 3127);
/** The fake AI provider's address and key (tests/e2e/support/fake-ai.ts). */
export const FAKE_AI_URL = `http://127.0.0.1:${AI_PORT}/v1`;
export const FAKE_AI_KEY = "sk-e2e-fake-ai-key";
/**
 * Debian's headless shell: the browser without its windowing, which takes a fifth less of the
 * machine than the full `chromium` for the same journeys.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Journeys that keep screenshots in both colour modes and run axe take a while on 2 cores, where
  // two browsers and the server share the machine: a form's answer can take seconds to show.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  // Runs on other ports (side by side) keep their own results: a run empties its folder first.
  outputDir: process.env.E2E_PORT ? `test-results-${process.env.E2E_PORT}` : "test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Headless Chromium names itself HeadlessChrome, which isbot (rightly) takes for a crawler.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      // A real SMTP server and SMS webhook; tests read keys from it over HTTP.
      command: "npx tsx tests/e2e/support/mail-sink.ts",
      url: `${SINK_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // An OpenAI-compatible provider on loopback: the AI tests' edge of the world.
      command: "npx tsx tests/e2e/support/fake-ai.ts",
      url: FAKE_AI_URL,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_AI_PORT: String(AI_PORT), E2E_AI_KEY: FAKE_AI_KEY },
    },
    {
      // The production build as `npm start` serves it, at an http address: cookies without Secure.
      command: "npx tsx server.ts",
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        DATA_DIR: mkdtempSync(join(tmpdir(), "qalam-e2e-")),
        DATABASE_URL: "",
        API_URL: "",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SMS_WEBHOOK_URL: `${SINK_URL}/sms`,
        // Every test registers and signs in from 127.0.0.1; the per-account limits stay as they are.
        RATE_LIMIT_LOGIN_PER_ADDRESS: "100000",
        RATE_LIMIT_REGISTRATION_PER_ADDRESS: "100000",
        RATE_LIMIT_KEY_REQUEST_PER_ADDRESS: "100000",
        RATE_LIMIT_VERIFICATION_PER_ADDRESS: "100000",
        RATE_LIMIT_EMAIL_EXISTS_PER_ADDRESS: "100000",
        // Resending a key is tested without waiting a minute.
        RATE_LIMIT_KEY_SEND_INTERVAL: "1/2",
        // Reached within a test: one page of organizations, and one more.
        MAX_ORGANIZATIONS_PER_USER: "21",
        // The deployment's chat model is the fake provider's; organizations may point at it too,
        // though it is on loopback.
        AI_BASE_URL: FAKE_AI_URL,
        AI_API_KEY: FAKE_AI_KEY,
        AI_CHAT_MODEL: "deployment-chat",
        // Knowledge's vectors from the fake too, rather than the embedded model's 30 MB.
        AI_EMBEDDING_MODEL: "deployment-embedding",
        // The other models a thread names: one that writes slowly, one the provider lacks.
        AI_CHAT_MODELS: "paced, missing-model",
        AI_ALLOW_PRIVATE_NETWORK: "1",
        // The browser tests' own sites and receivers are on loopback.
        KNOWLEDGE_ALLOW_PRIVATE_NETWORK: "1",
        WEBHOOKS_ALLOW_PRIVATE_NETWORK: "1",
      },
    },
  ],
});
