import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyCounts } from "../../../api/db/schema";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
  uniqueEmail,
} from "../helpers";

type Owner = SignedInUser & { organizationId: string };

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ ai: { offlineVoice: false, sentenceEncoder: false } });
});
afterAll(() => t.close());

const dashboard = (organizationId: string, token: string, days?: string) =>
  t.request("GET", `/organizations/${organizationId}/dashboard${days ? `?days=${days}` : ""}`, {
    token,
  });

async function post(owner: Owner, path: string, json: Record<string, unknown>) {
  const response = await t.request("POST", path, { token: owner.token, json });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
// biome-ignore lint/suspicious/noExplicitAny: the response's metrics, read by name
const metric = (body: any, name: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: as above
  body.metrics.find((item: any) => item.metric === name);

describe("the dashboard", () => {
  it("shows a new organization nothing made and every checklist step to do", async () => {
    const owner = await ownerWithSession(t);
    const response = await dashboard(owner.organizationId, owner.token);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.range).toBe(30);
    expect(body.to).toBe(today());
    expect(body.from).toBe(daysAgo(29));
    expect(body.metrics).toHaveLength(10);
    for (const item of body.metrics) {
      expect(item).toMatchObject({ total: 0, previous: 0 });
      expect(item.days).toHaveLength(30);
    }
    expect(body.activity).toEqual([]);
    expect(body.checklist).toEqual({
      dismissed: false,
      steps: [
        { step: "aiProvider", done: false },
        { step: "teammate", done: false },
        { step: "image", done: false },
        { step: "thread", done: false },
        { step: "bot", done: false },
        { step: "knowledge", done: false },
        { step: "embed", done: false },
      ],
    });
    expect(body.usage.capabilities).toHaveLength(7);
    expect(body.usage.members).toEqual([]);
  });

  it("counts what was made today, whichever path made it, and ticks the steps it fulfils", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    await post(owner, "/clients", { name: "Nile Bakery" });
    await post(owner, "/clients", { name: "مخبز النيل" });
    await post(owner, "/projects", { name: "Launch" });
    await post(owner, "/documents", { title: "Brief", markdown: "Words" });
    await post(owner, "/threads", {});
    const imported = await t.request("POST", "/clients/import", {
      token: owner.token,
      json: { csv: "name,kind,status\nImported one,company,lead\nImported two,person,lead\n" },
    });
    expect(imported.body).toMatchObject({ imported: 2 });
    await t.request("POST", `/organizations/${owner.organizationId}/invitations`, {
      token: owner.token,
      json: { email: uniqueEmail(), role: "member" },
    });

    const body = (await dashboard(owner.organizationId, owner.token, "7")).body;
    expect(body.range).toBe(7);
    expect(metric(body, "clients")).toMatchObject({ total: 4, previous: 0 });
    expect(metric(body, "clients").days.at(-1)).toBe(4);
    expect(metric(body, "projects").total).toBe(1);
    expect(metric(body, "documents").total).toBe(1);
    expect(metric(body, "threads").total).toBe(1);
    expect(metric(body, "media.image").total).toBe(0);
    const steps = Object.fromEntries(
      // biome-ignore lint/suspicious/noExplicitAny: the checklist's steps
      body.checklist.steps.map((item: any) => [item.step, item.done]),
    );
    expect(steps).toEqual({
      aiProvider: false,
      teammate: true,
      image: false,
      thread: true,
      bot: false,
      knowledge: false,
      embed: false,
    });
  });

  it("counts visitors' conversations with a bot, not a member's preview, and ticks the site step for a site's", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const bot = await post(owner, "/bots", {
      name: "Helper",
      status: "live",
      allowedDomains: ["shop.example"],
    });
    const stepsOf = async () =>
      Object.fromEntries(
        (await dashboard(owner.organizationId, owner.token)).body.checklist.steps.map(
          // biome-ignore lint/suspicious/noExplicitAny: the checklist's steps
          (item: any) => [item.step, item.done],
        ),
      );
    expect(await stepsOf()).toMatchObject({ bot: true, knowledge: false, embed: false });

    // A question the owners answered is knowledge the bot answers from.
    const pair = await t.request("POST", `/bots/${bot.id}/knowledge/qa`, {
      token: owner.token,
      json: { question: "Do you deliver?", answer: "Yes." },
    });
    expect(pair.status, pair.text).toBe(201);
    expect(await stepsOf()).toMatchObject({ knowledge: true });

    // A member trying the bot before it is embedded anywhere.
    const preview = await t.request("POST", `/bots/${bot.id}/preview-token`, {
      token: owner.token,
    });
    expect(preview.status, preview.text).toBe(201);
    const tried = await t.request("POST", `/public/bots/${bot.publicId}/conversations`, {
      json: { locale: "en", previewToken: preview.body.token },
    });
    expect(tried.status, tried.text).toBe(201);
    expect(await stepsOf()).toMatchObject({ embed: false });

    // The full-page chat, on the product's own pages: a conversation, not yet a site.
    const linked = await t.request("POST", `/public/bots/${bot.publicId}/conversations`, {
      json: { locale: "en" },
      headers: { "x-forwarded-for": "203.0.113.6" },
    });
    expect(linked.status, linked.text).toBe(201);
    expect(await stepsOf()).toMatchObject({ embed: false });

    for (const address of ["203.0.113.7", "203.0.113.8"]) {
      const started = await t.request("POST", `/public/bots/${bot.publicId}/conversations`, {
        json: { locale: "ar" },
        headers: { origin: "https://shop.example", "x-forwarded-for": address },
      });
      expect(started.status, started.text).toBe(201);
    }
    const body = (await dashboard(owner.organizationId, owner.token, "7")).body;
    expect(metric(body, "bot.conversations")).toMatchObject({ total: 3, previous: 0 });
    expect(await stepsOf()).toMatchObject({ bot: true, embed: true });
  });

  it("puts each day's count in its place and compares the period with the one before", async () => {
    const owner = await ownerWithSession(t);
    const { organizationId } = owner;
    await t.db.insert(dailyCounts).values([
      { organizationId, day: daysAgo(0), metric: "media.image", count: 3 },
      { organizationId, day: daysAgo(6), metric: "media.image", count: 2 },
      { organizationId, day: daysAgo(7), metric: "media.image", count: 5 },
      { organizationId, day: daysAgo(13), metric: "media.image", count: 1 },
      { organizationId, day: daysAgo(14), metric: "media.image", count: 100 },
    ]);
    const week = metric((await dashboard(organizationId, owner.token, "7")).body, "media.image");
    expect(week).toEqual({
      metric: "media.image",
      total: 5,
      previous: 6,
      days: [2, 0, 0, 0, 0, 0, 3],
    });
    const quarter = metric(
      (await dashboard(organizationId, owner.token, "90")).body,
      "media.image",
    );
    expect(quarter.total).toBe(111);
    expect(quarter.days).toHaveLength(90);
    const steps = (await dashboard(organizationId, owner.token)).body.checklist.steps;
    expect(steps[2]).toEqual({ step: "image", done: true });
  });

  it("lists the latest activity, newest first, with each record's title while it can be read", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const client = await post(owner, "/clients", { name: "مخبز النيل" });
    const project = await post(owner, "/projects", { name: "Launch" });
    const renamed = await t.request("PATCH", `/clients/${client.id}`, {
      token: owner.token,
      json: { version: client.version, name: "Nile Bakery" },
    });
    expect(renamed.status).toBe(200);
    const deleted = await t.request("DELETE", `/projects/${project.id}`, { token: owner.token });
    expect(deleted.status).toBeLessThan(300);

    const { activity } = (await dashboard(owner.organizationId, owner.token)).body;
    // biome-ignore lint/suspicious/noExplicitAny: the activity's items
    expect(activity.map((item: any) => item.type)).toEqual([
      "project.deleted",
      "project.created",
      "client.created",
    ]);
    expect(activity[2]).toMatchObject({
      subject: { kind: "client", id: client.id, title: "Nile Bakery" },
      actorId: owner.id,
      actorName: "Test User",
    });
    expect(activity[0].subject).toEqual({ kind: "project", id: project.id, title: null });
    expect(Date.parse(activity[0].at)).not.toBeNaN();
  });

  it("keeps a private record's activity to its author", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const member = await memberWithSession(t, owner.organizationId, "member");
    await post(owner, "/threads", { title: "My notes" });
    await post(owner, "/characters", {
      name: "Layla",
      visibility: "organization",
    });

    const types = async (token: string) =>
      (await dashboard(owner.organizationId, token)).body.activity.map(
        // biome-ignore lint/suspicious/noExplicitAny: the activity's items
        (item: any) => `${item.type} ${item.subject.title}`,
      );
    expect(await types(owner.token)).toEqual([
      "character.created Layla",
      "thread.created My notes",
    ]);
    expect(await types(member.token)).toEqual(["character.created Layla"]);
  });

  it("shows members' usage to those who manage the AI only", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const own = await dashboard(owner.organizationId, owner.token);
    const theirs = await dashboard(owner.organizationId, viewer.token);
    expect(own.body.usage.members).toEqual([]);
    expect(theirs.status).toBe(200);
    expect(theirs.body.usage.members).toBeNull();
    expect(theirs.body.usage.capabilities).toEqual(own.body.usage.capabilities);
  });

  it("shows nothing of another organization's", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const stranger = (await ownerWithSession(t)) as Owner;
    await post(owner, "/clients", { name: "Secret client" });
    const response = await dashboard(owner.organizationId, stranger.token);
    expect(response.status).toBe(404);
    const own = (await dashboard(stranger.organizationId, stranger.token)).body;
    expect(own.activity).toEqual([]);
    expect(metric(own, "clients").total).toBe(0);
  });

  it("refuses a period it does not offer", async () => {
    const owner = await ownerWithSession(t);
    const response = await dashboard(owner.organizationId, owner.token, "14");
    expect(response.status).toBe(422);
    expect(response.text).toContain("days");
  });

  it("puts the checklist away for the member who asked, and brings it back", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const set = (dismissed: unknown) =>
      t.request("PUT", `/organizations/${owner.organizationId}/dashboard/checklist`, {
        token: owner.token,
        json: { dismissed },
      });
    expect((await set("yes")).status).toBe(422);
    expect((await set(true)).status).toBe(204);
    expect((await set(true)).status).toBe(204);
    expect((await dashboard(owner.organizationId, owner.token)).body.checklist.dismissed).toBe(
      true,
    );
    expect((await dashboard(owner.organizationId, member.token)).body.checklist.dismissed).toBe(
      false,
    );
    expect((await set(false)).status).toBe(204);
    expect((await dashboard(owner.organizationId, owner.token)).body.checklist.dismissed).toBe(
      false,
    );
  });
});
