// `npm run bench:dashboard`: the dashboard's read (getDashboard, what GET
// /organizations/{id}/dashboard calls) on an organization with 100,000 media items made over a
// year and 100,000 lines of activity, against the same on an empty organization, in one run,
// round-robin, for each period (7, 30 and 90 days). Server time, p50 and p95, and the ratio of the
// large organization's to the empty one's, which is 1 where the cost does not grow with the data.
// The target: p95 under 50 ms on the large organization; the run fails when it is missed.
//
//   BENCH_SERVER_URL  the server to make the benchmark's database on (default
//                     postgres://postgres:postgres@127.0.0.1:5432/postgres)
//   BENCH_ROUNDS      rounds, each period once a round on each organization (default 200)
//   BENCH_WARMUP      rounds run first and not counted (default 20)
//   BENCH_MEDIA       media items of the large organization (default 100000)
//   BENCH_ACTIVITY    lines of activity of the large organization (default 100000)
//   BENCH_JSON        a file to write the figures to, as JSON
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createAiServices } from "../../api/ai/ai-models";
import { createAiRegistry } from "../../api/ai/registry";
import { type DashboardRange, dashboardRanges, getDashboard } from "../../api/dashboard/dashboard";
import type { Database } from "../../api/db/client";
import { permissionsForRole } from "../../api/organizations/permissions";
import { serverVersion, stepTimer } from "../support/database";
import { count, env, type Figures, figuresOf, ms, ratio } from "../support/figures";
import { addOrganization } from "../support/members";
import { isStopping, onOwnDatabase, runMs, startRun } from "../support/run";

const rounds = env("BENCH_ROUNDS", 200);
const warmup = env("BENCH_WARMUP", 20);
const mediaItems = env("BENCH_MEDIA", 100_000);
const activityLines = env("BENCH_ACTIVITY", 100_000);
const targetP95Ms = 50;

/** Media items spread over the last year, of every kind, by the organization's three members. */
async function seedMedia(db: Database, organizationId: string, authors: string[]) {
  await db.execute(sql`
    insert into media (organization_id, kind, author_id, title, prompt, file_key, content_type,
                       byte_size, created_at)
    select ${organizationId}, (array['image', 'audio', 'video'])[1 + n % 3],
           (${sql.raw(`array[${authors.map((id) => `'${id}'::uuid`).join(", ")}]`)})[1 + n % ${authors.length}],
           'Bench item ' || n, 'A prompt ' || n, 'bench/' || n, 'image/png', 1000,
           now() - make_interval(secs => random() * 365 * 86400)
    from generate_series(1, ${mediaItems}) as n`);
}

/** Lines of activity over the last 90 days, as publishChange writes them. */
async function seedActivity(db: Database, organizationId: string, actorId: string) {
  await db.execute(sql`
    insert into activity (organization_id, actor_id, type, subject_id, at)
    select ${organizationId}, ${actorId}, (array['client.created', 'document.created',
           'media.created', 'project.deleted'])[1 + n % 4], gen_random_uuid()::text,
           now() - make_interval(secs => random() * 90 * 86400)
    from generate_series(1, ${activityLines}) as n`);
}

async function main() {
  startRun();
  const ai = createAiServices({
    registry: createAiRegistry({ environment: {} }),
    secretsKey: randomBytes(32),
  });
  await onOwnDatabase({ bench: "dashboard" }, async (connection) => {
    const { db } = connection;
    const { step, steps } = stepTimer();
    const password = "bench password not used";
    const large = await addOrganization(db, { bench: "dashboard", label: "large", password });
    const empty = await addOrganization(db, { bench: "dashboard", label: "empty", password });
    await step(`${count(mediaItems)} media items`, () =>
      seedMedia(db, large.id, [large.owner.id, ...large.others]),
    );
    await step(`${count(activityLines)} lines of activity`, () =>
      seedActivity(db, large.id, large.owner.id),
    );
    await step("analyze", async () => {
      await db.execute(sql`analyze`);
    });

    const actors = {
      large: {
        userId: large.owner.id,
        organizationId: large.id,
        permissions: permissionsForRole("owner"),
      },
      empty: {
        userId: empty.owner.id,
        organizationId: empty.id,
        permissions: permissionsForRole("owner"),
      },
    };
    const times: Record<string, number[]> = {};
    const time = async (name: string, run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      const taken = performance.now() - started;
      times[name] = [...(times[name] ?? []), taken];
    };
    for (let round = 0; round < warmup + rounds && !isStopping(); round++) {
      for (const range of dashboardRanges) {
        for (const which of ["large", "empty"] as const) {
          const run = () => getDashboard(db, ai, actors[which], range as DashboardRange);
          if (round < warmup) await run();
          else await time(`${which} ${range}`, run);
        }
      }
    }

    const figures: Record<string, Figures> = {};
    for (const [name, values] of Object.entries(times)) figures[name] = figuresOf(values);
    console.log(`PostgreSQL ${await serverVersion(db)}, ${cpus().length} cores`);
    console.log(`Seeding: ${steps.join(", ")}`);
    console.log(`${rounds} rounds after ${warmup} of warm-up, round-robin\n`);
    console.log("period  empty p50/p95    large p50/p95    large/empty p95");
    let met = true;
    for (const range of dashboardRanges) {
      const small = figures[`empty ${range}`];
      const big = figures[`large ${range}`];
      if (!small || !big) continue;
      if (big.p95 >= targetP95Ms) met = false;
      console.log(
        `${String(range).padEnd(7)} ${`${ms(small.p50)}/${ms(small.p95)} ms`.padEnd(16)} ` +
          `${`${ms(big.p50)}/${ms(big.p95)} ms`.padEnd(16)} ${ratio(big.p95, small.p95)}`,
      );
    }
    console.log(
      `\nTarget, p95 under ${targetP95Ms} ms on the large organization: ${met ? "met" : "MISSED"}`,
    );
    console.log(`Run: ${(runMs() / 1000).toFixed(0)} s`);
    if (process.env.BENCH_JSON) {
      writeFileSync(process.env.BENCH_JSON, JSON.stringify({ figures, targetP95Ms, met }, null, 2));
    }
    if (!met) process.exitCode = 1;
  });
}

await main();
