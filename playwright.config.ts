import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3111);
export const DEMO_PASSWORD = "e2e-demo-password-2026";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Headless Chromium names itself HeadlessChrome, which isbot (rightly) takes for a crawler.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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
  webServer: {
    // The production build, served in test mode: cookies without Secure and the demo account seeded.
    command: "npx tsx server.ts",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "test",
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), "qalam-e2e-")),
      DEMO_PASSWORD,
      DATABASE_URL: "",
      API_URL: "",
      // Every test signs in from 127.0.0.1 as the demo account: the login limits would answer 429.
      RATE_LIMIT_LOGIN_PER_ADDRESS: "100000",
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "100000",
    },
  },
});
