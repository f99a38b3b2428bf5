import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import {
  belongsTo,
  createdAt,
  deletedAt,
  oneOf,
  tsvector,
  updatedAt,
  uuidPrimaryKey,
  version,
} from "../db/columns";
import { organizations, users } from "../identity/schema";

export const characterVisibilities = ["private", "organization"] as const;

export type CharacterVisibility = (typeof characterVisibilities)[number];

/** A Card V2 lorebook (`character_book`), kept as the spec names its fields. */
export type CharacterBook = {
  name?: string;
  description?: string;
  scan_depth?: number;
  token_budget?: number;
  recursive_scanning?: boolean;
  extensions: Record<string, unknown>;
  entries: {
    keys: string[];
    content: string;
    extensions: Record<string, unknown>;
    enabled: boolean;
    insertion_order: number;
    case_sensitive?: boolean;
    name?: string;
    priority?: number;
    id?: number;
    comment?: string;
    selective?: boolean;
    secondary_keys?: string[];
    constant?: boolean;
    position?: "before_char" | "after_char";
  }[];
};

/**
 * A persona to chat with, as Character Card V2 describes one (docs/characters.md), with an avatar,
 * a default chat model and voice. Its author's alone until shared with the organization; only its
 * author changes it, others may clone it. Restorable for 30 days once deleted.
 */
export const characters = pgTable(
  "characters",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    authorId: belongsTo("author_id", () => users.id),
    visibility: text("visibility", { enum: characterVisibilities }).notNull().default("private"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    personality: text("personality").notNull().default(""),
    scenario: text("scenario").notNull().default(""),
    firstMessage: text("first_message").notNull().default(""),
    alternateGreetings: text("alternate_greetings").array().notNull().default(sql`'{}'::text[]`),
    exampleMessages: text("example_messages").notNull().default(""),
    systemPrompt: text("system_prompt").notNull().default(""),
    postHistoryInstructions: text("post_history_instructions").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    creator: text("creator").notNull().default(""),
    creatorNotes: text("creator_notes").notNull().default(""),
    characterVersion: text("character_version").notNull().default(""),
    characterBook: jsonb("character_book").$type<CharacterBook>(),
    /** The card's `extensions`, kept so that an exported card carries what an imported one did. */
    extensions: jsonb("extensions").$type<Record<string, unknown>>().notNull().default({}),
    avatarUrl: text("avatar_url"),
    /** A model id of the organization's chat provider for its chats; null: the provider's. */
    defaultModel: text("default_model"),
    /** A voice of the audio creator; null: its default. */
    defaultVoice: text("default_voice"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`qalam_search_vector(name || ' ' || qalam_join(tags) || ' ' || description || ' ' || creator_notes)`,
      ),
  },
  (t) => [
    index("characters_organization_updated_idx").on(t.organizationId, t.updatedAt),
    index("characters_author_idx").on(t.authorId),
    index("characters_search_idx").using("gin", t.search),
    index("characters_tags_idx").using("gin", t.tags),
    oneOf("characters_visibility", "visibility", characterVisibilities),
  ],
);

export type Character = typeof characters.$inferSelect;
