import {
  Document as DocxDocument,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from "docx";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, documentVersions } from "../../../api/db/schema";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";
import { pngImage, textFile } from "../test-images";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

type Session = { token: string };

const create = (owner: Session, json: Record<string, unknown>) =>
  t.request("POST", "/documents", { token: owner.token, json });

const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

function upload(path: string, session: Session, field: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set(field, new File([new Uint8Array(bytes)], name));
  return t.request("POST", path, { token: session.token, body: form });
}

async function wordDocument(image?: Uint8Array) {
  const doc = new DocxDocument({
    sections: [
      {
        children: [
          new Paragraph({ text: "Quarterly plan", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun({ text: "Bold words", bold: true })] }),
          new Paragraph({ text: "خطة المدرسة" }),
          new Paragraph({ text: "First point", bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph("Cell A")] }),
                  new TableCell({ children: [new Paragraph("Cell B")] }),
                ],
              }),
            ],
          }),
          ...(image
            ? [
                new Paragraph({
                  children: [
                    new ImageRun({
                      type: "png",
                      data: image,
                      transformation: { width: 40, height: 30 },
                    }),
                  ],
                }),
              ]
            : []),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe("documents", () => {
  it("keep their text as the editor's HTML, and nothing a script could use", async () => {
    const owner = await ownerWithSession(t);
    const response = await create(owner, {
      title: "Brief",
      content:
        '<h2 dir="auto">Goal</h2><p dir="auto" onclick="x()">Reach <strong>schools</strong> ' +
        '<a href="javascript:alert(1)">here</a> <a href="https://example.com">there</a></p>' +
        '<script>alert(1)</script><img src="https://tracker.example/x.png">' +
        '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Done</p></li></ul>',
    });
    expect(response.status).toBe(201);
    const { content } = response.body;
    expect(content).toContain('<h2 dir="auto">Goal</h2>');
    expect(content).toContain('<li data-type="taskItem" data-checked="true">');
    expect(content).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">there</a>',
    );
    expect(content).not.toMatch(/script|onclick|javascript|tracker/);
    expect(response.body).toMatchObject({
      title: "Brief",
      version: 1,
      excerpt: expect.any(String),
    });
    expect(response.body.excerpt).toContain("Reach schools");
    expect(response.body.createdBy.name).toBe("Test User");
  });

  it.each([
    ["no title", { content: "<p>x</p>" }, "title"],
    ["a title of 201 characters", { title: "x".repeat(201) }, "title"],
    ["content that is not text", { title: "A", content: 5 }, "content"],
    [
      "content over a million characters",
      { title: "A", content: "x".repeat(1_000_001) },
      "content",
    ],
    ["a client id that is not one", { title: "A", clientId: "nope" }, "clientId"],
  ])("refuse %s on its field, adding nothing", async (_, json, field) => {
    const owner = await ownerWithSession(t);
    const response = await create(owner, json);
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.error.fields)).toContain(field);
    expect((await t.request("GET", "/documents", { token: owner.token })).body.total).toBe(0);
  });

  it("take Markdown in place of HTML, from forms without the editor", async () => {
    const owner = await ownerWithSession(t);
    const created = await create(owner, { title: "Notes", markdown: "## Plan\n\n- [ ] Call\n" });
    expect(created.body.content).toBe(
      '<h2>Plan</h2>\n<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>Call</p></li></ul>',
    );
    const saved = await t.request("PATCH", `/documents/${created.body.id}`, {
      token: owner.token,
      json: { version: 1, markdown: "**Done**" },
    });
    expect(saved.body.content).toBe("<p><strong>Done</strong></p>");
  });

  it("link to the organization's clients and projects only, and are listed by them", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const client = await t.request("POST", "/clients", {
      token: owner.token,
      json: { name: "Al Noor" },
    });
    const project = await t.request("POST", "/projects", {
      token: owner.token,
      json: { name: "Campaign", clientId: client.body.id },
    });
    const theirs = await t.request("POST", "/projects", {
      token: stranger.token,
      json: { name: "Theirs" },
    });
    const linked = await create(owner, {
      title: "Linked",
      clientId: client.body.id,
      projectId: project.body.id,
    });
    expect(linked.body).toMatchObject({
      client: { id: client.body.id, name: "Al Noor" },
      project: { id: project.body.id, name: "Campaign" },
    });
    await create(owner, { title: "Loose" });
    const refused = await create(owner, { title: "X", projectId: theirs.body.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("UNKNOWN_PROJECT");

    const byProject = await t.request("GET", `/documents?projectId=${project.body.id}`, {
      token: owner.token,
    });
    expect(titles(byProject.body)).toEqual(["Linked"]);
    const byClient = await t.request("GET", `/documents?clientId=${client.body.id}`, {
      token: owner.token,
    });
    expect(titles(byClient.body)).toEqual(["Linked"]);
  });

  it("refuse a project of another client, take one without a client, and keep older links savable", async () => {
    const owner = await ownerWithSession(t);
    const post = (path: string, json: Record<string, unknown>) =>
      t.request("POST", path, { token: owner.token, json });
    const noor = await post("/clients", { name: "Al Noor" });
    const nile = await post("/clients", { name: "Nile Bakery" });
    const noorProject = await post("/projects", { name: "Campaign", clientId: noor.body.id });
    const loose = await post("/projects", { name: "In-house" });

    const mismatched = await create(owner, {
      title: "Mismatch",
      clientId: nile.body.id,
      projectId: noorProject.body.id,
    });
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.error.code).toBe("PROJECT_OF_OTHER_CLIENT");
    expect(Object.keys(mismatched.body.error.fields)).toEqual(["projectId"]);
    const none = await t.request("GET", "/documents?q=Mismatch", { token: owner.token });
    expect(none.body.total).toBe(0);

    const withLoose = await create(owner, {
      title: "Loose",
      clientId: nile.body.id,
      projectId: loose.body.id,
    });
    expect(withLoose.status).toBe(201);
    const matched = await create(owner, {
      title: "Matched",
      clientId: noor.body.id,
      projectId: noorProject.body.id,
    });
    expect(matched.status).toBe(201);
    // The project alone, or the client alone, says nothing of the other.
    expect((await create(owner, { title: "P", projectId: noorProject.body.id })).status).toBe(201);

    // Moving the document to another client while its project stays is refused, and changes nothing.
    const moved = await t.request("PATCH", `/documents/${matched.body.id}`, {
      token: owner.token,
      json: { version: matched.body.version, clientId: nile.body.id },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error.code).toBe("PROJECT_OF_OTHER_CLIENT");
    const kept = await t.request("GET", `/documents/${matched.body.id}`, { token: owner.token });
    expect(kept.body).toMatchObject({
      version: matched.body.version,
      client: { id: noor.body.id },
    });

    // A pair linked before the rule (the project moved to another client since) still saves.
    await t.request("PATCH", `/projects/${noorProject.body.id}`, {
      token: owner.token,
      json: { version: noorProject.body.version, clientId: nile.body.id },
    });
    const saved = await t.request("PATCH", `/documents/${matched.body.id}`, {
      token: owner.token,
      json: {
        version: matched.body.version,
        title: "Matched again",
        clientId: noor.body.id,
        projectId: noorProject.body.id,
      },
    });
    expect(saved.status).toBe(200);
  });

  it("are found by their text in Arabic and English, the match marked, through the index", async () => {
    const owner = await ownerWithSession(t);
    await create(owner, { title: "Visit", content: "<p>زيارة المدرسة يوم الأحد</p>" });
    await create(owner, { title: "Budget", content: "<p>Printing costs for the posters</p>" });
    const arabic = await t.request("GET", `/documents?q=${encodeURIComponent("مدرسه")}`, {
      token: owner.token,
    });
    expect(titles(arabic.body)).toEqual(["Visit"]);
    expect(arabic.body.items[0].highlights.text).toContainEqual({ text: "المدرسة", match: true });
    const english = await t.request("GET", "/documents?q=poster", { token: owner.token });
    expect(titles(english.body)).toEqual(["Budget"]);

    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from ${documents} where ${documents.search} @@ qalam_search_query(${"مدرسة"})`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toContain("documents_search_idx");
  });

  it("save on their version only: a stale save is 409 with the text as it is now", async () => {
    const owner = await ownerWithSession(t);
    const colleague = await memberWithSession(t, owner.organizationId, "member", {
      firstName: "Huda",
      lastName: "Ali",
    });
    const document = await create(owner, { title: "Shared", content: "<p>First</p>" });
    const path = `/documents/${document.body.id}`;
    const theirs = await t.request("PATCH", path, {
      token: colleague.token,
      json: { version: 1, content: "<p>Their words</p>" },
    });
    expect(theirs.body).toMatchObject({ version: 2, updatedBy: { name: "Huda Ali" } });

    const mine = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, content: "<p>My words</p>" },
    });
    expect(mine.status).toBe(409);
    expect(mine.body.error.code).toBe("STALE_VERSION");
    expect(mine.body.error.details.current).toMatchObject({
      version: 2,
      content: "<p>Their words</p>",
      updatedBy: { name: "Huda Ali" },
    });
    const [row] = await t.db.select().from(documents).where(eq(documents.id, document.body.id));
    expect(row?.content).toBe("<p>Their words</p>");

    expect(
      (await t.request("PATCH", path, { token: owner.token, json: { content: "<p>x</p>" } }))
        .status,
    ).toBe(422);
  });

  it("keep versions while edited, on request, and before a restore, which brings text back", async () => {
    const owner = await ownerWithSession(t);
    const colleague = await memberWithSession(t, owner.organizationId, "member");
    const document = await create(owner, { title: "Draft", content: "<p>One</p>" });
    const path = `/documents/${document.body.id}`;
    const save = async (session: Session, version: number, content: string) => {
      const response = await t.request("PATCH", path, {
        token: session.token,
        json: { version, content },
      });
      expect(response.status).toBe(200);
    };
    // The first change keeps the text it replaces; more changes by the same person within a few
    // minutes do not; someone else's change keeps the last text of the one before.
    await save(owner, 1, "<p>One two</p>");
    await save(owner, 2, "<p>One two three</p>");
    await save(colleague, 3, "<p>Colleague</p>");
    let versions = await t.request("GET", `${path}/versions`, { token: owner.token });
    expect(versions.body.total).toBe(2);
    const texts = async () =>
      (
        await t.db
          .select({ text: documentVersions.text })
          .from(documentVersions)
          .where(eq(documentVersions.documentId, document.body.id))
          .orderBy(documentVersions.createdAt)
      ).map((row) => row.text);
    expect(await texts()).toEqual(["One", "One two three"]);

    // A few minutes on, one more save keeps the text before it again.
    await t.db
      .update(documentVersions)
      .set({ createdAt: sql`${documentVersions.createdAt} - interval '6 minutes'` })
      .where(eq(documentVersions.documentId, document.body.id));
    await save(colleague, 4, "<p>Colleague again</p>");
    expect(await texts()).toHaveLength(3);

    const named = await t.request("POST", `${path}/versions`, {
      token: owner.token,
      json: { name: "Sent to client" },
    });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ kind: "manual", name: "Sent to client" });

    versions = await t.request("GET", `${path}/versions?pageSize=10`, { token: owner.token });
    const first = versions.body.items.at(-1);
    expect(first).toMatchObject({ kind: "auto", characters: 3 });
    const one = await t.request("GET", `${path}/versions/${first.id}?compare=current`, {
      token: owner.token,
    });
    expect(one.body).toMatchObject({ content: "<p>One</p>", text: "One" });
    expect(one.body.changes).toEqual([
      { text: "One", change: "removed" },
      { text: "Colleague again", change: "added" },
    ]);

    const restored = await t.request("POST", `${path}/versions/${first.id}/restore`, {
      token: owner.token,
      json: { version: 5 },
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ content: "<p>One</p>", version: 6 });
    versions = await t.request("GET", `${path}/versions`, { token: owner.token });
    expect(versions.body.items[0]).toMatchObject({ kind: "restore" });
    const replaced = await t.request("GET", `${path}/versions/${versions.body.items[0].id}`, {
      token: owner.token,
    });
    expect(replaced.body.text).toBe("Colleague again");

    const stale = await t.request("POST", `${path}/versions/${first.id}/restore`, {
      token: owner.token,
      json: { version: 5 },
    });
    expect(stale.status).toBe(409);
    const stranger = await ownerWithSession(t);
    expect(
      (await t.request("GET", `${path}/versions/${first.id}`, { token: stranger.token })).status,
    ).toBe(404);
    const unknown = await t.request("GET", `${path}/versions/${crypto.randomUUID()}`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(404);
  });

  it("export as Markdown and as a page of HTML, named after their title", async () => {
    const owner = await ownerWithSession(t);
    const document = await create(owner, {
      title: "خطة / Plan",
      content:
        '<h2>Steps</h2><ul data-type="taskList"><li data-type="taskItem" data-checked="true">' +
        '<label><input type="checkbox" checked></label><div><p>Call</p></div></li></ul>' +
        "<table><tbody><tr><th><p>A</p></th><th><p>B</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>",
    });
    const path = `/documents/${document.body.id}/export`;
    const markdown = await t.request("GET", `${path}?format=md`, { token: owner.token });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("خطة Plan.md")}`,
    );
    expect(markdown.text).toBe(
      "# خطة / Plan\n\n## Steps\n\n- [x] Call\n\n| A   | B   |\n| --- | --- |\n| 1   | 2   |\n",
    );
    const html = await t.request("GET", `${path}?format=html`, { token: owner.token });
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.text).toContain("<title>خطة / Plan</title>");
    expect(html.text).toContain("<h2>Steps</h2>");
    expect((await t.request("GET", `${path}?format=pdf`, { token: owner.token })).status).toBe(422);
  });

  it("import Markdown and Word files, and refuse what is neither", async () => {
    const owner = await ownerWithSession(t);
    const markdown = new TextEncoder().encode(
      "# Meeting notes\n\n- [ ] Book the hall\n- [x] **Call** the school\n\n| Day | Room |\n|---|---|\n| Sun | 4 |\n",
    );
    const fromMarkdown = await upload("/documents/import", owner, "file", "notes.md", markdown);
    expect(fromMarkdown.status).toBe(201);
    expect(fromMarkdown.body.title).toBe("Meeting notes");
    expect(fromMarkdown.body.content).toContain(
      '<li data-type="taskItem" data-checked="true"><p><strong>Call</strong> the school</p></li>',
    );
    expect(fromMarkdown.body.content).toContain("<td>Sun</td>");

    const word = await wordDocument(await pngImage(40, 30));
    const fromWord = await upload("/documents/import", owner, "file", "Plan.docx", word);
    expect(fromWord.status).toBe(201);
    expect(fromWord.body.title).toBe("Plan");
    expect(fromWord.body.content).toContain("<h1>Quarterly plan</h1>");
    expect(fromWord.body.content).toContain("<strong>Bold words</strong>");
    expect(fromWord.body.content).toContain("خطة المدرسة");
    expect(fromWord.body.content).toContain("<td><p>Cell A</p></td>");
    const image = /<img src="(\/api\/v1\/files\/documents\/[0-9a-f-]+\.webp)"/.exec(
      fromWord.body.content,
    );
    expect(image).not.toBeNull();
    const stored = await t.request("GET", image?.[1] ?? "", {});
    expect(stored.headers.get("content-type")).toBe("image/webp");

    const notZip = await upload("/documents/import", owner, "file", "fake.docx", textFile());
    expect(notZip.status).toBe(422);
    expect(notZip.body.error.code).toBe("INVALID_DOCX");
    const zipNotWord = await upload(
      "/documents/import",
      owner,
      "file",
      "archive.docx",
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]),
    );
    expect(zipNotWord.body.error.code).toBe("INVALID_DOCX");
    const other = await upload("/documents/import", owner, "file", "photo.png", await pngImage());
    expect(other.body.error.code).toBe("UNSUPPORTED_FILE");
    const latin1 = await upload(
      "/documents/import",
      owner,
      "file",
      "old.md",
      new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
    );
    expect(latin1.body.error.code).toBe("INVALID_TEXT");
    const json = await t.request("POST", "/documents/import", {
      token: owner.token,
      json: { file: "x" },
    });
    expect(json.status).toBe(415);
    expect((await t.request("GET", "/documents", { token: owner.token })).body.total).toBe(2);
  });

  it("take images as WebP under a random name, and nothing that is not an image", async () => {
    const owner = await ownerWithSession(t);
    const stored = await upload("/documents/images", owner, "image", "a.png", await pngImage());
    expect(stored.status).toBe(201);
    expect(stored.body.url).toMatch(/^\/api\/v1\/files\/documents\/[0-9a-f-]{36}\.webp$/);
    const refused = await upload("/documents/images", owner, "image", "a.png", textFile());
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("INVALID_IMAGE");
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const forbidden = await upload("/documents/images", viewer, "image", "a.png", await pngImage());
    expect(forbidden.status).toBe(403);
  });

  it("are deleted, restorable for 30 days, and kept to their organization and roles", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const stranger = await ownerWithSession(t);
    const document = await create(owner, { title: "Temporary" });
    const path = `/documents/${document.body.id}`;

    expect((await t.request("GET", path, { token: viewer.token })).status).toBe(200);
    expect((await create(viewer, { title: "No" })).status).toBe(403);
    expect(
      (await t.request("PATCH", path, { token: viewer.token, json: { version: 1, title: "X" } }))
        .status,
    ).toBe(403);
    for (const [method, suffix] of [
      ["GET", ""],
      ["DELETE", ""],
      ["GET", "/versions"],
      ["GET", "/export?format=md"],
      ["POST", "/restore"],
    ] as const) {
      const response = await t.request(method, `${path}${suffix}`, { token: stranger.token });
      expect(response.status, `${method} ${suffix}`).toBe(404);
    }
    const theirList = await t.request("GET", "/documents", { token: stranger.token });
    expect(theirList.body.total).toBe(0);

    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    expect((await t.request("GET", "/documents", { token: owner.token })).body.total).toBe(0);
    const saved = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 2, title: "X" },
    });
    expect(saved.body.error.code).toBe("DOCUMENT_DELETED");
    expect(
      titles((await t.request("GET", "/documents?deleted=true", { token: owner.token })).body),
    ).toEqual(["Temporary"]);
    const restored = await t.request("POST", `${path}/restore`, { token: owner.token });
    expect(restored.body.deletedAt).toBeNull();

    await t.request("DELETE", path, { token: owner.token });
    await t.db
      .update(documents)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(documents.id, document.body.id));
    expect((await t.request("POST", `${path}/restore`, { token: owner.token })).status).toBe(404);
    expect((await t.request("GET", path, { token: owner.token })).status).toBe(404);
    expect((await t.request("GET", "/documents/not-a-uuid", { token: owner.token })).status).toBe(
      422,
    );
  });
});
