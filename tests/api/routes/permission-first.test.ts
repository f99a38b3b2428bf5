/**
 * Routes that take a file or an import check the permission before they read the body: someone
 * who may not do what the body is for is refused at once (403), without the body being read,
 * converted or stored, whatever it holds or however large it is.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { clients, documents } from "../../../api/db/schema";
import { maxFileBytes } from "../../../api/threads/file-text";
import { whileHealthIsWatched } from "../health-watch";
import { createTestApi, memberWithSession, ownerWithSession } from "../helpers";

const t = await createTestApi();
afterAll(() => t.close());

const owner = await ownerWithSession(t);
const viewer = await memberWithSession(t, owner.organizationId, "viewer");
const member = await memberWithSession(t, owner.organizationId, "member");
const homeless = await ownerWithSession(t, { withOrganization: false });

function upload(path: string, token: string, name: string, bytes: Uint8Array, method = "POST") {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  return t.request(method, path, { token, body: form });
}

/**
 * A heading line of 2,000 spaces before its last word, over which the title's regular expression
 * backtracked for seconds (3 s here, 12 s on a slower machine).
 */
const hostileMarkdown = new TextEncoder().encode(`# a${" ".repeat(2_000)}b\n\nBody`);

const documentCount = async () =>
  (
    await t.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.organizationId, owner.organizationId))
  ).length;

describe("a Markdown import", () => {
  it("is refused before it is converted, for a viewer and for a user with no organization", async () => {
    for (const session of [viewer, homeless]) {
      const watched = await whileHealthIsWatched(t, () =>
        upload("/documents/import", session.token, "notes.md", hostileMarkdown),
      );
      expect(watched.result.status).toBe(403);
      expect(watched.result.body.error.code).toBe("FORBIDDEN");
      expect(watched.answers).toBeGreaterThan(0);
      expect(watched.failures).toEqual([]);
      expect(watched.slowest).toBeLessThan(250);
    }
    expect(await documentCount()).toBe(0);
  });

  it("takes the title of a heading line of thousands of spaces without holding the server", async () => {
    const watched = await whileHealthIsWatched(t, () =>
      upload("/documents/import", owner.token, "notes.md", hostileMarkdown),
    );
    expect(watched.result.status).toBe(201);
    expect(watched.result.body.title).toMatch(/^a {199}$/);
    expect(watched.slowest).toBeLessThan(250);
  });
});

describe("a route that takes a file", () => {
  const someId = randomUUID();
  // A JSON body is refused with 415 by these routes, but only once the permission allows it.
  it.each([
    ["POST", "/documents/import", "documents.write"],
    ["POST", "/documents/images", "documents.write"],
    ["POST", "/characters/import", "characters.write"],
    ["PUT", `/characters/${someId}/avatar`, "characters.write"],
    ["PUT", `/clients/${someId}/logo`, "clients.write"],
  ])("%s %s answers 403 without %s before it looks at the body", async (method, path) => {
    for (const session of [viewer, homeless]) {
      const refused = await t.request(method, path, { token: session.token, json: { file: "x" } });
      expect(refused.status, refused.text).toBe(403);
    }
    const allowed = await t.request(method, path, { token: owner.token, json: { file: "x" } });
    expect(allowed.status).toBe(415);
  });

  it("answers 403 to a viewer's document before reading it as JSON", async () => {
    const headers = { "content-type": "application/json" };
    for (const [method, path] of [
      ["POST", "/documents"],
      ["PATCH", `/documents/${someId}`],
    ] as const) {
      const refused = await t.request(method, path, { token: viewer.token, headers, body: "{" });
      expect(refused.status).toBe(403);
      const read = await t.request(method, path, { token: owner.token, headers, body: "{" });
      expect(read.status).toBe(400);
    }
  });

  it("answers 403 to a member who may not manage the organization, before its logo is read", async () => {
    const path = `/organizations/${owner.organizationId}`;
    const json = { name: "Renamed" };
    expect((await t.request("PUT", path, { token: member.token, json })).status).toBe(403);
    expect((await t.request("PUT", path, { token: homeless.token, json })).status).toBe(404);
    expect((await t.request("PUT", path, { token: owner.token, json })).status).toBe(415);
    // An id that is not one is left to the route: never a server error.
    const malformed = await t.request("PUT", "/organizations/x", { token: member.token, json });
    expect(malformed.status).toBe(415);
  });

  it("refuses a viewer's attachment before reading it, however large", async () => {
    const thread = await t.request("POST", "/threads", { token: owner.token, json: {} });
    expect(thread.status, thread.text).toBe(201);
    const path = `/threads/${thread.body.id}/attachments`;
    const tooLarge = new Uint8Array(maxFileBytes + 128 * 1024);
    expect((await upload(path, viewer.token, "big.txt", tooLarge)).status).toBe(403);
    expect((await upload(path, owner.token, "big.txt", tooLarge)).status).toBe(413);
  });
});

describe("a clients import", () => {
  const csv = "name,email\nHala,hala@example.com\n";

  it("checks the permission even when it only says what it would add", async () => {
    for (const session of [viewer, homeless]) {
      for (const dryRun of [true, false]) {
        const refused = await t.request("POST", "/clients/import", {
          token: session.token,
          json: { csv, dryRun },
        });
        expect(refused.status, refused.text).toBe(403);
      }
    }
    const preview = await t.request("POST", "/clients/import", {
      token: member.token,
      json: { csv, dryRun: true },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rows: 1, valid: 1, imported: 0 });
    const added = await t.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.organizationId, owner.organizationId));
    expect(added).toEqual([]);
  });
});
