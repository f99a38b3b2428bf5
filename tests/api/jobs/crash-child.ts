/**
 * An API process that starts two jobs and keeps them running until it is killed: the first half
 * of the durability test (durability.test.ts), run as a process of its own so that the kill is
 * real. Prints the jobs' ids as one JSON line once both are running.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { jobs } from "../../../api/db/schema";
import { createUser } from "../../../api/identity/users";
import { defineJobKind } from "../../../api/jobs/kinds";
import { enqueueJob } from "../../../api/media/jobs";
import { createOrganization } from "../../../api/organizations/organizations";
import { permissionsForRole } from "../../../api/organizations/permissions";
import { startApi } from "../../../api/start";
import { crashKinds } from "./crash-kinds";

const forever = defineJobKind({
  kind: "placeholder",
  run: ({ signal }) =>
    new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
});
const kinds = crashKinds.map((kind) => ({ ...forever, ...kind, run: forever.run }));

const root = mkdtempSync(join(tmpdir(), "qalam-crash-"));
const { db, jobs: queue } = await startApi({
  databaseUrl: process.env.CRASH_DATABASE_URL || undefined,
  dataDir: process.env.CRASH_DATA_DIR || undefined,
  filesDir: join(root, "files"),
  outboxDir: join(root, "outbox"),
  ai: { offlineVoice: false },
  jobs: { kinds, heartbeatSeconds: 20 },
});

const user = await createUser(db, {
  firstName: "Crash",
  lastName: "Test",
  email: `crash-${Date.now()}@example.test`,
  phone: null,
  password: "a long enough password",
  verified: true,
});
const organization = await createOrganization(db, { name: "Crash", ownerId: user.id });
const actor = {
  userId: user.id,
  organizationId: organization.id,
  permissions: permissionsForRole("owner"),
};
const ids = [];
for (const kind of kinds) ids.push((await enqueueJob(db, queue, actor, kind, {})).id);

for (;;) {
  const rows = await db.select().from(jobs).where(inArray(jobs.id, ids));
  if (rows.length === ids.length && rows.every((row) => row.status === "running")) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const [owner] = await db
  .select()
  .from(jobs)
  .where(eq(jobs.id, ids[0] as string));
process.stdout.write(`${JSON.stringify({ ids, userId: owner?.userId })}\n`);
// Runs until killed.
setInterval(() => {}, 60_000);
