import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
} from "../helpers";
import { pngImage } from "../test-images";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

type Owner = SignedInUser & { organizationId: string };
type Entry = {
  action: string;
  subject: { type: string; id: string; name: string };
  fields: string[];
  actor: { id: string; name: string } | null;
  createdAt: string;
};

async function post(owner: Owner, path: string, json: Record<string, unknown>) {
  const response = await t.request("POST", path, { token: owner.token, json });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; version: number };
}

async function patch(owner: Owner, path: string, json: Record<string, unknown>) {
  const response = await t.request("PATCH", path, { token: owner.token, json });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; version: number };
}

async function activity(owner: Owner, clientId: string, query = "") {
  const response = await t.request("GET", `/clients/${clientId}/activity${query}`, {
    token: owner.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as {
    items: Entry[];
    total: number;
    page: number;
    pageSize: number;
  };
}

/** Entries oldest first, as "subject-type action [fields]". */
const told = (items: Entry[]) =>
  items
    .map((entry) =>
      [entry.subject.type, entry.action, entry.fields.join(",")].filter(Boolean).join(" "),
    )
    .reverse();

describe("GET /clients/{id}/activity", () => {
  it("tells a client's own changes, newest first, with who made them and the fields they touched", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const client = await post(owner, "/clients", { name: "Al Noor School" });
    const changed = await patch(owner, `/clients/${client.id}`, {
      version: client.version,
      status: "active",
      tags: ["school"],
      name: "Al Noor School", // Unchanged: not told.
    });
    // A change that changes nothing is not an entry.
    const same = await patch(owner, `/clients/${client.id}`, {
      version: changed.version,
      status: "active",
    });
    const form = new FormData();
    form.set(
      "logo",
      new Blob([new Uint8Array(await pngImage(64, 64))], { type: "image/png" }),
      "l.png",
    );
    const logo = await t.request("PUT", `/clients/${client.id}/logo`, {
      token: owner.token,
      body: form,
    });
    expect(logo.status).toBe(200);
    expect(same.version).toBeGreaterThan(changed.version);
    await patch(owner, `/clients/${client.id}`, {
      version: same.version + 1,
      name: "مدرسة النور",
    });

    const body = await activity(owner, client.id);
    expect(told(body.items)).toEqual([
      "client created",
      "client updated tags,status",
      "client updated logo",
      "client updated name",
    ]);
    expect(body.total).toBe(4);
    expect(body.items[0]).toMatchObject({
      subject: { type: "client", id: client.id, name: "مدرسة النور" },
      actor: { id: owner.id, name: "Test User" },
    });
    expect(body.items[3]?.subject.name).toBe("Al Noor School");
    expect(Date.parse(body.items[0]?.createdAt ?? "")).not.toBeNaN();
  });

  it("tells of its projects and documents: created, renamed, moved, deleted and restored, not their text", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const client = await post(owner, "/clients", { name: "Client A" });
    const other = await post(owner, "/clients", { name: "Client B" });
    const project = await post(owner, "/projects", {
      name: "Launch",
      clientId: client.id,
    });
    const movedProject = await patch(owner, `/projects/${project.id}`, {
      version: project.version,
      status: "active",
      budget: { amount: 1500, currency: "SAR" },
      memberIds: [owner.id],
    });
    await patch(owner, `/projects/${project.id}`, {
      version: movedProject.version,
      clientId: other.id,
    });

    const document = await post(owner, "/documents", {
      title: "Brief",
      clientId: client.id,
      markdown: "First words",
    });
    const edited = await patch(owner, `/documents/${document.id}`, {
      version: document.version,
      markdown: "Other words",
    });
    const renamed = await patch(owner, `/documents/${document.id}`, {
      version: edited.version,
      title: "The brief",
    });
    expect(renamed.version).toBe(edited.version + 1);
    expect(
      (
        await t.request("DELETE", `/documents/${document.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    const restored = await t.request("POST", `/documents/${document.id}/restore`, {
      token: owner.token,
    });
    expect(restored.status).toBe(200);
    // A document of no client tells no one.
    await post(owner, "/documents", { title: "Loose note" });

    expect(told((await activity(owner, client.id)).items)).toEqual([
      "client created",
      "project created",
      "project updated status,budget,members",
      "project unlinked",
      "document created",
      "document updated title",
      "document deleted",
      "document restored",
    ]);
    const theirs = (await activity(owner, other.id)).items;
    expect(told(theirs)).toEqual(["client created", "project linked"]);
    expect(theirs[0]?.subject).toEqual({
      type: "project",
      id: project.id,
      name: "Launch",
    });
  });

  it("tells a deletion and a restore of the client, and starts imported clients with their import", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const client = await post(owner, "/clients", { name: "Gone for a while" });
    expect(
      (
        await t.request("DELETE", `/clients/${client.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    // A deleted client's activity can still be read, on its page in the bin.
    expect(told((await activity(owner, client.id)).items)).toEqual([
      "client created",
      "client deleted",
    ]);
    await t.request("POST", `/clients/${client.id}/restore`, {
      token: owner.token,
    });
    expect(told((await activity(owner, client.id)).items).at(-1)).toBe("client restored");

    const imported = await t.request("POST", "/clients/import", {
      token: owner.token,
      json: { csv: "name,kind,status\nImported One,company,lead\n" },
    });
    expect(imported.body).toMatchObject({ imported: 1 });
    const list = await t.request("GET", "/clients?q=Imported", {
      token: owner.token,
    });
    const id = list.body.items[0].id as string;
    expect(told((await activity(owner, id)).items)).toEqual(["client imported"]);
  });

  it("pages, newest first", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    let client = await post(owner, "/clients", { name: "Busy" });
    for (const status of ["active", "inactive", "lead", "active"]) {
      client = await patch(owner, `/clients/${client.id}`, {
        version: client.version,
        status,
      });
    }
    const first = await activity(owner, client.id, "?pageSize=2");
    const second = await activity(owner, client.id, "?pageSize=2&page=3");
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((entry) => entry.action)).toEqual(["updated", "updated"]);
    expect(second.items.map((entry) => entry.action)).toEqual(["created"]);
    const bad = await t.request("GET", `/clients/${client.id}/activity?pageSize=101`, {
      token: owner.token,
    });
    expect(bad.status).toBe(422);
  });

  it("is read by every role of the organization, and by no one else", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const client = await post(owner, "/clients", { name: "Ours" });
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const path = `/clients/${client.id}/activity`;
    expect((await t.request("GET", path, { token: viewer.token })).status).toBe(200);

    const stranger = await ownerWithSession(t);
    const theirs = await t.request("GET", path, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain("Ours");
    expect((await t.request("GET", path)).status).toBe(401);
    const unknown = await t.request("GET", `/clients/${crypto.randomUUID()}/activity`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(404);
    const notAnId = await t.request("GET", "/clients/12/activity", {
      token: owner.token,
    });
    expect(notAnId.status).toBe(422);
  });
});
