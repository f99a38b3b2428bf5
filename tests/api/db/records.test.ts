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
import {
  createTestApi,
  memberWithSession,
  ownerActor,
  ownerWithSession,
  type TestApi,
} from "../helpers";
import { listen, organizationEvents, rawClient } from "../realtime/socket-server";

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

describe("a record with an author is its author's alone while private, the organization's once shared", () => {
  type Visibility = "private" | "organization";

  /** A domain whose records have an author and a visibility: how to make one and share it. */
  const domains: {
    domain: string;
    path: string;
    /** The prefix of its events. */
    event: string;
    create: (user: Owner, visibility: Visibility) => Promise<string>;
    share: (user: Owner, id: string, visibility: Visibility) => ReturnType<TestApi["request"]>;
  }[] = [
    {
      domain: "characters",
      path: "/characters",
      event: "character",
      create: (user, visibility) => created(user, "/characters", { name: "Tutor", visibility }),
      share: async (user, id, visibility) => {
        const { version } = (await t.request("GET", `/characters/${id}`, { token: user.token }))
          .body;
        return t.request("PATCH", `/characters/${id}`, {
          token: user.token,
          json: { version, visibility },
        });
      },
    },
    {
      domain: "threads",
      path: "/threads",
      event: "thread",
      create: async (user, visibility) => String(await created(user, "/threads", { visibility })),
      share: (user, id, visibility) =>
        t.request("PATCH", `/threads/${id}`, { token: user.token, json: { visibility } }),
    },
    {
      domain: "recipes",
      path: "/recipes",
      event: "recipe",
      create: (user, visibility) =>
        created(user, "/recipes", {
          name: "Dawn",
          visibility,
          steps: {
            image: { prompt: "A lighthouse at dawn" },
            video: { duration: 4, prompt: "The light turns" },
          },
        }),
      share: (user, id, visibility) =>
        t.request("PATCH", `/recipes/${id}`, { token: user.token, json: { visibility } }),
    },
  ];

  /** An organization's owner, another member of it, and the owner of another organization. */
  async function people() {
    const author = await ownerWithSession(t);
    const member = {
      ...(await memberWithSession(t, author.organizationId, "member")),
      organizationId: author.organizationId,
    };
    const outsider = await ownerWithSession(t);
    return { author, member, outsider };
  }

  it.each(domains)(
    "$domain: read by its author alone while private, by the organization once shared",
    async (d) => {
      const { author, member, outsider } = await people();
      const mine = await d.create(author, "private");
      const shared = await d.create(author, "organization");
      const read = async (user: Owner, id: string) =>
        (await t.request("GET", `${d.path}/${id}`, { token: user.token })).status;
      const listed = async (user: Owner) =>
        (await t.request("GET", d.path, { token: user.token })).body.items
          .map((item: { id: string | number }) => String(item.id))
          .sort();

      expect([await read(author, mine), await read(author, shared)]).toEqual([200, 200]);
      expect([await read(member, mine), await read(member, shared)]).toEqual([404, 200]);
      expect([await read(outsider, mine), await read(outsider, shared)]).toEqual([404, 404]);
      expect(await listed(author)).toEqual([mine, shared].sort());
      expect(await listed(member)).toEqual([shared]);
      expect(await listed(outsider)).toEqual([]);
    },
  );

  /**
   * A member's socket, subscribed to their own queue ("me") and their organization's topic
   * ("organization"), that reads what it received up to an event of `id`.
   */
  async function listening(server: Awaited<ReturnType<typeof listen>>, user: Owner) {
    const socket = await rawClient(server.socketUrl);
    socket.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${user.token}` });
    await socket.next("CONNECTED");
    const destinations = {
      me: "/user/queue/events",
      organization: `/topic/organizations.${user.organizationId}`,
    };
    for (const [id, destination] of Object.entries(destinations)) {
      socket.frame("SUBSCRIBE", { id, destination, receipt: id });
      await socket.next("RECEIPT");
    }
    return {
      /** Each event received before the one of `id`, as [subscription, type, id], then that one. */
      receivedUntil: async (id: string) => {
        const received: string[][] = [];
        for (;;) {
          const frame = await socket.next("MESSAGE");
          const event = JSON.parse(frame.body) as { type: string; id: string };
          received.push([frame.headers.subscription ?? "", event.type, event.id]);
          if (event.id === id) return received;
        }
      },
      close: () => socket.close(),
    };
  }

  it.each(domains)(
    "$domain: its events reach its author alone while private, the organization once shared, both when that changes",
    async (d) => {
      const { author, member, outsider } = await people();
      const server = await listen(t.api);
      const sockets = await Promise.all(
        [author, member, outsider].map((u) => listening(server, u)),
      );
      const [authorSocket, memberSocket, outsiderSocket] = sockets as [
        (typeof sockets)[number],
        (typeof sockets)[number],
        (typeof sockets)[number],
      ];
      try {
        const id = await d.create(author, "private");
        expect((await d.share(author, id, "organization")).status).toBe(200);
        expect((await d.share(author, id, "private")).status).toBe(200);
        // Shared records, whose events every member of their organization receives, mark the end.
        const end = await d.create(author, "organization");
        const outsiderEnd = await d.create(outsider, "organization");

        const created = `${d.event}.created`;
        const updated = `${d.event}.updated`;
        expect(await authorSocket.receivedUntil(end)).toEqual([
          ["me", created, id],
          ["organization", updated, id],
          ["me", updated, id],
          ["me", updated, id],
          ["organization", updated, id],
          ["organization", created, end],
        ]);
        expect(await memberSocket.receivedUntil(end)).toEqual([
          ["organization", updated, id],
          ["organization", updated, id],
          ["organization", created, end],
        ]);
        expect(await outsiderSocket.receivedUntil(outsiderEnd)).toEqual([
          ["organization", created, outsiderEnd],
        ]);
      } finally {
        for (const socket of sockets) socket.close();
        await server.close();
      }
    },
  );
});
