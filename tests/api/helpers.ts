import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { createAiServices } from "../../api/ai/ai-models";
import { createAiRegistry } from "../../api/ai/registry";
import type { Database } from "../../api/db/client";
import { media, memberships, type Role, sessions, type User, users } from "../../api/db/schema";
import {
  defaultRateLimits,
  type RateLimitName,
  type RateLimits,
  resolveRateLimits,
} from "../../api/identity/rate-limits";
import { createSession, hashSessionToken } from "../../api/identity/sessions";
import { createUser as createUserRecord } from "../../api/identity/users";
import type { Api, ApiOptions } from "../../api/index";
import type { Messenger } from "../../api/mail/index";
import type { Jobs } from "../../api/media/jobs";
import { createOrganization } from "../../api/organizations/organizations";
import { type Actor, permissionsForRole } from "../../api/organizations/permissions";
import { startApi } from "../../api/start";
import { createLocalStorage } from "../../api/storage/local";
import type { Storage } from "../../api/storage/storage";

export type RequestOptions = {
  json?: unknown;
  token?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
};

export type TestResponse = {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of every shape
  body: any;
};

export type TestUserOptions = {
  email?: string;
  /** Any format normalizePhone accepts; stored as E.164. */
  phone?: string;
  password?: string;
  verified?: boolean;
  firstName?: string;
  lastName?: string;
  /** Creates an organization the user owns and makes it current; true unless told otherwise. */
  withOrganization?: boolean;
};

export type TestUser = {
  user: User;
  email: string;
  password: string;
  organizationId: string | null;
};

export type TestApi = {
  api: Api;
  db: Database;
  /** The job queue and runner, to queue work as a feature would. */
  jobs: Jobs;
  /** Where the API keeps its files, for tests that store through a service. */
  storage: Storage;
  request: (method: string, path: string, options?: RequestOptions) => Promise<TestResponse>;
  createUser: (options?: TestUserOptions) => Promise<TestUser>;
  /** Signs in through the API and returns the token. */
  loginToken: (email: string, password: string) => Promise<string>;
  /** Moves a session's absolute expiry into the past. */
  expireSession: (token: string) => Promise<void>;
  /** Makes a session look unused for `days`. */
  idleSession: (token: string, days: number) => Promise<void>;
  close: () => Promise<void>;
};

let emailCounter = 0;

export function uniqueEmail(): string {
  emailCounter += 1;
  return `user${emailCounter}-${randomBytes(4).toString("hex")}@example.test`;
}

/** The web app's address in the links the test API mails. */
export const testAppUrl = "http://qalam.test";

export type TestApiOptions = Pick<
  ApiOptions,
  | "production"
  | "seedDemo"
  | "smtpUrl"
  | "smsWebhookUrl"
  | "mailQueue"
  | "rateLimits"
  | "heartbeatMs"
  | "realtime"
  | "maxOrganizationsPerUser"
  | "allowedOrigins"
  | "ai"
  | "secretsKey"
  | "jobs"
  | "s3"
  | "sessionCacheMs"
  | "dashboardCacheMs"
  | "organizationListCacheMs"
  | "webhooks"
  | "knowledge"
> & {
  /** A database that outlives this API (a restart, a second instance): close() leaves it be. */
  database?: TestDatabase;
};

/**
 * A fresh API on its own database: in-memory PGlite, or, with TEST_DATABASE_URL, a new database
 * on that server that close() drops again.
 */
export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const { database: shared, ...apiOptions } = options;
  const database = shared ?? (await createTestDatabase());
  const dropDatabase = shared ? async () => {} : database.drop;
  const dirs = temporaryDirs();
  let started: Awaited<ReturnType<typeof startApi>>;
  try {
    started = await startApi({
      ...apiOptions,
      ...dirs,
      rateLimits: { ...testRateLimits, ...apiOptions.rateLimits },
      appUrl: testAppUrl,
      databaseUrl: database.url,
      dataDir: database.dataDir,
    });
  } catch (error) {
    await dropDatabase();
    dirs.remove();
    throw error;
  }
  const { api, db, jobs, storage, sessionCache } = started;

  const request = async (method: string, path: string, requestOptions: RequestOptions = {}) => {
    const headers = new Headers(requestOptions.headers);
    let body = requestOptions.body;
    if (requestOptions.json !== undefined) {
      body = JSON.stringify(requestOptions.json);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    if (requestOptions.token) headers.set("authorization", `Bearer ${requestOptions.token}`);
    const url = new URL(path.startsWith("/api/") ? path : `/api/v1${path}`, "http://qalam.test");
    const response = await api.fetch(new Request(url, { method, headers, body }));
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.includes("json") && text !== "";
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: isJson ? JSON.parse(text) : undefined,
    };
  };

  const createUser = async (userOptions: TestUserOptions = {}): Promise<TestUser> => {
    const email = userOptions.email ?? uniqueEmail();
    const password = userOptions.password ?? `pw-${randomBytes(9).toString("base64url")}`;
    const user = await createUserRecord(db, {
      firstName: userOptions.firstName ?? "Test",
      lastName: userOptions.lastName ?? "User",
      email,
      phone: userOptions.phone ?? null,
      password,
      verified: userOptions.verified ?? true,
    });
    const organization =
      userOptions.withOrganization === false
        ? null
        : await createOrganization(db, { name: "Test Organization", ownerId: user.id });
    return { user, email, password, organizationId: organization?.id ?? null };
  };

  const loginToken = async (email: string, password: string) => {
    const response = await request("POST", "/login", { json: { value: email, password } });
    if (response.status !== 200)
      throw new Error(`login failed: ${response.status} ${response.text}`);
    return response.body.token as string;
  };

  const ofToken = (token: string) => eq(sessions.tokenHash, hashSessionToken(token));

  return {
    api,
    db,
    jobs,
    storage,
    request,
    createUser,
    loginToken,
    expireSession: async (token) => {
      await db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(ofToken(token));
      // As the few seconds a session is remembered (decision 028) would have passed.
      sessionCache.clear();
    },
    idleSession: async (token, days) => {
      await db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - make_interval(days => ${days})` })
        .where(ofToken(token));
      sessionCache.clear();
    },
    close: async () => {
      await api.close();
      await dropDatabase();
      dirs.remove();
    },
  };
}

/**
 * Every test file's requests come from one (unknown) address, so the per-address limits are
 * raised; the per-account limits keep their production values. Tests of a limit set their own.
 */
export const testRateLimits: Partial<RateLimits> = Object.fromEntries(
  (Object.keys(defaultRateLimits) as RateLimitName[])
    .filter((name) => name.endsWith("PerAddress"))
    .map((name) => [name, { ...defaultRateLimits[name], limit: 100_000 }]),
);

function temporaryDirs() {
  const root = mkdtempSync(join(tmpdir(), "qalam-api-"));
  return {
    filesDir: join(root, "files"),
    outboxDir: join(root, "outbox"),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * What createApp needs besides a database, for tests that build the app by hand around a
 * database that fails: their requests never reach the mail or the job queue, which refuse use.
 */
export function appDependencies() {
  const dirs = temporaryDirs();
  const unused = (what: string) =>
    new Proxy({} as never, {
      get() {
        throw new Error(`${what} is not set up in this test`);
      },
    });
  return {
    messenger: unused("The mail queue") as Messenger,
    jobs: unused("The job queue") as Jobs,
    storage: createLocalStorage(dirs.filesDir),
    rateLimits: resolveRateLimits(testRateLimits),
    ai: createAiServices({
      registry: createAiRegistry({ environment: {} }),
      secretsKey: randomBytes(32),
    }),
  };
}

export type TestDatabase = {
  url: string | undefined;
  /** PGlite's directory when the database must outlive one API. */
  dataDir?: string;
  drop: () => Promise<void>;
};

/**
 * A database of its own: a fresh one with TEST_DATABASE_URL, else PGlite, in memory or, with
 * `onDisk` (for a database that outlives one API), in a temporary directory.
 */
export async function createTestDatabase(
  options: { onDisk?: boolean } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl && options.onDisk) {
    const dataDir = mkdtempSync(join(tmpdir(), "qalam-db-"));
    return { url: undefined, dataDir, drop: async () => rmSync(dataDir, { recursive: true }) };
  }
  if (!serverUrl) return { url: undefined, drop: async () => {} };

  const name = `qalam_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ),
  };
}

async function withAdminClient(url: string, use: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

/** A signed-in user as the tests of organizations need one: ids, credentials and a token. */
export type SignedInUser = { id: string; email: string; password: string; token: string };

/**
 * A user who owns an organization of their own, with a session; straight to the session, since
 * logging in would verify a password for nothing.
 */
export async function ownerWithSession(
  t: TestApi,
  options: TestUserOptions = {},
): Promise<SignedInUser & { organizationId: string }> {
  const created = await t.createUser(options);
  return {
    id: created.user.id,
    email: created.email,
    password: created.password,
    token: await createSession(t.db, created.user.id),
    organizationId: created.organizationId as string,
  };
}

/** An image in the owner's library with a stored WebP thumbnail, as the image creator leaves one. */
export async function libraryImage(t: TestApi, owner: { id: string; organizationId: string }) {
  const id = crypto.randomUUID();
  const thumbnailKey = `media/${crypto.randomUUID()}.webp`;
  await t.storage.put(thumbnailKey, new Uint8Array([82, 73, 70, 70, 1, 2, 3]), "image/webp");
  await t.db.insert(media).values({
    id,
    organizationId: owner.organizationId,
    kind: "image",
    authorId: owner.id,
    fileKey: `media/${id}.png`,
    thumbnailKey,
    contentType: "image/png",
    byteSize: 10,
  });
  return id;
}

/** The owner's actor in their organization, for calling a service as the routes would. */
export function ownerActor(owner: { id: string; organizationId: string }): Actor {
  return {
    userId: owner.id,
    organizationId: owner.organizationId,
    permissions: permissionsForRole("owner"),
  };
}

/** A user who belongs to `organizationId` only, with `role`, which is their current one. */
export async function memberWithSession(
  t: TestApi,
  organizationId: string,
  role: Role,
  options: TestUserOptions = {},
): Promise<SignedInUser> {
  const created = await t.createUser({ ...options, withOrganization: false });
  await t.db.insert(memberships).values({ organizationId, userId: created.user.id, role });
  await t.db
    .update(users)
    .set({ currentOrganizationId: organizationId })
    .where(eq(users.id, created.user.id));
  return {
    id: created.user.id,
    email: created.email,
    password: created.password,
    token: await createSession(t.db, created.user.id),
  };
}
