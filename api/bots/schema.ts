import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { characters } from "../characters/schema";
import { clients, projects } from "../crm/schema";
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
import { media } from "../media/schema";
import { memberships, workspaces } from "../organizations/schema";

export const botStatuses = ["draft", "live"] as const;
export type BotStatus = (typeof botStatuses)[number];

/** The language a bot answers in: English, Arabic, or the visitor's own. */
export const botLanguages = ["en", "ar", "visitor"] as const;
export type BotLanguage = (typeof botLanguages)[number];

export const botAnswerLengths = ["short", "medium", "long"] as const;
export type BotAnswerLength = (typeof botAnswerLengths)[number];

export const botThemes = ["light", "dark", "auto"] as const;
export const botFonts = ["system", "inter", "ibm-plex-sans-arabic"] as const;
/** Where the launcher sits: the bottom's start or end corner, mirrored in Arabic. */
export const botPositions = ["start", "end"] as const;
export const botLaunchers = ["icon", "avatar"] as const;

/** How the widget looks (docs/x-bot.md): checked by the routes, stored whole. */
export type BotAppearance = {
  theme: (typeof botThemes)[number];
  /** `#rrggbb`. */
  accentColor: string;
  font: (typeof botFonts)[number];
  /** Corner radius in CSS pixels. */
  radius: number;
  position: (typeof botPositions)[number];
  launcher: (typeof botLaunchers)[number];
  headerTitle: string;
  headerSubtitle: string;
  welcomeMessages: string[];
  suggestedPrompts: string[];
  placeholder: string;
  footer: string;
  disclaimer: string;
  /** Confined to the widget's shadow root. */
  customCss: string;
};

/** Whether the lead form asks for a field: not at all, or with the visitor free to leave it empty, or not. */
export const leadFieldModes = ["off", "optional", "required"] as const;
export type LeadFieldMode = (typeof leadFieldModes)[number];

/** When the widget shows the lead form: before the first message, after some, or only when asked. */
export const leadFormTimings = ["before-chat", "after-messages", "never"] as const;
export type LeadFormTiming = (typeof leadFormTimings)[number];

export const leadCustomFieldTypes = ["text", "number", "select", "checkbox"] as const;
export type LeadCustomFieldType = (typeof leadCustomFieldTypes)[number];

/** A field of the owner's own: its key in the lead's values, its label, its type. */
export type LeadCustomField = {
  key: string;
  label: string;
  type: LeadCustomFieldType;
  required: boolean;
  /** A select's choices; empty for the other types. */
  options: string[];
};

/**
 * A bot's lead form (docs/x-bot.md, "Leads"): the fields it asks for, when the widget shows it,
 * whether the chat waits for it (`required`), and the consent the visitor must give, if any.
 */
export type BotLeadForm = {
  enabled: boolean;
  when: LeadFormTiming;
  /** With `after-messages`: the visitor's messages before the form shows. */
  afterMessages: number;
  /** The chat goes no further until the form is sent (LEAD_REQUIRED). */
  required: boolean;
  name: LeadFieldMode;
  email: LeadFieldMode;
  phone: LeadFieldMode;
  fields: LeadCustomField[];
  /** Free text, as the bot's other texts; empty: no consent asked. */
  consentText: string;
};

export const botCardButtonKinds = ["reply", "link", "lead_form"] as const;

/** A card's button: send `value` as the visitor's reply, open the link `value`, or the lead form. */
export type BotCardButton = {
  kind: (typeof botCardButtonKinds)[number];
  label: string;
  value: string;
};

/**
 * The organization's chat bots (x-bot): who they are, how they answer and how their widget looks.
 * `publicId` names a bot to the world (the widget's `data-bot`), unguessable; the identity
 * verification secret is sealed with SECRETS_KEY and never returned but once, when made.
 * Versioned (a stale change is 409) and restorable for 30 days once deleted.
 */
export const bots = pgTable(
  "bots",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    publicId: text("public_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    avatarMediaId: uuid("avatar_media_id").references(() => media.id, { onDelete: "set null" }),
    status: text("status", { enum: botStatuses }).notNull().default("draft"),
    language: text("language", { enum: botLanguages }).notNull().default("visitor"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** The character the bot speaks as; null: its own instructions only. */
    characterId: uuid("character_id").references(() => characters.id, { onDelete: "set null" }),
    /** A model of the organization's chat provider; null: the provider's default. */
    chatModel: text("chat_model"),
    temperature: real("temperature").notNull().default(0.7),
    answerLength: text("answer_length", { enum: botAnswerLengths }).notNull().default("medium"),
    instructions: text("instructions").notNull().default(""),
    knowledgeOnly: boolean("knowledge_only").notNull().default(false),
    fallbackMessage: text("fallback_message").notNull().default(""),
    rateLimitMessages: integer("rate_limit_messages").notNull().default(20),
    rateLimitSeconds: integer("rate_limit_seconds").notNull().default(60),
    dailyMessageCap: integer("daily_message_cap").notNull().default(1000),
    maxMessageLength: integer("max_message_length").notNull().default(2000),
    retentionDays: integer("retention_days").notNull().default(90),
    appearance: jsonb("appearance").$type<BotAppearance>().notNull(),
    /** Hosts the widget may run on: `example.com`, or `*.example.com` for its subdomains. */
    allowedDomains: text("allowed_domains").array().notNull().default(sql`'{}'::text[]`),
    /** The lead form (docs/x-bot.md, "Leads"); null: none set, as a disabled form. */
    leadForm: jsonb("lead_form").$type<BotLeadForm>(),
    identitySecretSealed: text("identity_secret_sealed"),
    identitySecretRotatedAt: timestamp("identity_secret_rotated_at", {
      withTimezone: true,
      mode: "date",
    }),
    version: version(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`qalam_search_vector(name || ' ' || description || ' ' || qalam_join(tags))`,
      ),
  },
  (t) => [
    uniqueIndex("bots_public_id_idx").on(t.publicId),
    index("bots_organization_updated_idx").on(t.organizationId, t.updatedAt),
    index("bots_organization_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    index("bots_search_idx").using("gin", t.search),
    oneOf("bots_status", "status", botStatuses),
    oneOf("bots_language", "language", botLanguages),
    oneOf("bots_answer_length", "answer_length", botAnswerLengths),
    check("bots_temperature", sql`${t.temperature} >= 0 and ${t.temperature} <= 2`),
    check(
      "bots_limits",
      sql`${t.rateLimitMessages} > 0 and ${t.rateLimitSeconds} > 0 and ${t.dailyMessageCap} > 0 and ${t.maxMessageLength} > 0 and ${t.retentionDays} > 0`,
    ),
  ],
);

/**
 * The message cards a bot's widget can show (an image, a title, a text, up to three buttons):
 * the model picks one by its `whenToShow` instruction. Each counts its views and clicks.
 */
export const botCards = pgTable(
  "bot_cards",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    imageMediaId: uuid("image_media_id").references(() => media.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    text: text("text").notNull().default(""),
    buttons: jsonb("buttons").$type<BotCardButton[]>().notNull().default([]),
    whenToShow: text("when_to_show").notNull().default(""),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    position: integer("position").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bot_cards_bot_position_idx").on(t.botId, t.position)],
);

/**
 * The bot each member works on in an organization (x-bot's pages carry no bot id), as the
 * current organization is a user's: gone with the membership or the bot.
 */
export const currentBots = pgTable(
  "current_bots",
  {
    organizationId: uuid("organization_id").notNull(),
    userId: uuid("user_id").notNull(),
    botId: belongsTo("bot_id", () => bots.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    foreignKey({
      name: "current_bots_membership_fk",
      columns: [t.organizationId, t.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete("cascade"),
    index("current_bots_bot_idx").on(t.botId),
  ],
);

export type Bot = typeof bots.$inferSelect;
export type BotCard = typeof botCards.$inferSelect;

export const botMessageRoles = ["user", "assistant"] as const;
export const botMessageStatuses = ["streaming", "complete", "stopped", "failed"] as const;
export type BotMessageStatus = (typeof botMessageStatuses)[number];

/**
 * A visitor's conversation with a bot (the public chat, docs/x-bot-widget.md): the visitor's
 * random id (bound into their signed token), a hash of their address for the per-address limit,
 * and the language they chat in. `preview`: opened with a member's preview token. `originHost`:
 * the host of the site the widget ran on (one of the bot's allowed domains), null when the
 * conversation came from the product's own pages (the full-page chat, a preview) or no page.
 */
export const botConversations = pgTable(
  "bot_conversations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    visitorId: text("visitor_id").notNull(),
    addressHash: text("address_hash"),
    language: text("language").notNull().default("en"),
    preview: boolean("preview").notNull().default(false),
    originHost: text("origin_host"),
    /** The cards whose button the visitor clicked: each counts one click a conversation. */
    clickedCardIds: uuid("clicked_card_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The site's user, when the visitor's identity was verified (signed with the bot's secret). */
    identityUserId: text("identity_user_id"),
    identityName: text("identity_name"),
    identityEmail: text("identity_email"),
    createdAt: createdAt(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("bot_conversations_bot_created_idx").on(t.botId, t.createdAt),
    index("bot_conversations_address_idx").on(t.addressHash, t.createdAt),
    // The dashboard's "embedded on a site": any visitor's conversation from a site.
    index("bot_conversations_embedded_idx")
      .on(t.organizationId)
      .where(sql`${t.originHost} is not null and not ${t.preview}`),
    index("bot_conversations_bot_last_message_idx").on(t.botId, t.lastMessageAt),
  ],
);

/** A source an answer cites: its title, and the page or file it names. */
export type BotAnswerSource = { title: string; url: string | null };

/**
 * The messages of a bot's conversations: the visitor's (`user`) and the bot's answers, stored
 * as they stream (an answer whose writer died is settled as `stopped`, as a thread's is). `clientMessageId` makes a visitor's message idempotent within its conversation;
 * an answer keeps its model, tokens and time to first token; `fallback`: the owner's fallback
 * message, not a model's answer.
 */
export const botMessages = pgTable(
  "bot_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => botConversations.id, { onDelete: "cascade" }),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    role: text("role", { enum: botMessageRoles }).notNull(),
    text: text("text").notNull().default(""),
    status: text("status", { enum: botMessageStatuses }).notNull().default("complete"),
    clientMessageId: text("client_message_id"),
    /** The answer to this question (user messages). */
    questionId: bigint("question_id", { mode: "number" }),
    fallback: boolean("fallback").notNull().default(false),
    model: text("model"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    firstTokenMs: integer("first_token_ms"),
    errorCode: text("error_code"),
    rating: text("rating", { enum: ["up", "down"] }),
    /** The message cards the answer showed (the model's `show_card` calls), in order. */
    cardIds: uuid("card_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The knowledge the answer cites, by the numbers it gave them. */
    sources: jsonb("sources").$type<BotAnswerSource[]>().notNull().default([]),
    /** A knowledge-only bot's answer to a question its knowledge did not cover. */
    unanswered: boolean("unanswered").notNull().default(false),
    createdAt: createdAt(),
    /** Touched while an answer streams (its heartbeat): a `streaming` answer left untouched has lost its writer. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bot_messages_conversation_idx").on(t.conversationId, t.id),
    index("bot_messages_bot_created_idx").on(t.botId, t.role, t.createdAt),
    uniqueIndex("bot_messages_client_id_idx").on(t.conversationId, t.clientMessageId),
    oneOf("bot_messages_role", "role", botMessageRoles),
    oneOf("bot_messages_status", "status", botMessageStatuses),
  ],
);

export type BotConversation = typeof botConversations.$inferSelect;
export type BotMessage = typeof botMessages.$inferSelect;

export const leadStatuses = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** A lead's values of the owner's own fields, by their keys. */
export type LeadCustomValues = Record<string, string | number | boolean>;

/**
 * The leads visitors leave through a bot's lead form: one a conversation (a second submit
 * changes it), with the values asked for, when consent was given, and what the organization
 * makes of it (status, notes, owner, the client it became). Versioned, and deleted to the bin.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    conversationId: bigint("conversation_id", { mode: "number" }).references(
      () => botConversations.id,
      { onDelete: "set null" },
    ),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    custom: jsonb("custom").$type<LeadCustomValues>().notNull().default({}),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    language: text("language").notNull().default("en"),
    status: text("status", { enum: leadStatuses }).notNull().default("new"),
    notes: text("notes").notNull().default(""),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex("leads_conversation_idx").on(t.conversationId),
    uniqueIndex("leads_client_idx").on(t.clientId),
    index("leads_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("leads_bot_created_idx").on(t.botId, t.createdAt),
    oneOf("leads_status", "status", leadStatuses),
  ],
);

export type Lead = typeof leads.$inferSelect;
