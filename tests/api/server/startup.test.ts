import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts server.ts with `env` and resolves with its exit code and what it wrote to stderr. */
function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "qalam-startup-"));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "", API_URL: "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stderr: string; dataDir: string }>((resolve) => {
    child.on("exit", (code) => resolve({ code, stderr, dataDir }));
  });
}

describe("the AI settings of the environment", () => {
  it("stop the start when they cannot work, naming the variable", async () => {
    const badProvider = await start({ AI_CHAT_MODEL: "m", AI_CHAT_PROVIDER: "anthropic" });
    expect(badProvider.code).not.toBe(0);
    expect(badProvider.stderr).toContain("AI_CHAT_PROVIDER must be one of");

    const badKey = await start({ SECRETS_KEY: "too-short" });
    expect(badKey.code).not.toBe(0);
    expect(badKey.stderr).toContain("SECRETS_KEY must be 32 bytes");
    // Neither got as far as keeping a generated key.
    expect(() => statSync(join(badKey.dataDir, "secrets-key"))).toThrow();

    const badNetwork = await start({ AI_ALLOWED_NETWORKS: "10.0.0.0/8, 192.168.1/24" });
    expect(badNetwork.code).not.toBe(0);
    expect(badNetwork.stderr).toContain(
      'AI_ALLOWED_NETWORKS: "192.168.1/24" is not a network in CIDR notation',
    );
  }, 60_000);
});

describe("the job limits of the environment", () => {
  it("stop the start when one is not a count, naming the variable", async () => {
    const bad = await start({ AI_CONCURRENCY_VIDEO: "0" });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("AI_CONCURRENCY_VIDEO must be a whole number from 1 to 1000");
  }, 60_000);
});
