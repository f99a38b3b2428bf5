import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../../api/db/schema";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
} from "../helpers";
import { organizationEvents } from "../realtime/socket-server";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

type Owner = SignedInUser & { organizationId: string };

const create = (owner: { token: string }, json: Record<string, unknown>) =>
  t.request("POST", "/clients", { token: owner.token, json });

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

/** Sets the organization's default country of phone numbers ("" for none). */
async function setCountry(owner: Owner, country: string) {
  const body = new FormData();
  body.set("defaultCountry", country);
  return t.request("PUT", `/organizations/${owner.organizationId}`, { token: owner.token, body });
}

describe("phone numbers and the organization's default country", () => {
  it("reads a national number in the default country, and stores E.164", async () => {
    const owner = await ownerWithSession(t);
    const set = await setCountry(owner, "sa");
    expect(set.status).toBe(200);
    expect(set.body.defaultCountry).toBe("SA");
    const response = await create(owner, { name: "Al Noor", phone: "050 123 4567" });
    expect(response.status).toBe(201);
    expect(response.body.phone).toBe("+966501234567");
    const changed = await t.request("PATCH", `/clients/${response.body.id}`, {
      token: owner.token,
      json: { version: 1, phone: "(011) 234-5678" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.phone).toBe("+966112345678");
  });

  it("takes another country's number with its + code, whatever the default", async () => {
    const owner = await ownerWithSession(t);
    await setCountry(owner, "SA");
    const egyptian = await create(owner, { name: "Cairo", phone: "+20 10 1234 5678" });
    expect(egyptian.status).toBe(201);
    expect(egyptian.body.phone).toBe("+201012345678");
    const british = await create(owner, { name: "London", phone: "0044 20 7946 0958" });
    expect(british.body.phone).toBe("+442079460958");
  });

  it("refuses a number that is not valid in the default country, adding nothing", async () => {
    const owner = await ownerWithSession(t);
    await setCountry(owner, "SA");
    for (const phone of ["12345", "0501234", "+966 1"]) {
      const response = await create(owner, { name: "A", phone });
      expect(response.status).toBe(422);
      expect(response.body.error.fieldCodes.phone).toBe("INVALID_FORMAT");
    }
    const list = await t.request("GET", "/clients", { token: owner.token });
    expect(list.body.total).toBe(0);
  });

  it("reads a national number in the country of the caller's organization only", async () => {
    const saudi = await ownerWithSession(t);
    await setCountry(saudi, "SA");
    const egyptian = await ownerWithSession(t);
    await setCountry(egyptian, "EG");
    const none = await ownerWithSession(t);
    expect((await create(saudi, { name: "A", phone: "0501234567" })).body.phone).toBe(
      "+966501234567",
    );
    expect((await create(egyptian, { name: "A", phone: "01012345678" })).body.phone).toBe(
      "+201012345678",
    );
    const ambiguous = await create(none, { name: "A", phone: "0501234567" });
    expect(ambiguous.status).toBe(422);
  });

  it("reads the import's national numbers in the default country", async () => {
    const owner = await ownerWithSession(t);
    await setCountry(owner, "SA");
    const response = await t.request("POST", "/clients/import", {
      token: owner.token,
      json: { csv: "name,phone\nGood,0501234567\nBad,123\n" },
    });
    expect(response.status).toBe(200);
    expect(response.body.imported).toBe(1);
    expect(response.body.invalid).toEqual([
      { line: 3, name: "Bad", errors: { phone: "INVALID_FORMAT" } },
    ]);
    const list = await t.request("GET", "/clients", { token: owner.token });
    expect(list.body.items[0].phone).toBe("+966501234567");
  });

  it("refuses a country that is not one, and clears it with an empty value", async () => {
    const owner = await ownerWithSession(t);
    for (const country of ["XX", "SAU", "1"]) {
      const response = await setCountry(owner, country);
      expect(response.status).toBe(422);
      expect(response.body.error.fieldCodes.defaultCountry).toBeDefined();
    }
    await setCountry(owner, "EG");
    const cleared = await setCountry(owner, "");
    expect(cleared.body.defaultCountry).toBeNull();
  });

  it("lets only those who manage the organization set it", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const body = new FormData();
    body.set("defaultCountry", "SA");
    const response = await t.request("PUT", `/organizations/${owner.organizationId}`, {
      token: member.token,
      body,
    });
    expect(response.status).toBe(403);
    const read = await t.request("GET", `/organizations/${owner.organizationId}`, {
      token: owner.token,
    });
    expect(read.body.defaultCountry).toBeNull();
  });
});

describe("creating and reading", () => {
  it("keeps every field, in its normal form", async () => {
    const owner = await ownerWithSession(t);
    const response = await create(owner, {
      name: "  Al Noor School ",
      kind: "company",
      contactName: "Sara Ahmed",
      email: "Office@AlNoor.example",
      phone: "00966 50 123 4567",
      website: "alnoor.example",
      address: "King Fahd Road\nRiyadh",
      tags: ["school", "riyadh", "school"],
      notes: "Met at the fair.",
      status: "active",
      ownerId: owner.id,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Al Noor School",
      kind: "company",
      contactName: "Sara Ahmed",
      email: "office@alnoor.example",
      phone: "+966501234567",
      website: "https://alnoor.example",
      address: "King Fahd Road\nRiyadh",
      tags: ["school", "riyadh"],
      status: "active",
      owner: { id: owner.id, name: "Test User" },
      workspace: null,
      version: 1,
      deletedAt: null,
    });
    const read = await t.request("GET", `/clients/${response.body.id}`, { token: owner.token });
    expect(read.body).toEqual(response.body);
  });

  it("takes a name alone, and empty contact fields as none", async () => {
    const owner = await ownerWithSession(t);
    const response = await create(owner, { name: "Walk-in", email: "", phone: "", website: "" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      kind: "company",
      status: "lead",
      email: null,
      phone: null,
      website: null,
      tags: [],
    });
  });

  it.each([
    ["no name", {}, "name", "REQUIRED"],
    ["a name too long", { name: "x".repeat(201) }, "name", "TOO_LONG"],
    ["a national number", { name: "A", phone: "0501234567" }, "phone", "INVALID_FORMAT"],
    ["a bad email", { name: "A", email: "not-an-email" }, "email", "INVALID_FORMAT"],
    ["an ftp site", { name: "A", website: "ftp://files.example" }, "website", "INVALID_FORMAT"],
    ["an unknown status", { name: "A", status: "gone" }, "status", "INVALID_VALUE"],
    [
      "21 tags",
      { name: "A", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      "tags",
      "TOO_LONG",
    ],
    ["notes too long", { name: "A", notes: "x".repeat(10_001) }, "notes", "TOO_LONG"],
    ["a NUL in the name", { name: "A\u0000" }, "name", "INVALID_CHARACTERS"],
  ])("refuses %s on its field, adding nothing", async (_, json, field, code) => {
    const owner = await ownerWithSession(t);
    const response = await create(owner, json);
    expect(response.status).toBe(422);
    expect(response.body.error.fieldCodes[field]).toBe(code);
    const list = await t.request("GET", "/clients", { token: owner.token });
    expect(list.body.total).toBe(0);
  });

  it("refuses an owner from outside and another organization's workspace", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const outsider = await create(owner, { name: "A", ownerId: stranger.id });
    expect(outsider.status).toBe(422);
    expect(outsider.body.error.code).toBe("NOT_A_MEMBER");
    const workspace = await t.request("POST", "/workspaces", {
      token: stranger.token,
      json: { name: "Theirs", color: "sky" },
    });
    const foreign = await create(owner, { name: "A", workspaceId: workspace.body.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.code).toBe("UNKNOWN_WORKSPACE");
  });
});

describe("the list", () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await ownerWithSession(t);
    for (const [name, status, tags] of [
      ["Beta Bakery", "active", ["food"]],
      ["alpha Agency", "lead", ["media"]],
      ["Gamma Garage", "inactive", ["cars", "food"]],
    ] as const) {
      await create(owner, { name, status, tags });
    }
  });

  it("is sorted by name whatever the case, and paged", async () => {
    const first = await t.request("GET", "/clients?pageSize=2", { token: owner.token });
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(names(first.body)).toEqual(["alpha Agency", "Beta Bakery"]);
    const second = await t.request("GET", "/clients?pageSize=2&page=2", { token: owner.token });
    expect(names(second.body)).toEqual(["Gamma Garage"]);
    const reversed = await t.request("GET", "/clients?sort=-name", { token: owner.token });
    expect(names(reversed.body)).toEqual(["Gamma Garage", "Beta Bakery", "alpha Agency"]);
  });

  it("filters by status and by tag", async () => {
    const open = await t.request("GET", "/clients?status=lead,active", { token: owner.token });
    expect(names(open.body)).toEqual(["alpha Agency", "Beta Bakery"]);
    const food = await t.request("GET", "/clients?tag=food", { token: owner.token });
    expect(names(food.body)).toEqual(["Beta Bakery", "Gamma Garage"]);
    const bad = await t.request("GET", "/clients?status=gone", { token: owner.token });
    expect(bad.status).toBe(422);
  });
});

describe("search", () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await ownerWithSession(t);
    await create(owner, { name: "مدرسة النور" });
    await create(owner, { name: "مكتبة الأمل", notes: "زيارة إلى المدرسه يوم الأحد" });
    await create(owner, { name: "Quarterly reports Ltd" });
    await create(owner, { name: "Unrelated" });
  });

  it.each(["المدرسة", "مدرسه", "مَدْرَسَة"])(
    "finds every spelling of a school for %s, and marks where",
    async (q) => {
      const response = await t.request("GET", `/clients?q=${encodeURIComponent(q)}`, {
        token: owner.token,
      });
      expect(response.status).toBe(200);
      expect(names(response.body).sort()).toEqual(["مدرسة النور", "مكتبة الأمل"].sort());
      const school = response.body.items.find(
        (item: { name: string }) => item.name === "مدرسة النور",
      );
      expect(school.highlights.name).toEqual([
        { text: "مدرسة", match: true },
        { text: " النور", match: false },
      ]);
      const library = response.body.items.find(
        (item: { name: string }) => item.name === "مكتبة الأمل",
      );
      expect(library.highlights.notes).toContainEqual({ text: "المدرسه", match: true });
    },
  );

  it("finds English words by their stem", async () => {
    const response = await t.request("GET", "/clients?q=report", { token: owner.token });
    expect(names(response.body)).toEqual(["Quarterly reports Ltd"]);
  });

  it("uses the search index", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from ${clients} where ${clients.search} @@ qalam_search_query(${"مدرسة"})`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toContain("clients_search_idx");
  });
});

describe("changing", () => {
  it("moves the version on, and refuses a change made on an older one", async () => {
    const owner = await ownerWithSession(t);
    const created = await create(owner, { name: "Versioned" });
    const path = `/clients/${created.body.id}`;
    const first = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, status: "active", tags: ["vip"] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      version: 2,
      status: "active",
      tags: ["vip"],
      name: "Versioned",
    });

    const stale = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, name: "Overwritten" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("STALE_VERSION");
    expect((await t.request("GET", path, { token: owner.token })).body.name).toBe("Versioned");

    const missing = await t.request("PATCH", path, { token: owner.token, json: { name: "X" } });
    expect(missing.status).toBe(422);
  });
});

describe("deleting and restoring", () => {
  it("hides a deleted client, keeps it restorable, and brings it back", async () => {
    const owner = await ownerWithSession(t);
    const created = await create(owner, { name: "Gone Soon" });
    const path = `/clients/${created.body.id}`;
    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);

    expect((await t.request("GET", "/clients", { token: owner.token })).body.total).toBe(0);
    const bin = await t.request("GET", "/clients?deleted=true", { token: owner.token });
    expect(names(bin.body)).toEqual(["Gone Soon"]);
    const deleted = await t.request("GET", path, { token: owner.token });
    expect(deleted.body.deletedAt).not.toBeNull();
    const edit = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: deleted.body.version, name: "X" },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("CLIENT_DELETED");

    const restored = await t.request("POST", `${path}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ name: "Gone Soon", deletedAt: null });
    expect((await t.request("GET", "/clients", { token: owner.token })).body.total).toBe(1);
  });

  it("cannot bring back a client deleted more than 30 days ago", async () => {
    const owner = await ownerWithSession(t);
    const created = await create(owner, { name: "Long Gone" });
    const path = `/clients/${created.body.id}`;
    await t.request("DELETE", path, { token: owner.token });
    await t.db
      .update(clients)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(clients.id, created.body.id));
    expect((await t.request("POST", `${path}/restore`, { token: owner.token })).status).toBe(404);
    expect((await t.request("GET", path, { token: owner.token })).status).toBe(404);
    const bin = await t.request("GET", "/clients?deleted=true", { token: owner.token });
    expect(bin.body.total).toBe(0);
  });
});

describe("who may", () => {
  it("lets viewers read, members write, and no one reach another organization's clients", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const member = await memberWithSession(t, owner.organizationId, "member");
    const stranger = await ownerWithSession(t);
    const created = await create(owner, { name: "Shared" });
    const path = `/clients/${created.body.id}`;

    expect((await t.request("GET", path, { token: viewer.token })).status).toBe(200);
    expect((await create(viewer, { name: "No" })).status).toBe(403);
    expect(
      (await t.request("PATCH", path, { token: viewer.token, json: { version: 1, name: "No" } }))
        .status,
    ).toBe(403);
    expect((await t.request("DELETE", path, { token: viewer.token })).status).toBe(403);
    expect((await create(member, { name: "Yes" })).status).toBe(201);

    for (const [method, suffix, json] of [
      ["GET", "", undefined],
      ["PATCH", "", { version: 1, name: "Mine" }],
      ["DELETE", "", undefined],
      ["POST", "/restore", undefined],
    ] as const) {
      const response = await t.request(method, `${path}${suffix}`, { token: stranger.token, json });
      expect(response.status).toBe(404);
    }
    const theirs = await t.request("GET", "/clients", { token: stranger.token });
    expect(theirs.body.total).toBe(0);
    expect(
      (await t.request("GET", `/clients/${crypto.randomUUID()}`, { token: owner.token })).status,
    ).toBe(404);
    expect((await t.request("GET", "/clients")).status).toBe(401);
  });
});

describe("live", () => {
  it("tells the organization of each change", async () => {
    const owner = await ownerWithSession(t);
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);
    try {
      const created = await create(owner, { name: "Live" });
      const path = `/clients/${created.body.id}`;
      await t.request("PATCH", path, { token: owner.token, json: { version: 1, notes: "n" } });
      await t.request("DELETE", path, { token: owner.token });
      await t.request("POST", `${path}/restore`, { token: owner.token });
      const types = [];
      for (let i = 0; i < 4; i++) {
        const event = await events.next();
        expect(event).toMatchObject({ id: created.body.id, actor: owner.id });
        types.push(event.type);
      }
      expect(types).toEqual([
        "client.created",
        "client.updated",
        "client.deleted",
        "client.restored",
      ]);
    } finally {
      await events.close();
    }
  });
});

describe("CSV", () => {
  it("goes out with every client, readable in a spreadsheet, and comes back the same", async () => {
    const owner = await ownerWithSession(t);
    await create(owner, {
      name: "مدرسة النور",
      email: "office@alnoor.example",
      phone: "+966501234567",
      tags: ["school", "riyadh"],
      notes: 'Said "yes", then\nasked for more',
      status: "active",
    });
    await create(owner, { name: "Beta, Inc." });
    const response = await t.request("GET", "/clients/export", { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("clients.csv");
    expect(response.text.startsWith("name,kind,status,contactName,email,phone")).toBe(true);
    // A byte order mark first, which text() takes off: spreadsheets need it to read UTF-8.
    const raw = await t.api.fetch(
      new Request("http://qalam.test/api/v1/clients/export", {
        headers: { authorization: `Bearer ${owner.token}` },
      }),
    );
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.text).toContain('"Beta, Inc."');
    expect(response.text).toContain('"Said ""yes"", then\nasked for more"');

    const other = await ownerWithSession(t);
    const imported = await t.request("POST", "/clients/import", {
      token: other.token,
      json: { csv: response.text },
    });
    expect(imported.body).toMatchObject({ rows: 2, valid: 2, imported: 2, invalid: [] });
    const list = await t.request("GET", "/clients", { token: other.token });
    const school = list.body.items.find((item: { name: string }) => item.name === "مدرسة النور");
    expect(school).toMatchObject({
      email: "office@alnoor.example",
      phone: "+966501234567",
      tags: ["school", "riyadh"],
      status: "active",
      notes: 'Said "yes", then\nasked for more',
    });
  });

  it("writes a cell a spreadsheet would run as a formula with a leading ', and reads it back as it was", async () => {
    const owner = await ownerWithSession(t);
    const made = await create(owner, {
      name: "=1+1",
      phone: "+966501234567",
      contactName: "@x",
      notes: "-5",
      address: '=HYPERLINK("http://evil.example")',
    });
    expect(made.status).toBe(201);
    // No field of the API starts with a tab (it trims them); older rows or other paths may.
    await t.db
      .update(clients)
      .set({ website: "\thttps://x.example" })
      .where(eq(clients.id, made.body.id));
    const response = await t.request("GET", "/clients/export", { token: owner.token });
    const [header, row] = parse(response.text, { columns: false }) as string[][];
    const cell = (column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(cell("name")).toBe("'=1+1");
    expect(cell("phone")).toBe("'+966501234567");
    expect(cell("contactName")).toBe("'@x");
    expect(cell("notes")).toBe("'-5");
    expect(cell("address")).toBe('\'=HYPERLINK("http://evil.example")');
    expect(cell("website")).toBe("'\thttps://x.example");
    expect(cell("status")).toBe("lead");

    await t.db.update(clients).set({ website: null }).where(eq(clients.id, made.body.id));
    const exported = (await t.request("GET", "/clients/export", { token: owner.token })).text;
    const other = await ownerWithSession(t);
    const imported = await t.request("POST", "/clients/import", {
      token: other.token,
      json: { csv: exported },
    });
    expect(imported.body).toMatchObject({ rows: 1, valid: 1, imported: 1, invalid: [] });
    const list = await t.request("GET", "/clients", { token: other.token });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        name: "=1+1",
        phone: "+966501234567",
        contactName: "@x",
        notes: "-5",
        address: '=HYPERLINK("http://evil.example")',
      }),
    ]);
  });

  it("previews an import with each bad row's errors, adding nothing, then adds the good rows", async () => {
    const owner = await ownerWithSession(t);
    const csv = [
      "Name,Email,Phone,Status,Tags",
      "Good One,good@example.test,+966501234567,lead,a;b",
      ",nobody@example.test,,,",
      "Bad Phone,,0501234567,,",
      "Bad Status,,,paused,",
      "Good Two,,,,",
    ].join("\n");
    const preview = await t.request("POST", "/clients/import", {
      token: owner.token,
      json: { csv, dryRun: true },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rows: 5, valid: 2, imported: 0 });
    expect(preview.body.invalid).toEqual([
      { line: 3, name: "", errors: { name: "REQUIRED" } },
      { line: 4, name: "Bad Phone", errors: { phone: "INVALID_FORMAT" } },
      { line: 5, name: "Bad Status", errors: { status: "INVALID_VALUE" } },
    ]);
    expect(preview.body.preview.map((row: { name: string }) => row.name)).toEqual([
      "Good One",
      "Good Two",
    ]);
    expect((await t.request("GET", "/clients", { token: owner.token })).body.total).toBe(0);

    const done = await t.request("POST", "/clients/import", { token: owner.token, json: { csv } });
    expect(done.body).toMatchObject({ imported: 2 });
    expect((await t.request("GET", "/clients", { token: owner.token })).body.total).toBe(2);
  });

  it.each([
    ["a file that is not CSV", 'name\n"unclosed', "INVALID_CSV"],
    ["a file without a name column", "email\na@example.test", "MISSING_COLUMN"],
    ["too many rows", `name\n${"x\n".repeat(5001)}`, "TOO_MANY_ROWS"],
  ])("refuses %s and adds nothing", async (_, csv, code) => {
    const owner = await ownerWithSession(t);
    const response = await t.request("POST", "/clients/import", {
      token: owner.token,
      json: { csv },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe(code);
    expect((await t.request("GET", "/clients", { token: owner.token })).body.total).toBe(0);
  });

  it("is for those who may read and write clients", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    expect((await t.request("GET", "/clients/export", { token: viewer.token })).status).toBe(200);
    const refused = await t.request("POST", "/clients/import", {
      token: viewer.token,
      json: { csv: "name\nX" },
    });
    expect(refused.status).toBe(403);
  });
});
