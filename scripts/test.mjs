// `npm test`: type check, lint, unit and API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL
// is set), the production build, and the end-to-end tests in Debian's Chromium headless shell; it,
// espeak-ng and ffmpeg come from Debian's packages.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Debian's headless shell, as playwright.config.ts names it.
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
const reports = mkdtempSync(join(tmpdir(), "qalam-test-"));
const totals = { passed: 0, failed: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    return false;
  }
  return true;
}

/** Whether a command is on PATH. */
const hasCommand = (name) => spawnSync("sh", ["-c", `command -v ${name}`]).status === 0;

/**
 * The Debian packages the tests run for real: Chromium for the browser tests, espeak-ng for the
 * offline voice, ffmpeg for the slideshow. Installed with apt when missing and this runs as
 * root; never downloaded.
 */
function ensureDebianPackages() {
  const missing = [
    !existsSync(CHROMIUM) && "chromium-headless-shell",
    !hasCommand("espeak-ng") && "espeak-ng",
    !(hasCommand("ffmpeg") && hasCommand("ffprobe")) && "ffmpeg",
  ].filter(Boolean);
  if (missing.length === 0) return true;
  const root = process.getuid?.() === 0;
  if (root && hasCommand("apt-get")) {
    console.log(`Missing: ${missing.join(", ")}. Installing Debian's packages.`);
    run("apt-get update", "apt-get", ["update"]) &&
      run(
        `apt-get install ${missing.join(" ")}`,
        "apt-get",
        ["install", "-y", "--no-install-recommends", ...missing],
        { DEBIAN_FRONTEND: "noninteractive" },
      );
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `No Chromium at ${CHROMIUM}. Install Debian's package as root (apt-get install chromium-headless-shell), ` +
        "or set CHROMIUM_PATH to a Chromium binary. Browsers are never downloaded.",
    );
    return false;
  }
  if (!hasCommand("espeak-ng")) {
    console.error("No espeak-ng: install Debian's package as root (apt-get install espeak-ng).");
    return false;
  }
  if (!hasCommand("ffmpeg") || !hasCommand("ffprobe")) {
    console.error("No ffmpeg: install Debian's package as root (apt-get install ffmpeg).");
    return false;
  }
  return true;
}

function vitest(title, projects, env) {
  const output = join(reports, `${title.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p])];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${output}`);
  const ok = run(title, "npx", args, env);
  count(output, (r) => [r.numPassedTests, r.numFailedTests]);
  return ok;
}

function count(file, read) {
  if (!existsSync(file)) return;
  const [passed, failed] = read(JSON.parse(readFileSync(file, "utf8")));
  totals.passed += passed ?? 0;
  totals.failed += failed ?? 0;
}

const pglite = { TEST_DATABASE_URL: "" };
const steps = [
  () => ensureDebianPackages(),
  () => run("Type check", "npx", ["tsc", "--noEmit"]),
  () => run("Lint and format", "npx", ["biome", "check", "."]),
  () => vitest("Unit and API tests on PGlite", ["unit", "api"], pglite),
  () => {
    if (process.env.TEST_DATABASE_URL) return vitest("API tests on PostgreSQL", ["api"], {});
    console.log("\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.");
    return true;
  },
  () => run("Build", "npx", ["react-router", "build"]),
  () => {
    const output = join(reports, "e2e.json");
    const ok = run("End-to-end tests in Chromium", "npx", ["playwright", "test"], {
      CHROMIUM_PATH: CHROMIUM,
      PLAYWRIGHT_JSON_OUTPUT_NAME: output,
    });
    count(output, (r) => [r.stats?.expected, (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0)]);
    return ok;
  },
];

console.log(`Node.js ${process.version} (${process.execPath})`);
let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
