import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { belongsTo, createdAt, updatedAt, uuidPrimaryKey } from "../db/columns";

export const locales = ["en", "ar"] as const;

export type Locale = (typeof locales)[number];

export const users = pgTable(
  "users",
  {
    id: uuidPrimaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").unique(),
    phone: text("phone").unique(),
    passwordHash: text("password_hash").notNull(),
    avatarUrl: text("avatar_url"),
    locale: text("locale", { enum: locales }).notNull().default("en"),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    /** When a key sent to the email address proved it; null while it is unproven. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    /** When a key sent to the phone number proved it; null while it is unproven. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true, mode: "date" }),
    // Circular with organizations.owner_id, hence the lazy reference.
    currentOrganizationId: uuid("current_organization_id").references(
      (): AnyPgColumn => organizations.id,
      { onDelete: "set null" },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Lookups compare lower-cased input with the stored value, so the column must stay lower-case.
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_phone_e164", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check("users_email_or_phone", sql`${t.email} is not null or ${t.phone} is not null`),
    check("users_locale", sql`${t.locale} in ('en', 'ar')`),
  ],
);

export const organizations = pgTable(
  "organizations",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    logoUrl: text("logo_url"),
    /** ISO 3166 alpha-2: the country a phone number typed without its +code belongs to. */
    defaultCountry: text("default_country"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("organizations_owner_id_idx").on(t.ownerId),
    check("organizations_default_country", sql`${t.defaultCountry} ~ '^[A-Z]{2}$'`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuidPrimaryKey(),
    userId: belongsTo("user_id", () => users.id),
    // SHA-256 hex of the bearer token: a database leak does not leak usable tokens.
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/**
 * Short-lived, single-use tickets that open the real-time socket for a session: the web server
 * gets one for the browser, whose JavaScript never sees the session token (ARCHITECTURE.md, 3).
 */
export const socketTickets = pgTable(
  "socket_tickets",
  {
    id: uuidPrimaryKey(),
    sessionId: belongsTo("session_id", () => sessions.id),
    // SHA-256 hex of the ticket, as for session tokens.
    ticketHash: text("ticket_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("socket_tickets_session_id_idx").on(t.sessionId),
    index("socket_tickets_expires_at_idx").on(t.expiresAt),
  ],
);

export const keyPurposes = ["registration", "password_reset", "address_change"] as const;

export const keyChannels = ["EMAIL", "PHONE"] as const;

/**
 * One-time keys sent by mail or SMS. One row per purpose and recipient: a new request replaces
 * the previous key. The key itself is stored as an argon2id hash, the token as SHA-256.
 */
export const verificationKeys = pgTable(
  "verification_keys",
  {
    id: uuidPrimaryKey(),
    purpose: text("purpose", { enum: keyPurposes }).notNull(),
    channel: text("channel", { enum: keyChannels }).notNull(),
    /** The normalised email address or E.164 number the key was sent to. */
    recipient: text("recipient").notNull(),
    userId: belongsTo("user_id", () => users.id),
    keyHash: text("key_hash").notNull(),
    /** Registration: issued with the key. Password reset: issued once the key is verified. */
    tokenHash: text("token_hash").unique(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("verification_keys_purpose_recipient_idx").on(t.purpose, t.recipient),
    index("verification_keys_user_id_idx").on(t.userId),
    check(
      "verification_keys_purpose",
      sql`${t.purpose} in ('registration', 'password_reset', 'address_change')`,
    ),
    check("verification_keys_channel", sql`${t.channel} in ('EMAIL', 'PHONE')`),
  ],
);

/**
 * Fixed-window counters of the rate limits, shared by every instance. The key names the rule and
 * a hash of its subject (an address or an account), never the subject itself.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true, mode: "date" }).notNull(),
  hits: integer("hits").notNull(),
});

export type User = typeof users.$inferSelect;

export type NewUser = typeof users.$inferInsert;

export type Organization = typeof organizations.$inferSelect;

export type Session = typeof sessions.$inferSelect;

export type VerificationKey = typeof verificationKeys.$inferSelect;
