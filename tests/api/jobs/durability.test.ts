import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { jobs } from "../../../api/db/schema";
import { defineJobKind } from "../../../api/jobs/kinds";
import { createTestApi, createTestDatabase, type TestDatabase } from "../helpers";
import { eventually } from "./controlled-kind";
import { crashKinds } from "./crash-kinds";

const child = fileURLToPath(new URL("./crash-child.ts", import.meta.url));

let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

/** Starts the child API, waits until its jobs run, and kills it without warning. */
async function crashWhileRunning(db: TestDatabase): Promise<string[]> {
  // One process, loading TypeScript itself, so that the kill ends the process that runs the jobs.
  const process_ = spawn(process.execPath, ["--import", "tsx", child], {
    env: {
      ...process.env,
      CRASH_DATABASE_URL: db.url ?? "",
      CRASH_DATA_DIR: db.dataDir ?? "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => process_.once("exit", resolve));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("The child API did not start its jobs")),
      60_000,
    );
    createInterface({ input: process_.stdout }).once("line", (text) => {
      clearTimeout(timer);
      resolve(text);
    });
    process_.once("exit", (code) => reject(new Error(`The child API exited (${code})`)));
  });
  process_.kill("SIGKILL");
  await exited;
  return (JSON.parse(line) as { ids: string[] }).ids;
}

it("runs a job again after its process was killed mid-run, or fails it with a reason when it has no tries left", async () => {
  database = await createTestDatabase({ onDisk: true });
  const [retried, final] = await crashWhileRunning(database);

  const ran: string[] = [];
  const kinds = crashKinds.map((kind) =>
    defineJobKind<unknown, { finished: true }>({
      ...kind,
      run: async ({ job }) => {
        ran.push(job.id);
        return { finished: true };
      },
    }),
  );
  const t = await createTestApi({
    database,
    // A heartbeat long enough for this API to start on a busy machine before the killed
    // process's silence is noticed.
    jobs: { kinds, heartbeatSeconds: 20, superviseIntervalSeconds: 1 },
  });
  try {
    const recordOf = async (id: string | undefined) =>
      (
        await t.db
          .select()
          .from(jobs)
          .where(eq(jobs.id, id as string))
      )[0];

    // Both were running in the killed process, and say so until its silence is noticed.
    expect((await recordOf(retried))?.status).toBe("running");

    const done = await eventually(
      async () => {
        const record = await recordOf(retried);
        return record?.status === "succeeded" ? record : null;
      },
      60_000,
      "the retried job",
    );
    expect(done).toMatchObject({ attempts: 2, result: { finished: true }, progress: 1 });

    const failed = await eventually(
      async () => {
        const record = await recordOf(final);
        return record?.status === "failed" ? record : null;
      },
      60_000,
      "the job without tries left",
    );
    expect(failed).toMatchObject({ attempts: 1, errorCode: "JOB_INTERRUPTED" });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    expect(ran).toEqual([retried]);
  } finally {
    await t.close();
  }
}, 180_000);
