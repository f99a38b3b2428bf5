import { and, asc, count, desc, eq, getTableColumns, inArray, lt, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { type AiServices, organizationModel } from "../ai/ai-models";
import { getBot, lockLiveBot } from "../bots/bots";
import { getDocument } from "../crm/documents";
import { type Database, queryRows } from "../db/client";
import { workQueue } from "../db/queue";
import {
  jobs,
  type KnowledgeChunk,
  type KnowledgeSource,
  knowledgeChunks,
  knowledgeSources,
  memberships,
} from "../db/schema";
import { errorOnFields, notFound, TooManyWaitingJobsError } from "../errors";
import type { AppEnv } from "../http/env";
import type { Jobs } from "../jobs/runner";
import { enqueueJob } from "../media/jobs";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { chunkLimits } from "./chunking";
import { indexQaKindName, ingestKindName, reindexKindName } from "./ingestion";
import type { KnowledgeCrawlOptions } from "./schema";
import { vectorsEnabled } from "./vectors";

export type KnowledgeServices = { db: Database; jobs: Jobs; ai: AiServices };

/** What the knowledge's services take of a request's variables. */
export const knowledgeServicesOf = (c: {
  var: Pick<AppEnv["Variables"], "db" | "jobs" | "ai">;
}): KnowledgeServices => ({ db: c.var.db, jobs: c.var.jobs, ai: c.var.ai });

export const knowledgeLimits = {
  /** Sources a bot may have. */
  sources: 500,
  title: 200,
  /** A text source's length, in characters. */
  text: 200_000,
  /** A file's text, in characters: what a 20 MB file can hold, with room. */
  fileText: 25_000_000,
  /** The chunks a source's page shows at most. */
  chunksShown: 500,
  chunkSize: chunkLimits.size,
  chunkOverlap: chunkLimits.overlap,
} as const;

/** A source as its bot's owners see it; the text it was given is not repeated in lists. */
export type SourceView = Omit<KnowledgeSource, "organizationId" | "content" | "jobId">;

export type ChunkView = Pick<KnowledgeChunk, "id" | "position" | "heading" | "text" | "url">;

const viewColumns = () => {
  const {
    organizationId: _o,
    content: _c,
    jobId: _j,
    ...columns
  } = getTableColumns(knowledgeSources);
  return columns;
};

/** What a source of each kind keeps of what it was made of. */
function ownValues(input: SourceInput, documentTitle: string) {
  switch (input.kind) {
    case "url":
    case "sitemap":
    case "crawl":
      return {
        title: input.title || websiteTitle(input.url),
        url: input.url,
        options: input.kind === "crawl" ? (input.options ?? {}) : {},
      };
    case "document":
      return { title: documentTitle, documentId: input.documentId };
    case "text":
      return { title: input.title, content: input.text, characters: input.text.length };
    case "file":
      return {
        title: input.title,
        content: input.text,
        characters: input.text.length,
        fileName: input.fileName,
        fileType: input.fileType,
        fileSize: input.fileSize,
      };
  }
}

/** A website source's title while its owner gives none: its address without the scheme. */
function websiteTitle(url: string) {
  const { host, pathname, search } = new URL(url);
  return `${host}${pathname === "/" ? "" : pathname}${search}`.slice(0, knowledgeLimits.title);
}

/** What a new source is made of, as the routes give it. */
export type SourceInput = { chunkSize?: number; chunkOverlap?: number } & (
  | { kind: "text"; title: string; text: string }
  | { kind: "document"; documentId: string }
  | {
      kind: "url" | "sitemap" | "crawl";
      url: string;
      title?: string;
      options?: KnowledgeCrawlOptions;
    }
  | {
      kind: "file";
      title: string;
      text: string;
      fileName: string;
      fileType: string;
      fileSize: number;
    }
);

/** A bot's sources, newest first, a page at a time (bots.read). */
export async function listSources(
  db: Database,
  actor: Actor,
  botId: string,
  query: { page: number; pageSize: number },
): Promise<{ items: SourceView[]; total: number }> {
  const bot = await getBot(db, actor, botId);
  const where = eq(knowledgeSources.botId, bot.id);
  const [items, [counted]] = await Promise.all([
    db
      .select(viewColumns())
      .from(knowledgeSources)
      .where(where)
      .orderBy(desc(knowledgeSources.createdAt), desc(knowledgeSources.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(knowledgeSources).where(where),
  ]);
  return { items, total: counted?.total ?? 0 };
}

/** One source of a bot with its first chunks, in their order (bots.read). */
export async function getSource(
  db: Database,
  actor: Actor,
  botId: string,
  sourceId: string,
): Promise<SourceView & { chunks: ChunkView[] }> {
  const bot = await getBot(db, actor, botId);
  const [source] = await db
    .select(viewColumns())
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.botId, bot.id)));
  if (!source) throw notFound("No such source.");
  const chunks = await db
    .select({
      id: knowledgeChunks.id,
      position: knowledgeChunks.position,
      heading: knowledgeChunks.heading,
      text: knowledgeChunks.text,
      url: knowledgeChunks.url,
    })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.sourceId, source.id))
    .orderBy(asc(knowledgeChunks.position))
    .limit(knowledgeLimits.chunksShown);
  return { ...source, chunks };
}

/** Queues a source's ingestion and keeps the job's id on it; a refused job takes the source back. */
async function queueIngestion(
  services: Pick<KnowledgeServices, "db" | "jobs">,
  actor: OrganizationActor,
  sourceId: string,
) {
  const kind = services.jobs.runner.kinds.get(ingestKindName);
  if (!kind) throw new Error("The knowledge's ingestion is not among the job kinds");
  const job = await enqueueJob(services.db, services.jobs, actor, kind, { sourceId });
  await services.db
    .update(knowledgeSources)
    .set({ jobId: job.id })
    .where(eq(knowledgeSources.id, sourceId));
}

/**
 * A new source of a live bot (bots.manage), queued for ingestion: at most 500 a bot (422
 * TOO_MANY_SOURCES); a document must be one the actor may read (404 otherwise).
 */
export async function createSource(
  services: KnowledgeServices,
  actor: Actor,
  botId: string,
  input: SourceInput,
): Promise<string> {
  requirePermission(actor, "bots.manage");
  const { db } = services;
  const document =
    input.kind === "document" ? await getDocument(db, actor, input.documentId) : null;
  const id = await db.transaction(async (tx) => {
    const bot = await lockLiveBot(tx, actor, botId);
    const [counted] = await tx
      .select({ sources: count() })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.botId, bot.id));
    if ((counted?.sources ?? 0) >= knowledgeLimits.sources) {
      throw errorOnFields(
        "invalid",
        "TOO_MANY_SOURCES",
        "This bot has as many sources as it may.",
        {
          kind: `At most ${knowledgeLimits.sources} sources a bot`,
        },
      );
    }
    const common = {
      organizationId: actor.organizationId,
      botId: bot.id,
      kind: input.kind,
      chunkSize: input.chunkSize ?? chunkLimits.size.default,
      chunkOverlap: input.chunkOverlap ?? chunkLimits.overlap.default,
      createdBy: actor.userId,
    };
    const values = { ...common, ...ownValues(input, document?.title ?? "") };
    const [row] = await tx
      .insert(knowledgeSources)
      .values(values)
      .returning({ id: knowledgeSources.id });
    if (!row) throw new Error("insert into knowledge_sources returned no row");
    await publishChange(tx, actor, "knowledge.source.created", row.id);
    return row.id;
  });
  try {
    await queueIngestion(services, actor, id);
  } catch (error) {
    await db.delete(knowledgeSources).where(eq(knowledgeSources.id, id));
    throw error;
  }
  return id;
}

/** The source of a live bot, locked with its bot; 404 for any other. */
async function lockSource(tx: Database, actor: OrganizationActor, botId: string, sourceId: string) {
  const bot = await lockLiveBot(tx, actor, botId);
  const [source] = await tx
    .select({ id: knowledgeSources.id, status: knowledgeSources.status })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.botId, bot.id)))
    .for("update");
  if (!source) throw notFound("No such source.");
  return source;
}

/**
 * Reads a source again (bots.manage): a document's text as it is now, a file's or a text's as
 * given; retry for a failed one. One already queued or being read is left to finish. Resolves
 * with the source as it stands once queued, before its job may start.
 */
export async function syncSource(
  services: KnowledgeServices,
  actor: Actor,
  botId: string,
  sourceId: string,
): Promise<SourceView> {
  requirePermission(actor, "bots.manage");
  const { queue, source } = await services.db.transaction(async (tx) => {
    const locked = await lockSource(tx, actor, botId, sourceId);
    const busy = locked.status === "queued" || locked.status === "processing";
    const [view] = busy
      ? await tx
          .select(viewColumns())
          .from(knowledgeSources)
          .where(eq(knowledgeSources.id, locked.id))
      : await tx
          .update(knowledgeSources)
          .set({ status: "queued", progress: 0, errorCode: null, errorMessage: null })
          .where(eq(knowledgeSources.id, locked.id))
          .returning(viewColumns());
    if (!busy) await publishChange(tx, actor, "knowledge.source.updated", locked.id);
    return { queue: !busy, source: view as SourceView };
  });
  if (queue) await queueIngestion(services, actor, sourceId);
  return source;
}

/** Deletes a source and its chunks for good (bots.manage): answers no longer draw on them. */
export async function deleteSource(
  db: Database,
  actor: Actor,
  botId: string,
  sourceId: string,
): Promise<void> {
  requirePermission(actor, "bots.manage");
  await db.transaction(async (tx) => {
    const source = await lockSource(tx, actor, botId, sourceId);
    await tx.delete(knowledgeSources).where(eq(knowledgeSources.id, source.id));
    await publishChange(tx, actor, "knowledge.source.deleted", source.id);
  });
}

/**
 * After a document changed: its sources in every bot read it again, so that answers follow it.
 * Sources already queued or being read are left to finish.
 */
export async function resyncDocumentSources(
  services: KnowledgeServices,
  actor: OrganizationActor,
  documentId: string,
): Promise<void> {
  const sources = await services.db
    .update(knowledgeSources)
    .set({ status: "queued", progress: 0, errorCode: null, errorMessage: null })
    .where(
      and(
        eq(knowledgeSources.documentId, documentId),
        eq(knowledgeSources.organizationId, actor.organizationId),
        inArray(knowledgeSources.status, ["ready", "failed"]),
      ),
    )
    .returning({ id: knowledgeSources.id });
  for (const source of sources) await queueIngestion(services, actor, source.id);
}

/**
 * Gives a bot's new or changed question-and-answer pairs their vectors, in a job, where vectors
 * are kept. An organization with too much work waiting leaves them to the next change's job.
 */
export async function queueQaIndexing(
  services: KnowledgeServices,
  actor: OrganizationActor,
  botId: string,
): Promise<void> {
  await queueVectorWork(services, actor, indexQaKindName, { botId });
}

/**
 * After the organization's embedding model changed: its sources and pairs get the new model's
 * vectors, in one job (the old ones are not compared with the new model's meanwhile).
 */
export async function queueReindex(
  services: KnowledgeServices,
  actor: OrganizationActor,
): Promise<void> {
  await queueVectorWork(services, actor, reindexKindName, {});
}

async function queueVectorWork(
  services: KnowledgeServices,
  actor: OrganizationActor,
  kindName: string,
  input: object,
) {
  if (!(await vectorsEnabled(services.db))) return;
  const kind = services.jobs.runner.kinds.get(kindName);
  if (!kind) throw new Error(`${kindName} is not among the job kinds`);
  try {
    await enqueueJob(services.db, services.jobs, actor, kind, input);
  } catch (error) {
    if (!(error instanceof TooManyWaitingJobsError)) throw error;
  }
}

/** How old a website source's last reading may be before the weekly re-sync reads it again. */
export const websiteResyncMs = 7 * 24 * 60 * 60 * 1000;
/** Website sources queued by one run of the re-sync, at most: the next run takes the rest. */
const resyncBatch = 200;

/**
 * Queues again the website sources read more than a week ago (ready or failed, none under way),
 * as the member who added each, so that a changed page is read again and a removed one dropped.
 * A source whose member is gone, or whose organization has too many jobs waiting, waits for the
 * next run. Resolves with how many were queued.
 */
export async function resyncStaleWebsites(
  services: Pick<KnowledgeServices, "db" | "jobs">,
  now = new Date(),
): Promise<number> {
  const due = await services.db
    .select({
      id: knowledgeSources.id,
      organizationId: knowledgeSources.organizationId,
      createdBy: knowledgeSources.createdBy,
      status: knowledgeSources.status,
    })
    .from(knowledgeSources)
    .where(
      and(
        inArray(knowledgeSources.kind, ["url", "sitemap", "crawl"]),
        inArray(knowledgeSources.status, ["ready", "failed"]),
        lt(knowledgeSources.syncedAt, new Date(now.getTime() - websiteResyncMs)),
      ),
    )
    .orderBy(asc(knowledgeSources.syncedAt))
    .limit(resyncBatch);
  let queued = 0;
  for (const source of due) {
    if (!source.createdBy) continue;
    const actor = {
      userId: source.createdBy,
      organizationId: source.organizationId,
      permissions: [],
    } as OrganizationActor;
    await services.db
      .update(knowledgeSources)
      .set({ status: "queued", progress: 0 })
      .where(eq(knowledgeSources.id, source.id));
    try {
      await queueIngestion(services, actor, source.id);
      queued++;
    } catch (error) {
      if (!(error instanceof TooManyWaitingJobsError)) throw error;
      // Back as it was: the next run tries again.
      await services.db
        .update(knowledgeSources)
        .set({ status: source.status })
        .where(eq(knowledgeSources.id, source.id));
    }
  }
  return queued;
}

/** The queue of the daily run of the websites' re-sync. */
export const websiteResyncQueue = "knowledge-resync-websites";

/** Schedules the websites' re-sync every day at 04:23 UTC and works it here; a stop function. */
export async function scheduleWebsiteResync(
  services: Pick<KnowledgeServices, "db" | "jobs">,
  boss: PgBoss,
) {
  await boss.createQueue(websiteResyncQueue, { retryLimit: 2, retryDelay: 300 });
  await boss.schedule(websiteResyncQueue, "23 4 * * *", null, { tz: "UTC" });
  return workQueue(boss, websiteResyncQueue, { concurrency: 1 }, () =>
    resyncStaleWebsites(services),
  );
}

/**
 * Queues `knowledge.reindex` for every organization whose knowledge holds vectors of another
 * model than the one it now embeds with: after the deployment's embedding model changed (the
 * organizations that use it), or after a job that changed an organization's model was lost. As
 * the organization's owner, who answers for its usage. Resolves with the organizations queued.
 */
export async function reindexStaleKnowledge(services: KnowledgeServices): Promise<number> {
  const { db, ai } = services;
  if (!(await vectorsEnabled(db))) return 0;
  // Each organization's models, read from its ready sources' chunks and its pairs.
  const rows = await queryRows<{ organization_id: string; embedding_model: string | null }>(
    db,
    sql`
    select distinct c.organization_id, c.embedding_model
      from knowledge_chunks c join knowledge_sources s on s.id = c.source_id
      where s.status = 'ready'
    union
    select distinct organization_id, embedding_model from knowledge_qa`,
  );
  const models = new Map<string, Set<string | null>>();
  for (const row of rows) {
    const kept = models.get(row.organization_id) ?? new Set();
    kept.add(row.embedding_model);
    models.set(row.organization_id, kept);
  }
  let queued = 0;
  for (const [organizationId, used] of models) {
    // No embedding model at all: full-text search alone, nothing to make.
    const current = (await organizationModel(db, ai, organizationId, "embedding"))?.modelId;
    if (!current) continue;
    if (used.size === 1 && used.has(current)) continue;
    // A re-index already waiting or under way reads what is still stale when it runs.
    const [pending] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.organizationId, organizationId),
          eq(jobs.kind, reindexKindName),
          inArray(jobs.status, ["queued", "running"]),
        ),
      )
      .limit(1);
    if (pending) continue;
    const [owner] = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "owner")))
      .limit(1);
    if (!owner) continue;
    const actor = { userId: owner.userId, organizationId, permissions: [] } as OrganizationActor;
    await queueReindex(services, actor);
    queued++;
  }
  return queued;
}

/** The queue of the check for another model's vectors, run once as the API starts. */
export const staleVectorsQueue = "knowledge-reindex-stale";

/**
 * Checks for another model's vectors once as the API starts and works the check here; a stop
 * function.
 */
export async function scheduleStaleVectorCheck(services: KnowledgeServices, boss: PgBoss) {
  // One check waiting and one under way at most: an instance that starts meanwhile adds nothing.
  await boss.createQueue(staleVectorsQueue, { policy: "stately", retryLimit: 2, retryDelay: 60 });
  await boss.send(staleVectorsQueue, null);
  return workQueue(boss, staleVectorsQueue, { concurrency: 1 }, () =>
    reindexStaleKnowledge(services),
  );
}
