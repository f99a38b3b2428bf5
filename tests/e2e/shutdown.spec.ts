import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";

// A server of its own, stopped with SIGTERM and started again on the same data, as a deployment
// or an orchestrator does.
const PORT = 3197;
const origin = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), "qalam-shutdown-"));
const demo = { email: "demo@qalam.local", password: "a shutdown demo passphrase" };
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

function startServer() {
  const started = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      API_URL: "",
      SESSION_SECRET: "shutdown-secret",
      DEMO_PASSWORD: demo.password,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = started;
  let errors = "";
  started.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    started.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve(started);
    });
    started.on("exit", (code) => reject(new Error(`server exited with ${code}: ${errors}`)));
  });
}

function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

/** A POST whose body arrives in two parts: the second one when `secondPart` resolves. */
function slowLogin(secondPart: Promise<void>) {
  const body = JSON.stringify({ value: demo.email, password: demo.password });
  const half = Math.floor(body.length / 2);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = request(
      `${origin}/api/v1/login`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.write(body.slice(0, half));
    secondPart.then(() => sent.end(body.slice(half)), reject);
  });
}

/** Whether a new connection is taken at all. */
function accepts() {
  return new Promise<boolean>((resolve) => {
    const probe = request(`${origin}/api/health`, (response) => {
      response.resume();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
    probe.end();
  });
}

test.afterEach(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGKILL");
    await exited(server);
  }
});

test.afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

test("SIGTERM lets a request in flight finish, and refuses new ones", async () => {
  const running = await startServer();
  let sendRest = () => {};
  const rest = new Promise<void>((resolve) => {
    sendRest = resolve;
  });
  const answer = slowLogin(rest);
  // The first half of the body is in the server before it is told to stop.
  await new Promise((resolve) => setTimeout(resolve, 300));
  running.kill("SIGTERM");
  await expect.poll(accepts).toBe(false);
  expect(running.exitCode).toBeNull();

  sendRest();
  const { status, body } = await answer;
  expect(status).toBe(200);
  expect(JSON.parse(body)).toHaveProperty("token");
  expect(await exited(running)).toBe(0);
});

test("an open page's live connection comes back when the server does", async ({ page }) => {
  await startServer();
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(demo.email);
  await page.getByLabel("Password", { exact: true }).fill(demo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
  const indicator = page.locator("aside [data-realtime]");
  await expect(indicator).toHaveAttribute("data-realtime", "live");

  const running = server as ChildProcess;
  running.kill("SIGTERM");
  expect(await exited(running)).toBe(0);
  await expect(indicator).not.toHaveAttribute("data-realtime", "live");

  await startServer();
  await expect(indicator).toHaveAttribute("data-realtime", "live", { timeout: 15_000 });
  // The session outlived the restart: the page was never reloaded, and it is still signed in.
  await page.reload();
  await expect(page).toHaveURL(`${origin}/dashboard`);
});
