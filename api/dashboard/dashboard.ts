import { and, eq, gte, inArray, isNotNull, isNull, not, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AiServices } from "../ai/ai-models";
import {
  type CapabilityUsage,
  type MemberUsage,
  monthOf,
  usageByCapability,
  usageByMember,
} from "../ai/ai-usage";
import type { Database } from "../db/client";
import { type AuthoredColumns, visibleTo } from "../db/records";
import {
  botConversations,
  bots,
  characters,
  checklistDismissals,
  clients,
  dailyCounts,
  documents,
  invitations,
  knowledgeQa,
  knowledgeSources,
  media,
  memberships,
  organizationAiModels,
  projects,
  recipes,
  threads,
} from "../db/schema";
import { type ActivityItem, recentActivity } from "../organizations/activity";
import {
  type Actor,
  can,
  type OrganizationActor,
  type Permission,
  requirePermission,
} from "../organizations/permissions";

/** The periods the dashboard counts over, in days. */
export const dashboardRanges = [7, 30, 90] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

/** What the dashboard counts, each kept per day by the tables' triggers (migration 0029). */
export const dashboardMetrics = [
  "media.image",
  "media.audio",
  "media.video",
  "threads",
  "messages",
  "documents",
  "clients",
  "projects",
  "characters",
  "bot.conversations",
] as const;
export type DashboardMetric = (typeof dashboardMetrics)[number];

/** The first-run checklist, each step ticked by what the organization has really done. */
export const checklistSteps = [
  "aiProvider",
  "teammate",
  "image",
  "thread",
  "bot",
  "knowledge",
  "embed",
] as const;
export type ChecklistStep = (typeof checklistSteps)[number];

/** How many lines of activity the dashboard shows. */
export const activityLimit = 15;

export type MetricView = {
  metric: DashboardMetric;
  /** Made in the period. */
  total: number;
  /** Made in the period before it, as long. */
  previous: number;
  /** One count a day, oldest first, `range` of them. */
  days: number[];
};

export type ActivityView = Omit<ActivityItem, "subjectId"> & {
  /** The record: `client`, `project`, `document`, `image`, `audio`, `video`, `thread`… */
  subject: { kind: string; id: string; title: string | null };
};

export type DashboardView = {
  range: DashboardRange;
  /** The period's first and last day (UTC, YYYY-MM-DD). */
  from: string;
  to: string;
  metrics: MetricView[];
  activity: ActivityView[];
  usage: { month: string; capabilities: CapabilityUsage[]; members: MemberUsage[] | null };
  checklist: { dismissed: boolean; steps: { step: ChecklistStep; done: boolean }[] };
};

const dayMs = 86_400_000;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The organization's work at a glance (organization.read): what was made each day of the last
 * `range` days against the period before, the latest activity the actor may see, this month's
 * AI usage against its quotas (by member for ai.manage) and the first-run checklist. Every read is
 * bounded by the period or a limit, never by the size of the data.
 */
export async function getDashboard(
  db: Database,
  ai: AiServices,
  actor: Actor,
  range: DashboardRange,
  now = new Date(),
): Promise<DashboardView> {
  requirePermission(actor, "organization.read");
  const { organizationId } = actor;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = isoDay(new Date(today - (range - 1) * dayMs));
  const previousFrom = isoDay(new Date(today - (2 * range - 1) * dayMs));
  const month = monthOf(now);
  const [counts, activity, capabilities, members, checklist] = await Promise.all([
    countsSince(db, organizationId, previousFrom),
    recentActivity(db, actor, activityLimit).then((items) => withTitles(db, actor, items)),
    usageByCapability(db, ai.quotas, organizationId, month),
    can(actor, "ai.manage") ? usageByMember(db, organizationId, month) : null,
    checklistOf(db, ai, actor),
  ]);
  const dayIndex = (day: string) => Math.round((Date.parse(day) - Date.parse(from)) / dayMs);
  const metrics = dashboardMetrics.map((metric): MetricView => {
    const days = new Array<number>(range).fill(0);
    let previous = 0;
    for (const row of counts) {
      if (row.metric !== metric) continue;
      const index = dayIndex(row.day);
      if (index >= 0 && index < range) days[index] = (days[index] ?? 0) + row.count;
      else if (index < 0) previous += row.count;
    }
    return { metric, total: days.reduce((sum, count) => sum + count, 0), previous, days };
  });
  return {
    range,
    from,
    to: isoDay(new Date(today)),
    metrics,
    activity,
    usage: { month: month.label, capabilities, members },
    checklist,
  };
}

async function countsSince(db: Database, organizationId: string, since: string) {
  return db
    .select({ day: dailyCounts.day, metric: dailyCounts.metric, count: dailyCounts.count })
    .from(dailyCounts)
    .where(and(eq(dailyCounts.organizationId, organizationId), gte(dailyCounts.day, since)));
}

/** A kind of record the activity names, and how its title is read. */
type Subject = {
  table: PgTable;
  columns: { id: PgColumn; organizationId: PgColumn; deletedAt: PgColumn };
  title: PgColumn | SQL<string>;
  permission: Permission;
  /** A thread, a character, a recipe: read by its author, or by all once shared. */
  authored?: AuthoredColumns;
  /** What a media item is: image, audio or video. */
  kind?: PgColumn;
  /** Threads count their ids; the others are uuids. */
  numericIds?: boolean;
};

const columnsOf = (table: { id: PgColumn; organizationId: PgColumn; deletedAt: PgColumn }) => ({
  id: table.id,
  organizationId: table.organizationId,
  deletedAt: table.deletedAt,
});

/**
 * Where each kind of record is read for its title, and who may read it: the domain's read
 * permission, and for threads, characters and recipes their author or a share with the
 * organization. A record the actor may not read, or that is gone, keeps no title.
 */
const subjects: Record<string, Subject> = {
  client: {
    table: clients,
    columns: columnsOf(clients),
    title: clients.name,
    permission: "clients.read",
  },
  project: {
    table: projects,
    columns: columnsOf(projects),
    title: projects.name,
    permission: "projects.read",
  },
  document: {
    table: documents,
    columns: columnsOf(documents),
    title: documents.title,
    permission: "documents.read",
  },
  media: {
    table: media,
    columns: columnsOf(media),
    title: sql<string>`coalesce(nullif(${media.title}, ''), ${media.prompt})`,
    permission: "media.read",
    kind: media.kind,
  },
  recipe: {
    table: recipes,
    columns: columnsOf(recipes),
    title: recipes.name,
    permission: "media.read",
    authored: recipes,
  },
  character: {
    table: characters,
    columns: columnsOf(characters),
    title: characters.name,
    permission: "characters.read",
    authored: characters,
  },
  bot: {
    table: bots,
    columns: columnsOf(bots),
    title: bots.name,
    permission: "bots.read",
  },
  thread: {
    table: threads,
    columns: columnsOf(threads),
    title: threads.title,
    permission: "threads.read",
    authored: threads,
    numericIds: true,
  },
};

/** The titles (and, for media, the kinds) of `ids` that the actor may read now. */
async function titlesOf(db: Database, actor: OrganizationActor, subject: Subject, ids: string[]) {
  const wanted = subject.numericIds
    ? ids.filter((id) => /^\d{1,18}$/.test(id)).map(Number)
    : ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (wanted.length === 0) return [];
  const { columns } = subject;
  const rows = await db
    .select({
      id: columns.id,
      title: subject.title,
      kind: subject.kind ?? sql<string | null>`null`,
    })
    .from(subject.table)
    .where(
      and(
        eq(columns.organizationId, actor.organizationId),
        inArray(columns.id, wanted),
        isNull(columns.deletedAt),
        subject.authored ? visibleTo(actor, subject.authored) : undefined,
      ),
    );
  return rows.map((row) => ({
    id: String(row.id),
    title: String(row.title),
    kind: row.kind === null ? undefined : String(row.kind),
  }));
}

/** Each item with its record's current title, read in one query per kind of record. */
async function withTitles(
  db: Database,
  actor: OrganizationActor,
  items: ActivityItem[],
): Promise<ActivityView[]> {
  const kindOf = (type: string) => type.slice(0, type.indexOf("."));
  const titles = new Map<string, { title: string; kind?: string }>();
  const kinds = new Set(items.map((item) => kindOf(item.type)));
  await Promise.all(
    [...kinds].map(async (kind) => {
      const subject = subjects[kind];
      if (!subject || !can(actor, subject.permission)) return;
      const ids = items.filter((item) => kindOf(item.type) === kind).map((item) => item.subjectId);
      for (const row of await titlesOf(db, actor, subject, [...new Set(ids)])) {
        titles.set(`${kind}:${row.id}`, row);
      }
    }),
  );
  return items.map(({ subjectId, ...item }) => {
    const kind = kindOf(item.type);
    const found = titles.get(`${kind}:${subjectId}`);
    // A media item is named by what it is (image, audio, video) while it can be read.
    return {
      ...item,
      subject: { kind: found?.kind ?? kind, id: subjectId, title: found?.title ?? null },
    };
  });
}

async function checklistOf(
  db: Database,
  ai: AiServices,
  actor: OrganizationActor,
): Promise<DashboardView["checklist"]> {
  const { organizationId } = actor;
  const made = (metric: DashboardMetric | "bots") =>
    db
      .select({ one: sql`1` })
      .from(dailyCounts)
      .where(and(eq(dailyCounts.organizationId, organizationId), eq(dailyCounts.metric, metric)));
  // One statement: each step is an `exists`, read in one round trip.
  const [row] = await db
    .select({
      dismissed: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(checklistDismissals)
        .where(
          and(
            eq(checklistDismissals.organizationId, organizationId),
            eq(checklistDismissals.userId, actor.userId),
          ),
        )})`,
      ownProvider: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(organizationAiModels)
        .where(eq(organizationAiModels.organizationId, organizationId))})`,
      secondMember: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(memberships)
        .where(eq(memberships.organizationId, organizationId))
        .offset(1)})`,
      invited: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(invitations)
        .where(eq(invitations.organizationId, organizationId))})`,
      image: sql<boolean>`exists(${made("media.image")})`,
      thread: sql<boolean>`exists(${made("threads")})`,
      bot: sql<boolean>`exists(${made("bots")})`,
      // Knowledge a bot answers from: a source read, or a question the owners answered.
      knowledge: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(knowledgeSources)
        .where(
          and(
            eq(knowledgeSources.organizationId, organizationId),
            eq(knowledgeSources.status, "ready"),
          ),
        )}) or exists(${db
        .select({ one: sql`1` })
        .from(knowledgeQa)
        .where(eq(knowledgeQa.organizationId, organizationId))})`,
      // A visitor's conversation from a site: the bot is embedded and answering there.
      embed: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(botConversations)
        .where(
          and(
            eq(botConversations.organizationId, organizationId),
            isNotNull(botConversations.originHost),
            not(botConversations.preview),
          ),
        )})`,
    })
    .from(sql`(values (1)) as checklist (one)`);
  const { dismissed, ownProvider, secondMember, invited, image, thread, bot, knowledge, embed } = {
    dismissed: false,
    ownProvider: false,
    secondMember: false,
    invited: false,
    image: false,
    thread: false,
    bot: false,
    knowledge: false,
    embed: false,
    ...row,
  };
  const done: Record<ChecklistStep, boolean> = {
    aiProvider: ownProvider || ai.registry.configOf("chat") !== null,
    teammate: secondMember || invited,
    image,
    thread,
    bot,
    knowledge,
    embed,
  };
  return { dismissed, steps: checklistSteps.map((step) => ({ step, done: done[step] })) };
}

/** Puts the checklist away for the actor, or brings it back (organization.read). */
export async function setChecklistDismissed(db: Database, actor: Actor, dismissed: boolean) {
  requirePermission(actor, "organization.read");
  const { organizationId, userId } = actor;
  if (dismissed) {
    await db.insert(checklistDismissals).values({ organizationId, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(checklistDismissals)
      .where(
        and(
          eq(checklistDismissals.organizationId, organizationId),
          eq(checklistDismissals.userId, userId),
        ),
      );
  }
}
