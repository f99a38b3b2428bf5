/**
 * Every operation of the OpenAPI document, sent hostile input: path parameters, query values and
 * bodies of the wrong shape and type, control characters, oversized strings and prototype keys.
 * Whatever is sent, the answer is a 4xx in the error shape, never a 5xx; every protected operation
 * answers 401 without a token; and the server is healthy afterwards. An endpoint added later is
 * covered without a test of its own, as long as the document describes it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { invitations, memberships, threadMessages, threads, workspaces } from "../../api/db/schema";
import { hashPassword } from "../../api/identity/passwords";
import { createSession } from "../../api/identity/sessions";
import { createUser } from "../../api/identity/users";
import { createOrganization } from "../../api/organizations/organizations";
import { createTestApi, type TestResponse, uniqueEmail } from "./helpers";

const t = await createTestApi();
afterAll(() => t.close());

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { name: string; in: "path" | "query" | "header"; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const document = (await t.request("GET", "/openapi.json")).body as Document;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    operation,
  })),
);

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return resolve(document.components.schemas[name] as Schema);
}

/**
 * A user with an organization, a member, a workspace, an invitation, a thread with a question and
 * its answer, and a second session.
 */
const passwordHash = await hashPassword("a long and rare passphrase 7");

async function world() {
  const owner = await createUser(t.db, {
    firstName: "Fuzz",
    lastName: "Owner",
    email: uniqueEmail(),
    passwordHash,
    verified: true,
  });
  const organization = await createOrganization(t.db, { name: "Fuzz", ownerId: owner.id });
  const member = await createUser(t.db, {
    firstName: "Fuzz",
    lastName: "Admin",
    email: uniqueEmail(),
    passwordHash,
    verified: true,
  });
  await t.db
    .insert(memberships)
    .values({ organizationId: organization.id, userId: member.id, role: "admin" });
  const [workspace] = await t.db
    .insert(workspaces)
    .values({ organizationId: organization.id, name: "Fuzz", color: "teal" })
    .returning();
  const [invitation] = await t.db
    .insert(invitations)
    .values({
      organizationId: organization.id,
      email: uniqueEmail(),
      role: "member",
      tokenHash: randomBytes(32).toString("hex"),
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [thread] = await t.db
    .insert(threads)
    .values({ organizationId: organization.id, authorId: owner.id, title: "Fuzz" })
    .returning();
  const [question] = await t.db
    .insert(threadMessages)
    .values({
      threadId: thread?.id as number,
      organizationId: organization.id,
      role: "user",
      content: "Question",
      authorId: owner.id,
    })
    .returning();
  const [answer] = await t.db
    .insert(threadMessages)
    .values({
      threadId: thread?.id as number,
      organizationId: organization.id,
      parentId: question?.id,
      role: "assistant",
      content: "Answer",
    })
    .returning();
  const token = await createSession(t.db, owner.id);
  const otherToken = await createSession(t.db, owner.id);
  const sessions = await t.request("GET", "/user/sessions", { token });
  const otherSession = (sessions.body.items as { id: string; current: boolean }[]).find(
    (session) => !session.current,
  );
  return {
    token,
    otherToken,
    ids: {
      organization: organization.id,
      user: member.id,
      workspace: workspace?.id as string,
      invitation: invitation?.id as string,
      session: otherSession?.id as string,
      thread: String(thread?.id),
      answer: String(answer?.id),
    },
  };
}

type World = Awaited<ReturnType<typeof world>>;

/** The real value of a path parameter, so that a request reaches the handler's body. */
function realParameter(path: string, name: string, w: World): string {
  if (name === "userId") return w.ids.user;
  if (name === "invitationId") return w.ids.invitation;
  if (name === "folder") return "avatars";
  if (name === "name") return `${randomUUID()}.webp`;
  if (name === "messageId") return w.ids.answer;
  if (path.startsWith("/api/v1/threads")) return w.ids.thread;
  if (path.startsWith("/api/v1/workspaces")) return w.ids.workspace;
  if (path.startsWith("/api/v1/user/sessions")) return w.ids.session;
  return w.ids.organization;
}

/** Whether the schema takes null (`type: [..., "null"]`, or a `null` among its alternatives). */
function nullable(schema: Schema): boolean {
  const s = resolve(schema);
  if (Array.isArray(s.type) ? s.type.includes("null") : s.type === "null") return true;
  return (s.anyOf ?? s.oneOf ?? []).some(nullable);
}

/** Whether `value` is of the type the schema names: `true` is no wrong type for a boolean. */
function ofItsType(schema: Schema, value: unknown): boolean {
  const { type } = resolve(schema);
  return (
    typeof value === "boolean" &&
    (Array.isArray(type) ? type.includes("boolean") : type === "boolean")
  );
}

/** A value the schema accepts, as far as the document tells, to put hostile values beside. */
function validValue(schema: Schema, name: string, w: World): unknown {
  const s = resolve(schema);
  if (s.enum) return s.enum[0];
  if (s.anyOf ?? s.oneOf) return validValue((s.anyOf ?? s.oneOf)?.[0] as Schema, name, w);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "object") {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([key, value]) => [key, validValue(value, key, w)]),
    );
  }
  if (type === "array") return [validValue(s.items ?? {}, name, w)];
  if (type === "integer" || type === "number") return s.minimum ?? 1;
  if (type === "boolean") return true;
  if (s.format === "email") return uniqueEmail();
  if (s.format === "uuid") return name === "organizationId" ? w.ids.organization : w.ids.user;
  if (s.pattern === "^\\d{6}$") return "123456";
  if (/password/i.test(name)) return "a long and rare passphrase 7";
  if (typeof s.example === "string") return s.example;
  return "Plain text";
}

/** Values no string field takes: the API answers them with a 4xx, whatever the field. */
const hostileStrings = ["\u0000", "a\u0000b", "tab\u0001bell\u0007", "\u009b", "x".repeat(100_000)];
/** Values of the wrong type for any field the document describes. */
const wrongTypes = [12345, -1.5, true, null, [], ["x"], {}, { $gt: "" }];
/** Path segments that name nothing, or cannot be decoded at all. */
const hostileSegments = [
  "%00",
  "%",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "__proto__",
  "constructor",
  "x".repeat(5000),
  encodeURIComponent("' or 1=1 --"),
];

function url(path: string, w: World, override?: { name: string; raw: string }) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    override?.name === name ? override.raw : encodeURIComponent(realParameter(path, name, w)),
  );
}

function expectRefused(response: TestResponse, what: string) {
  expect(response.status, `${what}: ${response.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${what}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
  expect(response.body?.error, what).toMatchObject({
    code: expect.stringMatching(/^[A-Z_]+$/),
    message: expect.any(String),
  });
}

function expectNoServerError(response: TestResponse, what: string) {
  expect(response.status, `${what}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
  if (response.status >= 400) expectRefused(response, what);
}

function multipart(fields: Record<string, unknown>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.set(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return form;
}

const protectedOperations = operations.filter(({ operation }) => operation.security?.length);

describe("without a token", () => {
  it.each(protectedOperations.map(({ method, path }) => [method, path]))(
    "%s %s answers 401",
    async (method, path) => {
      const w = await world();
      for (const authorization of [undefined, "Bearer", `Bearer ${"x".repeat(2000)}`, "Basic x"]) {
        const response = await t.request(method, url(path, w), {
          headers: authorization ? { authorization } : {},
        });
        expect(response.status, `${authorization}`).toBe(401);
        expectRefused(response, `${method} ${path} with ${authorization ?? "no header"}`);
      }
    },
  );
});

describe("hostile input", () => {
  it.each(operations.map(({ method, path, operation }) => [method, path, operation] as const))(
    "%s %s answers 4xx, never 5xx",
    async (method, path, operation) => {
      const w = await world();
      const token = operation.security?.length ? w.token : undefined;
      const send = (target: string, options: Parameters<typeof t.request>[2] = {}) =>
        t.request(method, target, { ...options, token });
      const parameters = operation.parameters ?? [];

      for (const parameter of parameters.filter((p) => p.in === "path")) {
        for (const raw of hostileSegments) {
          const response = await send(url(path, w, { name: parameter.name, raw }));
          expectRefused(response, `path ${parameter.name}=${raw.slice(0, 20)}`);
        }
      }

      const base = url(path, w);
      const validQuery = Object.fromEntries(
        parameters
          .filter((p) => p.in === "query")
          .map((p) => [p.name, String(validValue(p.schema ?? {}, p.name, w))]),
      );
      for (const parameter of parameters.filter((p) => p.in === "query")) {
        for (const value of hostileStrings) {
          const query = new URLSearchParams({ ...validQuery, [parameter.name]: value });
          expectRefused(await send(`${base}?${query}`), `query ${parameter.name}`);
        }
        const repeated = new URLSearchParams(validQuery);
        repeated.append(parameter.name, "2");
        expectNoServerError(await send(`${base}?${repeated}`), `query ${parameter.name} twice`);
      }
      for (const odd of ["__proto__[x]=1", "constructor=1", "%E0%A4%A=1", "a=%"]) {
        expectNoServerError(await send(`${base}?${odd}`), `query ${odd}`);
      }

      const content = operation.requestBody?.content ?? {};
      const json = content["application/json"];
      if (json) {
        const valid = validValue(json.schema, "", w) as Record<string, unknown>;
        const post = (body: string) =>
          send(base, { body, headers: { "content-type": "application/json" } });
        for (const body of ["null", "[]", '"text"', "42", "true", '{"a":', "", "{".repeat(5000)]) {
          expectRefused(await post(body), `body ${body.slice(0, 20)}`);
        }
        const properties = resolve(json.schema).properties ?? {};
        for (const field of Object.keys(valid)) {
          for (const value of [...hostileStrings, ...wrongTypes]) {
            const response = await post(JSON.stringify({ ...valid, [field]: value }));
            const what = `${field}=${JSON.stringify(value).slice(0, 30)}`;
            // A null where the field may be null, or a boolean where it is one, is no wrong type:
            // it may be taken.
            const schema = properties[field] ?? {};
            if ((value === null && nullable(schema)) || ofItsType(schema, value)) {
              expectNoServerError(response, what);
            } else {
              expectRefused(response, what);
            }
          }
        }
        for (const body of [
          `{"__proto__":{"polluted":true},${JSON.stringify(valid).slice(1)}`,
          JSON.stringify({ ...valid, constructor: { prototype: { polluted: true } } }),
        ]) {
          expectNoServerError(await post(body), "prototype keys");
        }
        expectRefused(
          await send(base, {
            body: JSON.stringify(valid),
            headers: { "content-type": "text/plain" },
          }),
          "JSON sent as text/plain",
        );
      }

      const form = content["multipart/form-data"];
      if (form) {
        const fields = Object.keys(resolve(form.schema).properties ?? {});
        for (const field of fields) {
          for (const value of hostileStrings) {
            expectRefused(await send(base, { body: multipart({ [field]: value }) }), field);
          }
          // Bytes no upload takes: not an image, not a card, and not text either (a NUL, and
          // no UTF-8), since a thread takes a .txt file as it is.
          const asFile = new FormData();
          asFile.set(field, new Blob([new Uint8Array([0x00, 0xff]), "not an image"]), "notes.txt");
          expectRefused(await send(base, { body: asFile }), `${field} as a file`);
        }
        const malformed: [string, string][] = [
          ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name="],
          ["multipart/form-data", "no boundary"],
          ["application/json", "{}"],
        ];
        for (const [contentType, body] of malformed) {
          const response = await send(base, { body, headers: { "content-type": contentType } });
          expectRefused(response, `multipart as ${contentType}`);
        }
      }
    },
  );
});

describe("afterwards", () => {
  it("the server is healthy, and no prototype was polluted", async () => {
    expect((await t.request("GET", "/health")).status).toBe(200);
    const w = await world();
    expect((await t.request("GET", "/user", { token: w.token })).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
