import { randomBytes } from "node:crypto";
import { createAiServices } from "./ai/ai-models";
import type { AiQuotaDefaults } from "./ai/ai-usage";
import type { AiEnvironment } from "./ai/config";
import { espeakAvailable, espeakSpeechModel } from "./ai/embedded/espeak";
import { sentenceEncoderModel } from "./ai/embedded/sentence-encoder";
import { ffmpegAvailable, slideshowVideoModel } from "./ai/embedded/slideshow";
import { defaultToolPaths, type EmbeddedTools, type ToolPaths } from "./ai/embedded/tools";
import { addressRule, createPublicOnlyFetch } from "./ai/network";
import { createAiRegistry, type EmbeddedModels } from "./ai/registry";
import type { MaxOutputTokens } from "./ai/response-limits";
import type { SecretsKeys } from "./ai/secrets";
import { apiBasePath, createApp } from "./app";
import { createDashboardCache, type DashboardCache } from "./dashboard/dashboard-cache";
import { type Database, openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { openJobQueue } from "./db/queue";
import { type RateLimits, resolveRateLimits } from "./identity/rate-limits";
import { createSessionCache, type SessionCache } from "./identity/session-cache";
import { type Authentication, liveSessionIds } from "./identity/sessions";
import { authenticateSocketToken } from "./identity/socket-tickets";
import type { JobKind } from "./jobs/kinds";
import { type JobRunnerOptions, startJobRunner } from "./jobs/runner";
import { knowledgeJobKinds, type WebReading } from "./knowledge/ingestion";
import { scheduleStaleVectorCheck, scheduleWebsiteResync } from "./knowledge/sources";
import { enableVectors, vectorsEnabled } from "./knowledge/vectors";
import { defaultCrawlDelayMs } from "./knowledge/websites";
import { createMessenger, type MessengerOptions } from "./mail/index";
import { type GenerationServices, generationJobKinds } from "./media/generation-jobs";
import type { Jobs } from "./media/jobs";
import { isMember, liveMemberships } from "./organizations/memberships";
import {
  createOrganizationListCache,
  type OrganizationListCache,
} from "./organizations/organization-list-cache";
import { seedDemo } from "./organizations/seed";
import { schedulePurge } from "./purge";
import { type Broker, type BrokerOptions, createBroker } from "./realtime/broker";
import { listenForMessages } from "./realtime/events";
import { createLocalStorage } from "./storage/local";
import { createS3Storage, type S3Options } from "./storage/s3";
import type { Storage } from "./storage/storage";
import { startWebhookDeliveries, type WebhookDeliveryOptions } from "./webhooks/delivery";

/**
 * The models that run on this machine: the sentence encoder, and the offline voice and the
 * slideshow where their programs are installed; with which of those programs there are.
 */
async function embeddedModels(
  options: ApiOptions["ai"],
): Promise<{ models: EmbeddedModels; tools: EmbeddedTools }> {
  const paths = options?.toolPaths ?? defaultToolPaths;
  const voice = options?.offlineVoice ?? (await espeakAvailable(paths.espeakNg));
  const slideshow = options?.slideshow ?? (await ffmpegAvailable(paths.ffmpeg, paths.ffprobe));
  const speech = voice ? espeakSpeechModel({ binary: paths.espeakNg }) : undefined;
  const video = slideshow
    ? slideshowVideoModel({ ffmpeg: paths.ffmpeg, ffprobe: paths.ffprobe, narrator: speech })
    : undefined;
  return {
    models: {
      ...(options?.sentenceEncoder !== false ? { embedding: sentenceEncoderModel() } : {}),
      ...(speech ? { speech } : {}),
      ...(video ? { video } : {}),
    },
    tools: { espeakNg: voice, ffmpeg: slideshow },
  };
}

/** Uploaded files: the S3-compatible bucket when configured, else the folder. */
function openStorage(options: ApiOptions): { storage: Storage; close: () => void } {
  if (options.s3) {
    const storage = createS3Storage(options.s3);
    return { storage, close: storage.close };
  }
  return { storage: createLocalStorage(options.filesDir), close: () => {} };
}

/** The kinds of long work the product runs, with the services they call. */
function productJobKinds(services: GenerationServices, web: WebReading): readonly JobKind[] {
  return [...generationJobKinds(services), ...knowledgeJobKinds({ ai: services.ai, web })];
}

export type ApiOptions = {
  /** PostgreSQL via node-postgres when set. */
  databaseUrl?: string;
  /** PGlite directory when databaseUrl is unset; undefined or "memory://" => in-memory PGlite. */
  dataDir?: string;
  /** When true and the users table is empty, create a demo organization and user. */
  seedDemo?: boolean;
  /** The demo user's password instead of a generated one (DEMO_PASSWORD). */
  demoPassword?: string;
  /** Hides internal error details. */
  production?: boolean;
  /** Uploaded files (avatars, logos, images in documents) when `s3` is unset. */
  filesDir: string;
  /** S3-compatible storage for uploaded files in place of filesDir (s3OptionsFromEnv). */
  s3?: S3Options;
  /** Mail and SMS land here when no transport is configured. */
  outboxDir: string;
  /** nodemailer transport URL; unset => the outbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** SMS are POSTed as JSON {to, text} here; unset => the outbox. */
  smsWebhookUrl?: string;
  /** The mail queue's bound, concurrency and retries, where the defaults do not do. */
  mailQueue?: Pick<
    MessengerOptions,
    "maxConcurrent" | "maxQueued" | "retries" | "retryDelaySeconds"
  >;
  /**
   * The keys that seal secrets at rest: organizations' provider keys and queued mail
   * (secretsKeys(): SECRETS_KEY or DATA_DIR); the first seals, all open; unset: a key of this
   * run only.
   */
  secretsKey?: SecretsKeys;
  /** Long work (docs/jobs.md): its kinds, and limits where the defaults do not do. */
  jobs?: Pick<
    JobRunnerOptions,
    "perOrganization" | "perCapability" | "perUser" | "waitingPerOrganization" | "heartbeatSeconds"
  > & {
    /** Kinds of work besides the product's own. */
    kinds?: readonly JobKind[];
    /** How often work whose process went quiet is put back in the queue (seconds, default 30). */
    superviseIntervalSeconds?: number;
  };
  /** Overrides of the production rate limits (see rateLimitsFromEnv). */
  rateLimits?: Partial<RateLimits>;
  /** The web app's address (APP_URL), for links in mail. */
  appUrl?: string;
  /** How many organizations an account may belong to (MAX_ORGANIZATIONS_PER_USER). */
  maxOrganizationsPerUser?: number;
  /** Origins besides the server's own that may open the real-time socket. */
  allowedOrigins?: readonly string[];
  /** The heart-beat the socket offers (ms); tests use a short one. */
  heartbeatMs?: number;
  /** AI models (docs/ai.md); unset: none from the environment, keys sealed with a key of this run. */
  ai?: {
    /** The environment's models (aiEnvironment(process.env)). */
    environment?: AiEnvironment;
    /** AI_ALLOW_PRIVATE_NETWORK=1: organizations' addresses may be in private networks. */
    allowPrivateNetwork?: boolean;
    /** AI_ALLOWED_NETWORKS: the private networks (CIDR) organizations' addresses may be in. */
    allowedNetworks?: readonly string[];
    /** Where espeak-ng, ffmpeg and ffprobe are (toolPathsFromEnv(process.env)); unset: in PATH. */
    toolPaths?: ToolPaths;
    /** The offline voice (espeak-ng); unset: offered when espeak-ng runs on this machine. */
    offlineVoice?: boolean;
    /** The slideshow (ffmpeg); unset: offered when ffmpeg and ffprobe run on this machine. */
    slideshow?: boolean;
    /** The English sentence encoder shipped with the product (default: offered). */
    sentenceEncoder?: boolean;
    /** Monthly limits per capability (aiQuotaDefaults(process.env)); unset: none. */
    quotas?: AiQuotaDefaults;
    /** How long a streamed chat answer may take (ms); tests use a short one. */
    chatDeadlineMs?: number;
    /** The most tokens of an answer (maxOutputTokensFromEnv(process.env)); unset: the defaults. */
    maxOutputTokens?: MaxOutputTokens;
    /** How often a provider's video job is polled (ms, default 5,000); tests use a short one. */
    videoPollIntervalMs?: number;
    /** How long a provider may take to list its models or voices (ms, default 3,000). */
    listingTimeoutMs?: number;
  };
  /** The real-time socket's client address and limits, where the defaults do not do. */
  realtime?: Pick<
    BrokerOptions,
    "clientAddress" | "maxPendingPerAddress" | "maxPending" | "sessionCheckMs"
  >;
  /**
   * How long a token's live session is remembered (ms, default 5,000; 0: looked up every time).
   * Decision 028.
   */
  sessionCacheMs?: number;
  /**
   * How long a member's dashboard is remembered (ms, default 5,000; 0: read every time).
   * Decision 029.
   */
  dashboardCacheMs?: number;
  /**
   * How long a member's list of organizations is remembered (ms, default 5,000; 0: read every
   * time). Decision 029.
   */
  organizationListCacheMs?: number;
  /**
   * Bots' webhooks: WEBHOOKS_ALLOW_PRIVATE_NETWORK=1 lets them post to private addresses
   * (loopback for the tests); the tries' pauses and deadline (docs/webhooks.md).
   */
  webhooks?: WebhookDeliveryOptions & { allowPrivateNetwork?: boolean };
  /**
   * Website sources of bots' knowledge: KNOWLEDGE_ALLOW_PRIVATE_NETWORK=1 lets them be read from
   * private addresses (loopback for the tests); the pause between two requests to a site (ms,
   * default 500). docs/knowledge.md.
   */
  knowledge?: { allowPrivateNetwork?: boolean; crawlDelayMs?: number };
};

export type Api = {
  /** Handles URLs whose path starts with /api/v1. */
  fetch: (request: Request) => Promise<Response>;
  /**
   * A fetch for the calls of one page request. Its reads share one session lookup per token; a
   * call that changes something forgets it, so that what the page reads after an action (which
   * may have switched the organization or ended the session) is looked up again.
   */
  pageFetch: () => (request: Request) => Promise<Response>;
  /** Which programs of the embedded models run here (espeak-ng, ffmpeg), for the start-up log. */
  embeddedTools: EmbeddedTools;
  /** Set when seedDemo created the demo account. */
  seeded: { email: string; password: string } | null;
  /** Resolves once every queued mail and SMS has been delivered or has failed. */
  flush: () => Promise<void>;
  /** Takes the WebSocket upgrade of the real-time socket (`socketPath`). */
  handleUpgrade: Broker["handleUpgrade"];
  /** Closes the real-time sockets (1012, service restart) and refuses new ones. */
  closeRealtime: () => Promise<void>;
  /**
   * Lets running work and deliveries end (what waits stays queued in the database), closes the
   * real-time sockets, then the database.
   */
  close: () => Promise<void>;
};

/** The bearer token a request carries, as requireAuth reads it. */
function bearerToken(request: Request) {
  return /^Bearer +(\S+)$/i.exec(request.headers.get("authorization")?.trim() ?? "")?.[1];
}

/** The public chat of x-bot: visitors without accounts, whose requests change no session. */
const publicPath = `${apiBasePath}/public/`;

/** A request that changes nothing. */
function isRead(request: Request) {
  return request.method === "GET" || request.method === "HEAD";
}

/**
 * A request that cannot change a session: a read, or a visitor's to a bot. Any other may use
 * remembered sessions, but they are forgotten after it as far as it may have changed them.
 */
function leavesSessionsBe(request: Request) {
  return isRead(request) || new URL(request.url).pathname.startsWith(publicPath);
}

/**
 * Opens the database, applies the committed migrations, optionally seeds, and builds the app.
 * Returns the database and the job queue next to the API for code that runs beside it in the
 * same process (tests, maintenance scripts); the web server only gets `Api` through createApi.
 */
export async function startApi(options: ApiOptions): Promise<{
  api: Api;
  db: Database;
  jobs: Jobs;
  storage: Storage;
  sessionCache: SessionCache;
  dashboardCache: DashboardCache;
  organizationListCache: OrganizationListCache;
}> {
  const connection = await openDatabase(options);
  let seeded: Api["seeded"] = null;
  try {
    await migrateDatabase(connection);
    // pgvector installed after the migrations ran: its columns are added now (docs/knowledge.md).
    if (!(await vectorsEnabled(connection.db))) await enableVectors(connection.db);
    if (options.seedDemo) seeded = await seedDemo(connection.db, options.demoPassword);
  } catch (error) {
    await connection.close();
    throw error;
  }

  const secretsKey = options.secretsKey ?? randomBytes(32);
  let boss: Awaited<ReturnType<typeof openJobQueue>>;
  try {
    boss = await openJobQueue(connection, {
      databaseUrl: options.databaseUrl,
      superviseIntervalSeconds: options.jobs?.superviseIntervalSeconds,
    });
  } catch (error) {
    await connection.close();
    throw error;
  }
  const messenger = await createMessenger({
    boss,
    secretsKey,
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom,
    smsWebhookUrl: options.smsWebhookUrl,
    outboxDir: options.outboxDir,
    ...options.mailQueue,
  });
  // The storage and the models come first: the generations' jobs need them as soon as they run.
  const { storage, close: closeStorage } = openStorage(options);
  const embedded = await embeddedModels(options.ai);
  const ai = createAiServices({
    registry: createAiRegistry({
      environment: options.ai?.environment ?? {},
      allowPrivateNetwork: options.ai?.allowPrivateNetwork,
      allowedNetworks: options.ai?.allowedNetworks,
      embedded: embedded.models,
    }),
    tools: embedded.tools,
    secretsKey,
    quotas: options.ai?.quotas,
    chatDeadlineMs: options.ai?.chatDeadlineMs,
    maxOutputTokens: options.ai?.maxOutputTokens,
    listingTimeoutMs: options.ai?.listingTimeoutMs,
  });
  const runner = await startJobRunner({
    db: connection.db,
    notifications: connection.notifications,
    boss,
    kinds: [
      ...productJobKinds(
        { ai, storage, videoPollIntervalMs: options.ai?.videoPollIntervalMs },
        {
          // Sites are organizations' addresses: public ones only, checked after DNS and on every
          // redirect, as the AI layer's are.
          fetch: createPublicOnlyFetch({
            allowAddress: addressRule({
              allowPrivateNetwork: options.knowledge?.allowPrivateNetwork,
            }),
          }),
          delayMs: options.knowledge?.crawlDelayMs ?? defaultCrawlDelayMs,
        },
      ),
      ...(options.jobs?.kinds ?? []),
    ],
    perOrganization: options.jobs?.perOrganization,
    perCapability: options.jobs?.perCapability,
    perUser: options.jobs?.perUser,
    waitingPerOrganization: options.jobs?.waitingPerOrganization,
    heartbeatSeconds: options.jobs?.heartbeatSeconds,
  });
  const stopPurge = await schedulePurge(connection.db, storage, boss);
  const stopResync = await scheduleWebsiteResync(
    { db: connection.db, jobs: { boss, runner } },
    boss,
  );
  // Knowledge embedded by another model than the one now configured is embedded again.
  const stopVectorCheck = await scheduleStaleVectorCheck(
    { db: connection.db, jobs: { boss, runner }, ai },
    boss,
  );
  // Receivers' addresses are organizations' own: public ones only, checked after DNS and on
  // every redirect, as the AI layer's are.
  const stopWebhooks = await startWebhookDeliveries(
    {
      db: connection.db,
      boss,
      secrets: ai.secrets,
      fetch: createPublicOnlyFetch({
        allowAddress: addressRule({ allowPrivateNetwork: options.webhooks?.allowPrivateNetwork }),
      }),
    },
    options.webhooks,
  );
  // Forgotten on every instance by the database's notifications, and on this one after every
  // request that may have changed something (below).
  const sessionCache = createSessionCache({ ttlMs: options.sessionCacheMs });
  const stopForgetting = await listenForMessages(connection.notifications, sessionCache.forget);
  // Forgotten by the events that tell open pages to read again, before the broker passes them on.
  const dashboardCache = createDashboardCache({ ttlMs: options.dashboardCacheMs });
  const organizationListCache = createOrganizationListCache({
    ttlMs: options.organizationListCacheMs,
  });
  const stopForgettingReads = await listenForMessages(connection.notifications, (message) => {
    dashboardCache.forget(message);
    organizationListCache.forget(message);
  });
  const app = createApp({
    db: connection.db,
    production: options.production ?? false,
    messenger,
    jobs: { boss, runner },
    storage,
    rateLimits: resolveRateLimits(options.rateLimits),
    appUrl: options.appUrl,
    maxOrganizationsPerUser: options.maxOrganizationsPerUser,
    ai,
    sessionCache,
    dashboardCache,
    organizationListCache,
  });
  const broker = await createBroker({
    db: connection.db,
    notifications: connection.notifications,
    access: { authenticate: authenticateSocketToken, liveSessionIds, isMember, liveMemberships },
    allowedOrigins: options.allowedOrigins,
    heartbeatMs: options.heartbeatMs,
    ...options.realtime,
  });
  /**
   * After a request that may have changed something: the remembered dashboards and lists of
   * organizations go at once. Sessions: the user's own (a sign-out, a password, the current
   * organization) are forgotten here at once, and another user's (a role, a removal) once the
   * database's notifications of what it committed have arrived, before its answer is sent; a
   * visitor's request to a bot changes none.
   */
  async function forgetAfterChange(request: Request) {
    dashboardCache.clear();
    organizationListCache.clear();
    if (leavesSessionsBe(request)) return;
    sessionCache.forgetAfterChange(bearerToken(request));
    if (sessionCache.size > 0) await connection.notifications.settle();
  }
  let closing: Promise<void> | undefined;
  const api: Api = {
    fetch: async (request) => {
      if (isRead(request)) return app.fetch(request);
      try {
        return await app.fetch(request);
      } finally {
        await forgetAfterChange(request);
      }
    },
    pageFetch: () => {
      const sessionLookups = new Map<string, Promise<Authentication | null>>();
      return async (request) => {
        if (isRead(request)) return app.fetch(request, { sessionLookups });
        sessionLookups.clear();
        try {
          return await app.fetch(request);
        } finally {
          sessionLookups.clear();
          await forgetAfterChange(request);
        }
      };
    },
    embeddedTools: embedded.tools,
    seeded,
    flush: () => messenger.flush(),
    handleUpgrade: broker.handleUpgrade,
    closeRealtime: () => broker.close(),
    close: () => {
      closing ??= (async () => {
        try {
          await Promise.all([
            runner.close(),
            messenger.close(),
            broker.close(),
            stopPurge(),
            stopResync(),
            stopVectorCheck(),
            stopWebhooks(),
            stopForgetting(),
            stopForgettingReads(),
          ]);
          await boss.stop({ graceful: true, timeout: 10_000 });
        } finally {
          closeStorage();
          await connection.close();
        }
      })();
      return closing;
    },
  };
  return {
    api,
    db: connection.db,
    jobs: { boss, runner },
    storage,
    sessionCache,
    dashboardCache,
    organizationListCache,
  };
}
