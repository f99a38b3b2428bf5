import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AiError } from "../../../api/ai/errors";
import type { Role } from "../../../api/db/schema";
import { type JobKind, PermanentJobError } from "../../../api/jobs/kinds";
import { enqueueJob } from "../../../api/media/jobs";
import { permissionsForRole } from "../../../api/organizations/permissions";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
} from "../helpers";
import { organizationEvents } from "../realtime/socket-server";
import { controlledKind, eventually } from "./controlled-kind";

const work = controlledKind("test.work");
const flaky = controlledKind("test.flaky", { retryDelaySeconds: 1 });
const ai = controlledKind("test.ai", { capability: "image", retryDelaySeconds: 0 });
const narrow = controlledKind("test.narrow");

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({
    jobs: { kinds: [work.kind, flaky.kind, ai.kind, narrow.kind], perOrganization: 2 },
  });
});

afterAll(async () => {
  await t.close();
});

function actorOf(user: { id: string }, organizationId: string, role: Role) {
  return { userId: user.id, organizationId, permissions: permissionsForRole(role) };
}

async function queue(kind: JobKind, user: { id: string }, organizationId: string, label: string) {
  return enqueueJob(t.db, t.jobs, actorOf(user, organizationId, "owner"), kind, { label });
}

const jobOf = async (token: string, id: string) =>
  (await t.request("GET", `/jobs/${id}`, { token })).body;

const statusIs = (token: string, id: string, status: string) => async () => {
  const job = await jobOf(token, id);
  return job?.status === status ? job : null;
};

describe("a job's life", () => {
  let owner: SignedInUser & { organizationId: string };

  beforeAll(async () => {
    owner = await ownerWithSession(t);
  });

  it("is queued, runs with progress, and succeeds with its result, announced to the organization", async () => {
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);

    const job = await queue(work.kind, owner, owner.organizationId, "first");
    const running = await eventually(statusIs(owner.token, job.id, "running"));
    expect(running).toMatchObject({
      kind: "test.work",
      attempts: 1,
      canCancel: true,
      user: { id: owner.id, name: "Test User" },
      input: { label: "first" },
    });
    await eventually(async () => (await jobOf(owner.token, job.id)).progress === 0.5);
    // The job reports its progress before it starts to wait for the test's word.
    await eventually(async () => work.isWaiting("first"));

    expect(work.finish("first", { kind: "succeed", result: { label: "first", made: 1 } })).toBe(
      true,
    );
    const done = await eventually(statusIs(owner.token, job.id, "succeeded"));
    expect(done).toMatchObject({
      progress: 1,
      result: { label: "first", made: 1 },
      error: null,
      canCancel: false,
    });
    expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));

    const types: string[] = [];
    while (!types.includes("job.finished")) {
      const event = await events.next();
      expect(event).toMatchObject({ id: job.id, organizationId: owner.organizationId });
      types.push(String(event.type));
    }
    expect(types[0]).toBe("job.progress");
    expect(types.filter((type) => type === "job.progress").length).toBeGreaterThanOrEqual(3);
    await events.close();
  });

  it("is tried again after a passing failure and succeeds on a later try", async () => {
    flaky.script("retry", { kind: "fail", error: new Error("disk busy") });
    const job = await queue(flaky.kind, owner, owner.organizationId, "retry");
    await eventually(() => flaky.isWaiting("retry"), 15_000, "the second try");
    const between = await jobOf(owner.token, job.id);
    expect(between).toMatchObject({ status: "running", attempts: 2 });
    // The last try's failure stays on the record until the job ends.
    expect(between.error).toEqual({ code: "JOB_FAILED", message: "The work failed." });
    flaky.finish("retry");
    const done = await eventually(statusIs(owner.token, job.id, "succeeded"));
    expect(done.result).toEqual({ label: "retry", attempt: 2 });
  });

  it("fails at once, with its reason, when trying again cannot help", async () => {
    flaky.script("bad", { kind: "fail", error: new PermanentJobError("BAD_INPUT", "No text.") });
    const job = await queue(flaky.kind, owner, owner.organizationId, "bad");
    const failed = await eventually(statusIs(owner.token, job.id, "failed"));
    expect(failed).toMatchObject({
      attempts: 1,
      error: { code: "BAD_INPUT", message: "No text." },
      canCancel: false,
    });
    expect(flaky.state.starts.filter((label) => label === "bad")).toHaveLength(1);
  });

  it("takes an AI provider's refusal of the key as final, and its outage as passing", async () => {
    ai.script("key", { kind: "fail", error: new AiError({ code: "AI_BAD_KEY" }) });
    ai.script(
      "outage",
      { kind: "fail", error: new AiError({ code: "AI_PROVIDER_DOWN", detail: "502" }) },
      { kind: "fail", error: new AiError({ code: "AI_PROVIDER_DOWN", detail: "502" }) },
      { kind: "fail", error: new AiError({ code: "AI_PROVIDER_DOWN", detail: "503" }) },
    );
    const key = await queue(ai.kind, owner, owner.organizationId, "key");
    const outage = await queue(ai.kind, owner, owner.organizationId, "outage");

    const refused = await eventually(statusIs(owner.token, key.id, "failed"));
    expect(refused).toMatchObject({ attempts: 1, capability: "image" });
    expect(refused.error.code).toBe("AI_BAD_KEY");
    const down = await eventually(statusIs(owner.token, outage.id, "failed"), 30_000);
    expect(down).toMatchObject({
      attempts: 3,
      error: { code: "AI_PROVIDER_DOWN", message: "503" },
    });
  });
});

describe("cancelling", () => {
  it("stops a running job where it runs, and it stays cancelled", async () => {
    const owner = await ownerWithSession(t);
    const job = await queue(work.kind, owner, owner.organizationId, "stop-me");
    await eventually(() => work.isWaiting("stop-me"));

    const response = await t.request("POST", `/jobs/${job.id}/cancel`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "cancelled", canCancel: false });
    await eventually(() => work.state.aborted.includes("stop-me"), 5_000, "the abort");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await jobOf(owner.token, job.id)).status).toBe("cancelled");

    const again = await t.request("POST", `/jobs/${job.id}/cancel`, { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("JOB_FINISHED");
  });

  it("takes a waiting job out of the queue before it starts", async () => {
    const owner = await ownerWithSession(t);
    // The organization's two places are taken, so the third waits.
    const first = await queue(work.kind, owner, owner.organizationId, "hold-1");
    const second = await queue(work.kind, owner, owner.organizationId, "hold-2");
    await eventually(() => work.isWaiting("hold-1") && work.isWaiting("hold-2"));
    const third = await queue(work.kind, owner, owner.organizationId, "never");

    const response = await t.request("POST", `/jobs/${third.id}/cancel`, { token: owner.token });
    expect(response.body.status).toBe("cancelled");
    work.finish("hold-1");
    work.finish("hold-2");
    await eventually(statusIs(owner.token, second.id, "succeeded"));
    await eventually(statusIs(owner.token, first.id, "succeeded"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(work.state.starts).not.toContain("never");
    expect((await jobOf(owner.token, third.id)).status).toBe("cancelled");
  });

  it("is for the job's author and whoever manages the organization's AI", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const job = await queue(work.kind, owner, owner.organizationId, "guarded");

    const listed = await t.request("GET", `/jobs?status=queued,running`, { token: viewer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(job.id);
    expect(listed.body.items[0].canCancel).toBe(false);

    for (const someone of [member, viewer]) {
      const refused = await t.request("POST", `/jobs/${job.id}/cancel`, { token: someone.token });
      expect(refused.status).toBe(403);
    }
    const admin = await memberWithSession(t, owner.organizationId, "admin");
    const cancelled = await t.request("POST", `/jobs/${job.id}/cancel`, { token: admin.token });
    expect(cancelled.body.status).toBe("cancelled");
  });
});

describe("concurrency", () => {
  it("runs at most perOrganization of one organization's jobs at once, and others' beside them", async () => {
    const busy = await ownerWithSession(t);
    const other = await ownerWithSession(t);
    const labels = ["n1", "n2", "n3", "n4"];
    for (const label of labels) await queue(narrow.kind, busy, busy.organizationId, label);
    await eventually(() => narrow.state.starts.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(narrow.state.starts).toHaveLength(2);

    await queue(narrow.kind, other, other.organizationId, "elsewhere");
    await eventually(() => narrow.isWaiting("elsewhere"), 5_000, "the other organization's job");

    for (let finished = 0; finished < labels.length; ) {
      for (const label of labels) if (narrow.finish(label)) finished++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    narrow.finish("elsewhere");
    expect(narrow.state.mostAtOnceByOrganization.get(busy.organizationId)).toBe(2);
    expect(narrow.state.mostAtOnce).toBe(3);
  });
});

describe("GET /jobs", () => {
  it("lists the current organization's jobs, newest first, paged and filtered", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    flaky.script("l1", { kind: "succeed" });
    flaky.script("l2", { kind: "fail", error: new PermanentJobError("BAD_INPUT", "No.") });
    flaky.script("l3", { kind: "succeed" });
    const ids = [
      (await queue(flaky.kind, owner, owner.organizationId, "l1")).id,
      (await queue(flaky.kind, owner, owner.organizationId, "l2")).id,
      (
        await enqueueJob(
          t.db,
          t.jobs,
          actorOf(member, owner.organizationId, "member"),
          flaky.kind,
          {
            label: "l3",
          },
        )
      ).id,
    ];
    await eventually(statusIs(owner.token, ids[2] as string, "succeeded"));
    await eventually(statusIs(owner.token, ids[1] as string, "failed"));

    const page = await t.request("GET", "/jobs?pageSize=2", { token: owner.token });
    expect(page.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.items.map((job: { id: string }) => job.id)).toEqual([ids[2], ids[1]]);

    const failed = await t.request("GET", "/jobs?status=failed", { token: owner.token });
    expect(failed.body.items.map((job: { id: string }) => job.id)).toEqual([ids[1]]);
    const mine = await t.request("GET", "/jobs?mine=true", { token: member.token });
    expect(mine.body.items.map((job: { id: string }) => job.id)).toEqual([ids[2]]);
    const byKind = await t.request("GET", "/jobs?kind=test.work", { token: owner.token });
    expect(byKind.body.total).toBe(0);
  });

  it("keeps each organization's jobs to itself", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    flaky.script("private", { kind: "succeed" });
    const job = await queue(flaky.kind, owner, owner.organizationId, "private");

    const listed = await t.request("GET", "/jobs", { token: stranger.token });
    expect(listed.body.items.map((item: { id: string }) => item.id)).not.toContain(job.id);
    expect((await t.request("GET", `/jobs/${job.id}`, { token: stranger.token })).status).toBe(404);
    const cancel = await t.request("POST", `/jobs/${job.id}/cancel`, { token: stranger.token });
    expect(cancel.status).toBe(404);
  });

  it("refuses bad filters with 422 and unknown ids with 404", async () => {
    const owner = await ownerWithSession(t);
    const badStatus = await t.request("GET", "/jobs?status=done", { token: owner.token });
    expect(badStatus.status).toBe(422);
    expect(Object.keys(badStatus.body.error.fields).join()).toMatch(/^status/);
    expect((await t.request("GET", "/jobs/not-an-id", { token: owner.token })).status).toBe(422);
    const unknown = await t.request("GET", `/jobs/${crypto.randomUUID()}`, { token: owner.token });
    expect(unknown.status).toBe(404);
    expect((await t.request("GET", "/jobs")).status).toBe(401);
  });
});
