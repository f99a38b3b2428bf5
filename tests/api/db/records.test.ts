import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaItem } from "../../../api/media/media";
import { createTestApi, ownerActor, ownerWithSession, type TestApi } from "../helpers";

// Each rule of api/db/records.ts, written once, run against every domain that follows it.

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function created(owner: Owner, path: string, json: Record<string, unknown>): Promise<string> {
  const response = await t.request("POST", path, { token: owner.token, json });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

const newClient = (owner: Owner) => created(owner, "/clients", { name: "Client" });
const newProject = (owner: Owner) => created(owner, "/projects", { name: "Project" });
const newWorkspace = (owner: Owner) =>
  created(owner, "/workspaces", { name: "Workspace", color: "teal" });

function newMediaItem(owner: Owner): Promise<string> {
  return createMediaItem(t.db, t.storage, ownerActor(owner), {
    kind: "audio",
    bytes: new Uint8Array(randomBytes(1000)),
    contentType: "audio/mpeg",
    prompt: "A calm voice",
  });
}

describe("a reference must name a record of the organization", () => {
  /** What a domain's write refers to, and how it sends a reference in a request. */
  const writers: {
    domain: string;
    fields: string[];
    write: (owner: Owner, field: string, id: string | string[]) => ReturnType<TestApi["request"]>;
  }[] = [
    {
      domain: "clients",
      fields: ["ownerId", "workspaceId"],
      write: (owner, field, id) =>
        t.request("POST", "/clients", { token: owner.token, json: { name: "C", [field]: id } }),
    },
    {
      domain: "projects",
      fields: ["clientId", "workspaceId", "memberIds"],
      write: (owner, field, id) =>
        t.request("POST", "/projects", { token: owner.token, json: { name: "P", [field]: id } }),
    },
    {
      domain: "documents",
      fields: ["clientId", "projectId", "workspaceId"],
      write: (owner, field, id) =>
        t.request("POST", "/documents", { token: owner.token, json: { title: "D", [field]: id } }),
    },
    {
      domain: "media",
      fields: ["clientId", "projectId"],
      write: async (owner, field, id) =>
        t.request("PATCH", `/media/${await newMediaItem(owner)}`, {
          token: owner.token,
          json: { [field]: id },
        }),
    },
  ];

  /** Each kind of reference: a record of another organization, and the code its field gets. */
  const kinds: Record<
    string,
    { code: string; foreign: (other: Owner) => Promise<string | string[]>; deleted?: string }
  > = {
    ownerId: { code: "NOT_A_MEMBER", foreign: async (other) => other.id },
    memberIds: { code: "NOT_A_MEMBER", foreign: async (other) => [other.id] },
    workspaceId: { code: "UNKNOWN_WORKSPACE", foreign: newWorkspace },
    clientId: { code: "UNKNOWN_CLIENT", foreign: newClient, deleted: "/clients" },
    projectId: { code: "UNKNOWN_PROJECT", foreign: newProject, deleted: "/projects" },
  };

  const kindOf = (field: string) => {
    const kind = kinds[field];
    if (!kind) throw new Error(`No kind of reference for ${field}`);
    return kind;
  };
  const cases = writers.flatMap((writer) =>
    writer.fields.map((field) => ({ ...writer, field, kind: kindOf(field) })),
  );

  it.each(cases)("$domain: $field of another organization is refused", async (c) => {
    const owner = await ownerWithSession(t);
    const other = await ownerWithSession(t);
    const response = await c.write(owner, c.field, await c.kind.foreign(other));
    expect(response.status, response.text).toBe(422);
    expect(response.body.error.code).toBe(c.kind.code);
    expect(response.body.error.fieldCodes).toEqual({ [c.field]: c.kind.code });
  });

  it.each(cases.filter((c) => c.kind.deleted))(
    "$domain: a deleted record's $field is refused, a live one taken",
    async (c) => {
      const owner = await ownerWithSession(t);
      const live = (await c.kind.foreign(owner)) as string;
      const accepted = await c.write(owner, c.field, live);
      expect(accepted.status, accepted.text).toBeLessThan(300);
      const gone = (await c.kind.foreign(owner)) as string;
      const path = `${c.kind.deleted}/${gone}`;
      expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
      const refused = await c.write(owner, c.field, gone);
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.error.fieldCodes).toEqual({ [c.field]: c.kind.code });
    },
  );
});
