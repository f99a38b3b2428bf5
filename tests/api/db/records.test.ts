import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  characters,
  clients,
  documents,
  media,
  projects,
  recipes,
  threads,
} from "../../../api/db/schema";
import { createMediaItem } from "../../../api/media/media";
import { createTestApi, ownerActor, ownerWithSession, type TestApi } from "../helpers";
import { organizationEvents } from "../realtime/socket-server";

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

describe("a deleted record waits in the bin, restorable for its days", () => {
  /** A domain with a bin: how to make one of its records, its path, its table. */
  const domains: {
    domain: string;
    path: string;
    table: PgTable;
    id: PgColumn;
    deletedAt: PgColumn;
    /** Whether `?deleted=true` lists the bin. */
    listed: boolean;
    /** The prefix of the events its changes send the whole organization, if they do. */
    event?: string;
    create: (owner: Owner) => Promise<string>;
  }[] = [
    {
      domain: "clients",
      event: "client",
      path: "/clients",
      table: clients,
      id: clients.id,
      deletedAt: clients.deletedAt,
      listed: true,
      create: newClient,
    },
    {
      domain: "projects",
      event: "project",
      path: "/projects",
      table: projects,
      id: projects.id,
      deletedAt: projects.deletedAt,
      listed: true,
      create: newProject,
    },
    {
      domain: "documents",
      event: "document",
      path: "/documents",
      table: documents,
      id: documents.id,
      deletedAt: documents.deletedAt,
      listed: true,
      create: (owner) => created(owner, "/documents", { title: "Document" }),
    },
    {
      domain: "characters",
      path: "/characters",
      table: characters,
      id: characters.id,
      deletedAt: characters.deletedAt,
      listed: true,
      create: (owner) => created(owner, "/characters", { name: "Character" }),
    },
    {
      domain: "threads",
      path: "/threads",
      table: threads,
      id: threads.id,
      deletedAt: threads.deletedAt,
      listed: true,
      create: (owner) => created(owner, "/threads", {}),
    },
    {
      domain: "media",
      event: "media",
      path: "/media",
      table: media,
      id: media.id,
      deletedAt: media.deletedAt,
      listed: false,
      create: newMediaItem,
    },
    {
      domain: "recipes",
      path: "/recipes",
      table: recipes,
      id: recipes.id,
      deletedAt: recipes.deletedAt,
      listed: false,
      create: (owner) =>
        created(owner, "/recipes", {
          name: "Dawn",
          steps: {
            image: { prompt: "A lighthouse at dawn" },
            video: { duration: 4, prompt: "The light turns" },
          },
        }),
    },
  ];

  async function deleted(owner: Owner, d: (typeof domains)[number]) {
    const id = await d.create(owner);
    const response = await t.request("DELETE", `${d.path}/${id}`, { token: owner.token });
    expect(response.status, response.text).toBe(204);
    return id;
  }

  /** Moves a deletion `days` into the past. */
  async function age(d: (typeof domains)[number], id: string, days: number) {
    await t.db
      .update(d.table)
      .set({ deletedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(d.id, id));
  }

  const restore = (owner: Owner, path: string, id: string) =>
    t.request("POST", `${path}/${id}/restore`, { token: owner.token });

  it.each(domains)("$domain: restores within the window", async (d) => {
    const owner = await ownerWithSession(t);
    const id = await deleted(owner, d);
    await age(d, id, 29);
    const response = await restore(owner, d.path, id);
    expect(response.status, response.text).toBeLessThan(300);
    const [row] = await t.db.select({ deletedAt: d.deletedAt }).from(d.table).where(eq(d.id, id));
    expect(row?.deletedAt).toBeNull();
  });

  it.each(domains)("$domain: refuses to restore after the window (404)", async (d) => {
    const owner = await ownerWithSession(t);
    const id = await deleted(owner, d);
    await age(d, id, 31);
    const response = await restore(owner, d.path, id);
    expect(response.status, response.text).toBe(404);
  });

  it.each(domains.filter((d) => d.listed))(
    "$domain: the bin lists only deleted ones",
    async (d) => {
      const owner = await ownerWithSession(t);
      const kept = await d.create(owner);
      const binned = await deleted(owner, d);
      const expired = await deleted(owner, d);
      await age(d, expired, 31);
      const ids = async (query: string) =>
        (await t.request("GET", `${d.path}${query}`, { token: owner.token })).body.items.map(
          (item: { id: string }) => item.id,
        );
      expect(await ids("?deleted=true")).toEqual([binned]);
      expect(await ids("")).toEqual([kept]);
    },
  );

  it.each(domains.filter((d) => d.event))(
    "$domain: tells the organization of a deletion and a restore",
    async (d) => {
      const owner = await ownerWithSession(t);
      const events = await organizationEvents(t.api, owner.token, owner.organizationId);
      try {
        const id = await deleted(owner, d);
        await restore(owner, d.path, id);
        const seen = [];
        for (let i = 0; i < 3; i++) {
          const event = await events.next();
          expect(event).toMatchObject({
            id,
            organizationId: owner.organizationId,
            actor: owner.id,
          });
          seen.push(event.type);
        }
        expect(seen).toEqual([`${d.event}.created`, `${d.event}.deleted`, `${d.event}.restored`]);
      } finally {
        await events.close();
      }
    },
  );
});
