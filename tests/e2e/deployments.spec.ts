import { type ChildProcess, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openHydrated, screenshotBothModes, test } from "./fixtures";
import { deploymentLabels } from "./support/labels";

// A server of its own, on a copy of the build that these tests change as a deployment would.
const PORT = 3198;
const origin = `http://localhost:${PORT}`;
const buildDir = mkdtempSync(join(tmpdir(), "qalam-deployment-"));
const clientDir = join(buildDir, "client");
const latestFile = join(clientDir, "builds/latest.json");
let server: ChildProcess;
let original: { id: string; timestamp: number };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  cpSync("build", buildDir, { recursive: true });
  // The server build imports its packages from node_modules, found from where it lies.
  symlinkSync(resolve("node_modules"), join(buildDir, "node_modules"));
  original = JSON.parse(readFileSync(latestFile, "utf8"));
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      BUILD_DIR: buildDir,
      // Guest pages are all these tests need: no API has to answer.
      API_URL: "http://127.0.0.1:9/api/v1",
      SESSION_SECRET: "deployment-secret",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  await new Promise<void>((listening, failed) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) listening();
    });
    server.on("exit", (code) => failed(new Error(`The server exited with ${code}: ${errors}`)));
  });
});

test.afterAll(() => {
  server.kill();
  rmSync(buildDir, { recursive: true, force: true });
});

/** Deploys "another build": only its id changes, which is all an open page compares. */
function deployAnotherBuild() {
  writeFileSync(latestFile, JSON.stringify({ id: "0a1b2c3d", timestamp: Date.now() }));
}

function restoreBuild() {
  writeFileSync(latestFile, JSON.stringify(original));
}

/** Opens a hydrated page whose clock the test moves on. */
async function openWithClock(page: Page, path: string) {
  await page.clock.install();
  await openHydrated(page, `${origin}${path}`);
}

/** Counts the documents the tab loads at `path`: first visits and reloads alike. */
function countDocumentLoads(page: Page, path: string) {
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === path) {
      loads.push(request.url());
    }
  });
  return loads;
}

test("builds/latest.json names the build and is never cached", async ({ request }) => {
  const response = await request.get(`${origin}/builds/latest.json?t=${Date.now()}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  const latest = await response.json();
  expect(latest).toEqual({
    id: expect.stringMatching(/^[0-9a-f]{8}$/),
    timestamp: expect.any(Number),
  });
  expect(readdirSync(join(clientDir, "assets"))).toContain(`manifest-${latest.id}.js`);
});

test.describe("a new deployment", () => {
  test.afterEach(restoreBuild);

  test("is found by the poll while the page is open, and the next link loads a whole page", async ({
    page,
  }) => {
    await openWithClock(page, "/login");
    const polls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/builds/latest.json")) polls.push(request.url());
    });

    // Nothing new yet: the poll after five minutes finds the page's own build.
    await page.clock.fastForward("05:00");
    await expect.poll(() => polls.length).toBe(1);
    expect(polls[0]).toMatch(/\/builds\/latest\.json\?t=\d+$/);
    await expect(page.getByText("A new version of Qalam is available.")).toHaveCount(0);

    deployAnotherBuild();
    await page.clock.fastForward("05:00");
    const notice = page.getByText("A new version of Qalam is available.");
    await expect(notice).toBeVisible();
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
    await screenshotBothModes(page, "new-build");

    // The next navigation is the browser's own, not a client-side transition.
    const signupLoads = countDocumentLoads(page, "/signup");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(`${origin}/signup`);
    await expect.poll(() => signupLoads.length).toBe(1);
  });

  test("is found when the tab regains focus, and Reload loads the page again", async ({ page }) => {
    await openWithClock(page, "/ar/login");
    deployAnotherBuild();
    await page.clock.fastForward("00:31");
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(page.getByText("يتوفر إصدار جديد من قلم.")).toBeVisible();
    await screenshotBothModes(page, "new-build");
    await expectNoAxeViolations(page);

    const loads = countDocumentLoads(page, "/ar/login");
    await page.getByRole("button", { name: "إعادة التحميل" }).click();
    await expect.poll(() => loads.length).toBe(1);
  });

  test("can be put off: Not now hides the offer", async ({ page }) => {
    await openWithClock(page, "/login");
    deployAnotherBuild();
    await page.clock.fastForward("05:00");
    await page.getByRole("button", { name: "Not now" }).click();
    await expect(page.getByText("A new version of Qalam is available.")).toHaveCount(0);
  });
});

/** The module file of a route in the copied build, as the browser manifest names it. */
function routeModuleFile(routeId: string) {
  const assets = join(clientDir, "assets");
  const manifestFile = readdirSync(assets).find((file) => file.startsWith("manifest-")) as string;
  const manifest = JSON.parse(
    readFileSync(join(assets, manifestFile), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;$/, ""),
  ) as { routes: Record<string, { module: string }> };
  const module = manifest.routes[routeId]?.module;
  if (!module) throw new Error(`No route ${routeId} in the manifest`);
  return join(clientDir, module);
}

for (const [prefix, { signUp, title, reload }] of deploymentLabels) {
  test(`a missing chunk reloads the page once; within the guard the error page shows (${prefix || "/en"})`, async ({
    page,
  }) => {
    // The sign-up route's module is gone, with its brotli and gzip copies, as after a deployment
    // that removed the old files.
    const module = routeModuleFile("routes/(ar)._guest.signup");
    const removed = [module, `${module}.br`, `${module}.gz`].filter((file) => existsSync(file));
    const kept = removed.map((file) => readFileSync(file));
    for (const file of removed) rmSync(file);
    try {
      const loginLoads = countDocumentLoads(page, `${prefix}/login`);
      await openHydrated(page, `${origin}${prefix}/login`);
      expect(loginLoads).toHaveLength(1);

      // The first failure reloads the current path, once.
      // Hydrated again: the reloaded document's own route discovery has answered.
      const reloaded = page.waitForResponse(
        (response) => response.url().includes("/__manifest") && loginLoads.length === 2,
      );
      await page.getByRole("link", { name: signUp }).click();
      await reloaded;
      await expect(page).toHaveURL(`${origin}${prefix}/login`);
      expect(loginLoads).toHaveLength(2);

      // Within ten seconds a second failure does not reload again: the error page shows.
      await page.getByRole("link", { name: signUp }).click();
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByRole("link", { name: reload })).toHaveAttribute(
        "href",
        `${prefix}/signup`,
      );
      await page.waitForTimeout(1000);
      expect(loginLoads).toHaveLength(2);
      await screenshotBothModes(page, "chunk-error");
      await expectNoAxeViolations(page);
    } finally {
      for (const [index, file] of removed.entries()) writeFileSync(file, kept[index] as Buffer);
    }
  });
}
