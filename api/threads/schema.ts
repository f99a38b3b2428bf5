import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { characters } from "../characters/schema";
import { documents } from "../crm/schema";
import { belongsTo, createdAt, deletedAt, oneOf, tsvector, updatedAt } from "../db/columns";
import { organizations, users } from "../identity/schema";

export const threadVisibilities = ["private", "organization"] as const;

export type ThreadVisibility = (typeof threadVisibilities)[number];

export const threadMessageRoles = ["user", "assistant"] as const;

export const threadMessageStatuses = ["complete", "streaming", "stopped", "failed"] as const;

export type ThreadMessageStatus = (typeof threadMessageStatuses)[number];

export const feedbackRatings = ["up", "down"] as const;

/**
 * A chat with the organization's chat model, by one member (its author, the only one who writes
 * in it), private or shared with the organization to read. Numeric ids (SPEC.md §2: digits only).
 * Its messages form a tree (edits and regenerated answers are siblings); `currentMessageId` is
 * the leaf of the branch shown. Restorable for 30 days once deleted; `search` holds the title, the
 * messages have their own (docs/threads.md).
 */
export const threads = pgTable(
  "threads",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    /** A member's chats go with their account. */
    authorId: belongsTo("author_id", () => users.id),
    /** Empty until the first answer gives it one, or its author does. */
    title: text("title").notNull().default(""),
    visibility: text("visibility", { enum: threadVisibilities }).notNull().default("private"),
    /** The author's pin: their pinned threads come first in their list. */
    pinned: boolean("pinned").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    /** A model id on the organization's chat provider in place of its model; null: its model. */
    model: text("model"),
    /** 0 to 2; null: the provider's default. */
    temperature: real("temperature"),
    systemPrompt: text("system_prompt").notNull().default(""),
    /** The character it was started with ("Chat with"); its instructions are in systemPrompt. */
    characterId: uuid("character_id").references(() => characters.id, { onDelete: "set null" }),
    // Circular with thread_messages.thread_id, hence the lazy reference.
    currentMessageId: bigint("current_message_id", { mode: "number" }).references(
      (): AnyPgColumn => threadMessages.id,
      { onDelete: "set null" },
    ),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`qalam_search_vector(title)`),
  },
  (t) => [
    index("threads_organization_activity_idx").on(t.organizationId, t.lastActivityAt),
    index("threads_author_idx").on(t.authorId),
    // A member's pins, which head their list and are read apart from the rest.
    index("threads_pinned_idx").on(t.authorId, t.lastActivityAt).where(sql`${t.pinned}`),
    index("threads_search_idx").using("gin", t.search),
    oneOf("threads_visibility", "visibility", threadVisibilities),
    check(
      "threads_temperature",
      sql`${t.temperature} is null or (${t.temperature} >= 0 and ${t.temperature} <= 2)`,
    ),
  ],
);

/**
 * One message of a thread: the member's (`user`) or the model's (`assistant`). An answer is
 * `streaming` while it is written, then `complete`, `stopped` (the reader went away or stopped
 * it; the text so far is kept) or `failed` (with the AI error's code and message).
 */
export const threadMessages = pgTable(
  "thread_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: bigint("thread_id", { mode: "number" })
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    organizationId: belongsTo("organization_id", () => organizations.id),
    /** The message it follows; null for a thread's first messages. */
    parentId: bigint("parent_id", { mode: "number" }).references(
      (): AnyPgColumn => threadMessages.id,
      { onDelete: "cascade" },
    ),
    role: text("role", { enum: threadMessageRoles }).notNull(),
    content: text("content").notNull().default(""),
    status: text("status", { enum: threadMessageStatuses }).notNull().default("complete"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** The model that answered. */
    model: text("model"),
    /** Who wrote a user message. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** How many earlier messages were left out of the model's context for this answer. */
    contextOmitted: integer("context_omitted").notNull().default(0),
    /** How much of each attachment's text the model read for this answer (docs/threads.md). */
    contextAttachments: jsonb("context_attachments")
      .$type<ContextAttachment[]>()
      .notNull()
      .default([]),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    feedbackRating: text("feedback_rating", { enum: feedbackRatings }),
    feedbackNote: text("feedback_note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`qalam_search_vector(content)`),
  },
  (t) => [
    index("thread_messages_thread_idx").on(t.threadId, t.id),
    index("thread_messages_parent_idx").on(t.parentId),
    index("thread_messages_search_idx").using("gin", t.search),
    oneOf("thread_messages_role", "role", threadMessageRoles),
    oneOf("thread_messages_status", "status", threadMessageStatuses),
    check(
      "thread_messages_feedback",
      sql.raw(
        `feedback_rating is null or feedback_rating in (${feedbackRatings.map((value) => `'${value}'`).join(", ")})`,
      ),
    ),
  ],
);

export const threadAttachmentKinds = ["document", "file"] as const;

export type ThreadAttachmentKind = (typeof threadAttachmentKinds)[number];

/** What an answer's model read of one attachment: `included` of its `total` characters. */
export type ContextAttachment = {
  attachmentId: number;
  name: string;
  included: number;
  total: number;
};

/**
 * What a thread's author gave its model to read besides the messages: a document of the
 * organization, read again at each answer (its text as it is then), or an uploaded file whose text
 * was taken out once, on upload (the file itself is not kept). A document's attachment whose
 * document is gone stays, shown as such, and is left out of the context (docs/threads.md).
 */
export const threadAttachments = pgTable(
  "thread_attachments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: bigint("thread_id", { mode: "number" })
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    organizationId: belongsTo("organization_id", () => organizations.id),
    kind: text("kind", { enum: threadAttachmentKinds }).notNull(),
    /** A document's; null for a file, and once the document is deleted for good. */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    /** The file's name, or the document's title when it was attached. */
    name: text("name").notNull(),
    /** A file's type as its content showed it; null for a document. */
    mediaType: text("media_type"),
    /** A file's size in bytes; null for a document. */
    size: integer("size"),
    /** A file's text, taken out on upload; empty for a document (read at each answer). */
    text: text("text").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("thread_attachments_thread_idx").on(t.threadId, t.id),
    index("thread_attachments_document_idx").on(t.documentId),
    uniqueIndex("thread_attachments_thread_document_idx")
      .on(t.threadId, t.documentId)
      .where(sql`${t.documentId} is not null`),
    oneOf("thread_attachments_kind", "kind", threadAttachmentKinds),
  ],
);

export type Thread = typeof threads.$inferSelect;

export type ThreadMessage = typeof threadMessages.$inferSelect;
