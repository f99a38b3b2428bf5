import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { clients, projects } from "../crm/schema";
import {
  belongsTo,
  createdAt,
  deletedAt,
  oneOf,
  tsvector,
  updatedAt,
  uuidPrimaryKey,
} from "../db/columns";
import { organizations, users } from "../identity/schema";
import { jobs } from "../jobs/schema";

export const mediaKinds = ["image", "audio", "video"] as const;

export type MediaKind = (typeof mediaKinds)[number];

/** What a generation was asked with (model, size, seed, voice…), as the creator sent it. */
export type MediaSettings = Record<string, unknown>;

/**
 * The organization's media library: what the creators made (docs/media.md). The file lives in
 * the storage under a server-generated key (`fileKey`), never under a name a client chose; an
 * image has a WebP thumbnail (`thumbnailKey`). Restorable for 30 days once deleted.
 */
export const media = pgTable(
  "media",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    kind: text("kind", { enum: mediaKinds }).notNull(),
    /** Who made it; null once their account is gone (the item stays the organization's). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    prompt: text("prompt").notNull().default(""),
    settings: jsonb("settings").$type<MediaSettings>().notNull().default({}),
    model: text("model"),
    fileKey: text("file_key").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: bigint("byte_size", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Seconds, for audio and video. */
    durationSeconds: real("duration_seconds"),
    thumbnailKey: text("thumbnail_key"),
    favourite: boolean("favourite").notNull().default(false),
    /** The job that made it, while its record lasts. */
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`qalam_search_vector(title || ' ' || prompt)`),
  },
  (t) => [
    // The library's keyset paging: newest first, within the organization, without the bin. Read
    // backwards: `order by created_at desc, id desc` puts nulls first, which an index built
    // `desc` (drizzle-kit writes it `desc nulls last`) cannot give, and the list sorted the whole
    // organization for each page.
    index("media_organization_created_idx")
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The favourites, in the same order: a few in a hundred, which the index above would read
    // past by the thousand for a page.
    index("media_organization_favourite_idx")
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.favourite} and ${t.deletedAt} is null`),
    index("media_author_idx").on(t.authorId),
    index("media_project_idx").on(t.projectId),
    index("media_client_idx").on(t.clientId),
    // A job's items (a retry keeps what was made; `GET /media?jobId=`), and the foreign key's
    // own check when a job's record is deleted.
    index("media_job_idx").on(t.jobId).where(sql`${t.jobId} is not null`),
    index("media_search_idx").using("gin", t.search),
    oneOf("media_kind", "kind", mediaKinds),
    check("media_byte_size", sql`${t.byteSize} >= 0`),
  ],
);

export const recipeVisibilities = ["private", "organization"] as const;

export type RecipeVisibility = (typeof recipeVisibilities)[number];

/**
 * What a recipe chains (docs/media.md, "Recipes"): an image generation's body without its kind,
 * then a video started from that image, with narration.
 */
export type RecipeSteps = {
  image: Record<string, unknown> & { prompt: string };
  video: { duration: number; size?: string; prompt?: string };
  narration?: { text: string; voice?: string; speed?: number };
};

/** Saved chains of the creators, run again with one click; restorable like characters. */
export const recipes = pgTable(
  "recipes",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    authorId: belongsTo("author_id", () => users.id),
    visibility: text("visibility", { enum: recipeVisibilities }).notNull().default("private"),
    name: text("name").notNull(),
    steps: jsonb("steps").$type<RecipeSteps>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index("recipes_organization_updated_idx").on(t.organizationId, t.updatedAt),
    index("recipes_author_idx").on(t.authorId),
    oneOf("recipes_visibility", "visibility", recipeVisibilities),
  ],
);

export type Media = typeof media.$inferSelect;

export type Recipe = typeof recipes.$inferSelect;
