import { type ChildProcess, spawn } from "node:child_process";
import { createCookie } from "react-router";
import { expect, test } from "./fixtures";

const PORT = 3199;
const SECRET = "api-down-secret";
let server: ChildProcess;

// One server for the file: its tests share it in one worker.
test.describe.configure({ mode: "serial" });

// A web server whose remote API does not answer: pages that need it show the 503 page, quickly.
test.beforeAll(async () => {
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      API_URL: "http://127.0.0.1:9/api/v1",
      SESSION_SECRET: SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
});

test.afterAll(() => {
  server.kill();
});

test("a signed-in page shows the 503 page and keeps the token", async ({ page, context }) => {
  const token = await createCookie("token", { secrets: [SECRET] }).serialize("some-token");
  const value = token.split(";")[0]?.split("=")[1] ?? "";
  await context.addCookies([{ name: "token", value, url: `http://localhost:${PORT}` }]);
  const started = Date.now();
  const response = await page.goto(`http://localhost:${PORT}/dashboard`);
  expect(response?.status()).toBe(503);
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect(page.locator("h1")).toHaveText("Service Unavailable");
  expect((await context.cookies()).find((c) => c.name === "token")).toBeDefined();
});

test("health reports the outage and login says the service is unreachable", async ({ page }) => {
  const health = await page.request.get(`http://localhost:${PORT}/api/health`);
  expect(health.status()).toBe(503);
  await page.goto(`http://localhost:${PORT}/login`);
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByLabel("Password", { exact: true }).fill("a-password");
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Sign in" }).click();
  expect((await answer).status()).toBe(503);
  await expect(page.getByRole("alert")).toHaveText(
    "The service is not reachable right now. Please try again in a moment.",
  );
  // What was typed stays for the next try.
  await expect(page.getByLabel("Email")).toHaveValue("someone@example.com");
});
