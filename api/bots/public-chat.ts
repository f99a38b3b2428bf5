import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createUIMessageStream, streamText, tool, type UIMessage } from "ai";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type AiServices, organizationAiSettings } from "../ai/ai-models";
import { type CallUsage, checkAiQuota, estimateTokens, runAiCall } from "../ai/ai-usage";
import { AiError, classifyAiError } from "../ai/errors";
import { callSignal, type ResolvedModel } from "../ai/registry";
import { characterInstructions } from "../characters/characters";
import type { Database } from "../db/client";
import {
  type Bot,
  type BotAnswerSource,
  type BotCard,
  type BotCardButton,
  type BotConversation,
  type BotLeadForm,
  type BotMessage,
  botCards,
  botConversations,
  botMessages,
  bots,
  characters,
} from "../db/schema";
import { AppError, conflict, notFound, QuotaExceededError } from "../errors";
import {
  type AnswerKnowledge,
  answerKnowledge,
  citedSources,
  hasKnowledge,
  retrieveKnowledge,
} from "../knowledge/retrieval";
import { type Actor, requirePermission } from "../organizations/permissions";
import { answerFlushMs, answerHeartbeatMs, staleAnswerMs } from "../threads/thread-messages";
import { domainAllowed } from "./bot-domains";
import { openBotSecret } from "./bot-secrets";
import { checkLeadGate, leadFormOf } from "./lead-form";
import { botImageUrl } from "./public-images";

export type PublicChatServices = { db: Database; ai: AiServices };

/** How long a visitor token opens its conversation (days). */
export const visitorTokenDays = 30;
/** How long a member's preview token lets them talk to a bot (minutes). */
export const previewTokenMinutes = 60;
/** Messages from one address, all its visitors together, per minute. */
export const addressMessagesPerMinute = 60;

/** 429 RATE_LIMITED with Retry-After: a visitor, an address or a bot sent too many messages. */
export class ChatRateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super("rate_limited", "RATE_LIMITED", message);
  }
}

export const unauthorizedToken = () =>
  new AppError(
    "unauthenticated",
    "INVALID_TOKEN",
    "The visitor token is missing, invalid or expired.",
  );

type VisitorClaims = { k: "visitor"; b: string; c: number; v: string; e: number };
type PreviewClaims = { k: "preview"; b: string; e: number };

function seal(ai: AiServices, claims: VisitorClaims | PreviewClaims) {
  return ai.secrets.seal(JSON.stringify(claims), `bot-${claims.k}-token`);
}

function open<K extends "visitor" | "preview">(ai: AiServices, token: string, kind: K) {
  try {
    const claims = JSON.parse(ai.secrets.open(token, `bot-${kind}-token`));
    if (claims?.k !== kind || typeof claims.e !== "number" || claims.e < Date.now()) return null;
    return claims as K extends "visitor" ? VisitorClaims : PreviewClaims;
  } catch {
    return null;
  }
}

/** Whether a visitor token is one this server signed and has not expired. */
export function visitorTokenValid(ai: AiServices, token: string | undefined): boolean {
  return token !== undefined && open(ai, token, "visitor") !== null;
}

/** A preview token: lets a member who may read the bot talk to it while it is a draft. */
export async function previewToken(
  services: PublicChatServices,
  actor: Actor,
  botId: string,
): Promise<{ token: string; expiresAt: Date }> {
  requirePermission(actor, "bots.read");
  const [bot] = await services.db
    .select({ id: bots.id })
    .from(bots)
    .where(
      and(
        eq(bots.id, botId),
        eq(bots.organizationId, actor.organizationId),
        isNull(bots.deletedAt),
      ),
    );
  if (!bot) throw notFound("No such bot.");
  const expiresAt = new Date(Date.now() + previewTokenMinutes * 60_000);
  return {
    token: seal(services.ai, { k: "preview", b: bot.id, e: expiresAt.getTime() }),
    expiresAt,
  };
}

/** A bot by its public id, not deleted; null for none. */
export async function botByPublicId(db: Database, publicId: string): Promise<Bot | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(publicId)) return null;
  const [bot] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.publicId, publicId), isNull(bots.deletedAt)));
  return bot ?? null;
}

/**
 * Whether a browser page at `origin` may talk to the bot: the product's own pages, or a host of
 * the bot's allowed domains. A request without an origin is not a page's (CORS is the browser's).
 */
export function originAllowed(bot: Bot, origin: string | undefined, appUrl: string): boolean {
  if (!origin) return true;
  let host: string;
  try {
    const url = new URL(origin);
    if (url.origin === new URL(appUrl).origin) return true;
    host = url.hostname;
  } catch {
    return false;
  }
  return domainAllowed(bot.allowedDomains, host);
}

/**
 * The host of the site a page at `origin` is, for the record of where a conversation came from:
 * null for the product's own pages (the full-page chat, a preview) and for a request without one.
 */
export function siteHost(origin: string | undefined, appUrl: string): string | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return url.origin === new URL(appUrl).origin ? null : url.hostname;
  } catch {
    return null;
  }
}

export type PublicConfig = {
  publicId: string;
  name: string;
  avatarUrl: string | null;
  language: Bot["language"];
  maxMessageLength: number;
  appearance: Bot["appearance"];
  /** The lead form the widget shows; null when the bot takes no leads. */
  leadForm: PublicLeadForm | null;
};

/** The lead form as a visitor sees it: the owner's settings are all the visitor's to see. */
export type PublicLeadForm = Omit<BotLeadForm, "enabled">;

/**
 * What the full-page chat (`/b/<publicId>`) needs of a live bot: its name for the title, its
 * language, and the hosts that may frame the page (its `frame-ancestors`). The hosts are no
 * secret: that header tells them to anyone who opens the page. A draft bot is 404.
 */
export function publicPage(bot: Bot): PublicPage {
  if (bot.status !== "live") throw notFound("No such bot.");
  return {
    publicId: bot.publicId,
    name: bot.name,
    language: bot.language,
    allowedDomains: bot.allowedDomains,
  };
}

export type PublicPage = Pick<PublicConfig, "publicId" | "name" | "language"> & {
  allowedDomains: string[];
};

/** What the widget shows: nothing the owner keeps to themselves. A draft bot is 404. */
export function publicConfig(bot: Bot): PublicConfig {
  if (bot.status !== "live") throw notFound("No such bot.");
  return {
    publicId: bot.publicId,
    name: bot.name,
    avatarUrl: bot.avatarMediaId ? botImageUrl(bot, { kind: "avatar" }, bot.avatarMediaId) : null,
    language: bot.language,
    maxMessageLength: bot.maxMessageLength,
    appearance: bot.appearance,
    leadForm: publicLeadForm(bot),
  };
}

function publicLeadForm(bot: Bot): PublicLeadForm | null {
  const { enabled, ...form } = leadFormOf(bot);
  return enabled ? form : null;
}

/** What a site says of its signed-in user: the id signed with the bot's identity secret. */
export type VisitorIdentity = { userId: string; signature: string; name?: string; email?: string };

/** 403 IDENTITY_INVALID: the signature does not match, or the bot has no identity secret. */
export const identityInvalid = (message = "The visitor's identity could not be verified.") =>
  new AppError("forbidden", "IDENTITY_INVALID", message);

/** The HMAC-SHA256 (hex) of a user id with a bot's identity secret: what a site signs. */
export function identitySignature(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(userId, "utf8").digest("hex");
}

/**
 * A visitor's identity checked against the bot's secret (timing-safe): 403 IDENTITY_INVALID
 * for a forged signature, or for any identity sent to a bot without a secret.
 */
export function verifyIdentity(
  services: PublicChatServices,
  bot: Bot,
  identity: VisitorIdentity,
): { userId: string; name: string | null; email: string | null } {
  let secret: string | null;
  try {
    secret = openBotSecret(services.ai.secrets, bot);
  } catch {
    secret = null;
  }
  if (!secret) throw identityInvalid("This bot does not verify identities.");
  const expected = Buffer.from(identitySignature(secret, identity.userId), "utf8");
  const given = Buffer.from(identity.signature.trim().toLowerCase(), "utf8");
  if (
    identity.userId.length === 0 ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw identityInvalid();
  }
  return {
    userId: identity.userId,
    name: identity.name?.trim() || null,
    email: identity.email?.trim() || null,
  };
}

/**
 * A message's identity for its conversation: verified, and the conversation's own user (403
 * IDENTITY_INVALID for another one). A conversation started anonymously takes the user on.
 */
export async function checkMessageIdentity(
  services: PublicChatServices,
  bot: Bot,
  conversation: BotConversation,
  identity: VisitorIdentity | undefined,
): Promise<void> {
  if (!identity) return;
  const verified = verifyIdentity(services, bot, identity);
  if (conversation.identityUserId !== null) {
    if (conversation.identityUserId !== verified.userId) {
      throw identityInvalid("This conversation belongs to another user.");
    }
    return;
  }
  await services.db
    .update(botConversations)
    .set({
      identityUserId: verified.userId,
      identityName: verified.name,
      identityEmail: verified.email,
    })
    .where(and(eq(botConversations.id, conversation.id), isNull(botConversations.identityUserId)));
  Object.assign(conversation, {
    identityUserId: verified.userId,
    identityName: verified.name,
    identityEmail: verified.email,
  });
}

/** A visitor's address as the limits count it: a keyed digest, never the address itself. */
function addressHash(ai: AiServices, ip: string | null): string | null {
  return ip ? ai.secrets.digest(ip, "bot-address") : null;
}

/** Starts a conversation: a live bot, or a draft one with a member's preview token. */
export async function startConversation(
  services: PublicChatServices,
  bot: Bot,
  input: {
    locale?: "en" | "ar";
    previewToken?: string;
    ip: string | null;
    /** The site the widget runs on (`siteHost`), allowed by the bot. */
    originHost?: string | null;
    identity?: VisitorIdentity;
  },
): Promise<{ conversationId: string; token: string }> {
  const verified = input.identity ? verifyIdentity(services, bot, input.identity) : null;
  let preview = false;
  if (input.previewToken) {
    const claims = open(services.ai, input.previewToken, "preview");
    if (!claims || claims.b !== bot.id) throw unauthorizedToken();
    preview = true;
  } else if (bot.status !== "live") {
    throw notFound("No such bot.");
  }
  const visitorId = randomBytes(16).toString("base64url");
  const [row] = await services.db
    .insert(botConversations)
    .values({
      organizationId: bot.organizationId,
      botId: bot.id,
      visitorId,
      addressHash: addressHash(services.ai, input.ip),
      language: input.locale ?? (bot.language === "ar" ? "ar" : "en"),
      preview,
      originHost: input.originHost ?? null,
      identityUserId: verified?.userId ?? null,
      identityName: verified?.name ?? null,
      identityEmail: verified?.email ?? null,
    })
    .returning({ id: botConversations.id });
  if (!row) throw new Error("insert into bot_conversations returned no row");
  const expires = Date.now() + visitorTokenDays * 86_400_000;
  const token = seal(services.ai, { k: "visitor", b: bot.id, c: row.id, v: visitorId, e: expires });
  return { conversationId: String(row.id), token };
}

/**
 * The conversation a visitor token opens: 401 for a bad or expired token, 404 for any other
 * conversation than the token's, or one of a bot that stopped being live (outside a preview).
 */
export async function openConversation(
  services: PublicChatServices,
  bot: Bot,
  conversationId: string,
  token: string | undefined,
): Promise<BotConversation> {
  const claims = token ? open(services.ai, token, "visitor") : null;
  if (!claims) throw unauthorizedToken();
  const id = Number(conversationId);
  if (claims.b !== bot.id || claims.c !== id) throw notFound("No such conversation.");
  const [conversation] = await services.db
    .select()
    .from(botConversations)
    .where(
      and(
        eq(botConversations.id, id),
        eq(botConversations.botId, bot.id),
        eq(botConversations.visitorId, claims.v),
      ),
    );
  if (!conversation) throw notFound("No such conversation.");
  if (!conversation.preview && bot.status !== "live") throw notFound("No such conversation.");
  return conversation;
}

/** A message card as the widget shows it: what the visitor may see of it, no instruction. */
export type PublicCard = {
  id: string;
  title: string;
  text: string;
  /** The card's image: a path on the product's origin (GET /public/bots/{publicId}/cards/{cardId}/image). */
  imageUrl: string | null;
  buttons: BotCardButton[];
};

function toPublicCard(bot: Pick<Bot, "publicId">, card: BotCard): PublicCard {
  return {
    id: card.id,
    title: card.title,
    text: card.text,
    imageUrl: card.imageMediaId
      ? botImageUrl(bot, { kind: "card", cardId: card.id }, card.imageMediaId)
      : null,
    buttons: card.buttons.slice(0, 3).map((button) => ({
      kind: button.kind,
      label: button.label,
      value: button.kind === "lead_form" ? "" : button.value,
    })),
  };
}

/** A bot's message cards, in their order. */
async function cardsOfBot(db: Database, botId: string): Promise<BotCard[]> {
  return db
    .select()
    .from(botCards)
    .where(eq(botCards.botId, botId))
    .orderBy(asc(botCards.position), asc(botCards.createdAt), asc(botCards.id));
}

export type PublicMessage = {
  id: string;
  role: "user" | "assistant";
  text: string;
  status: BotMessage["status"];
  rating: "up" | "down" | null;
  fallback: boolean;
  /** The cards the answer showed that the bot still has. */
  cards: PublicCard[];
  /** The knowledge the answer cites. */
  sources: BotAnswerSource[];
  createdAt: string;
};

function toPublic(message: BotMessage, cards: Map<string, PublicCard>): PublicMessage {
  return {
    id: String(message.id),
    role: message.role,
    text: message.text,
    status: effectiveStatus(message),
    rating: message.rating ?? null,
    fallback: message.fallback,
    cards: message.cardIds.flatMap((id) => cards.get(id) ?? []),
    sources: message.sources,
    createdAt: message.createdAt.toISOString(),
  };
}

export async function listMessages(db: Database, bot: Bot, conversation: BotConversation) {
  const rows = await db
    .select()
    .from(botMessages)
    .where(eq(botMessages.conversationId, conversation.id))
    .orderBy(asc(botMessages.id));
  const shown = rows.some((row) => row.cardIds.length > 0)
    ? await cardsOfBot(db, conversation.botId)
    : [];
  const cards = new Map(shown.map((card) => [card.id, toPublicCard(bot, card)]));
  return rows.map((row) => toPublic(row, cards));
}

/**
 * Counts a click on a card's button: a card the conversation was shown, once a conversation
 * (a repeat is accepted and not counted again); 404 for a card it was not shown.
 */
export async function clickCard(db: Database, conversation: BotConversation, cardId: string) {
  const [shown] = await db
    .select({ id: botMessages.id })
    .from(botMessages)
    .where(
      and(
        eq(botMessages.conversationId, conversation.id),
        eq(botMessages.role, "assistant"),
        sql`${cardId}::uuid = any(${botMessages.cardIds})`,
      ),
    )
    .limit(1);
  if (!shown) throw notFound("No such card.");
  const [first] = await db
    .update(botConversations)
    .set({ clickedCardIds: sql`array_append(${botConversations.clickedCardIds}, ${cardId}::uuid)` })
    .where(
      and(
        eq(botConversations.id, conversation.id),
        sql`not (${cardId}::uuid = any(${botConversations.clickedCardIds}))`,
      ),
    )
    .returning({ id: botConversations.id });
  if (!first) return;
  await db
    .update(botCards)
    .set({ clicks: sql`${botCards.clicks} + 1`, updatedAt: sql`${botCards.updatedAt}` })
    .where(and(eq(botCards.id, cardId), eq(botCards.botId, conversation.botId)));
}

export async function rateAnswer(
  db: Database,
  conversation: BotConversation,
  messageId: string,
  rating: "up" | "down" | null,
) {
  const id = Number(messageId);
  const [updated] = await db
    .update(botMessages)
    .set({ rating })
    .where(
      and(
        eq(botMessages.id, Number.isSafeInteger(id) ? id : -1),
        eq(botMessages.conversationId, conversation.id),
        eq(botMessages.role, "assistant"),
      ),
    )
    .returning({ id: botMessages.id });
  if (!updated) throw notFound("No such answer.");
}

/**
 * Limits kept in PostgreSQL, so that every instance counts the same messages: the visitor's, the
 * address's and the bot's day, read in one statement (it runs in the message's transaction, which
 * holds the conversation's lock and a connection: one round trip rather than three).
 */
async function checkLimits(db: Database, bot: Bot, conversation: BotConversation, now: Date) {
  const since = new Date(now.getTime() - bot.rateLimitSeconds * 1000);
  const visitorMessages = sql`
    from ${botMessages} m join ${botConversations} c on c.id = m.conversation_id
    where c.bot_id = ${bot.id} and c.visitor_id = ${conversation.visitorId}
      and m.role = 'user' and m.created_at > ${since.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    select
      (select count(*) ${visitorMessages})::int as visitor,
      (select (extract(epoch from m.created_at) * 1000)::float8 ${visitorMessages}
        order by m.created_at desc offset ${bot.rateLimitMessages - 1} limit 1) as oldest_ms,
      (select count(*) from ${botMessages} m
        join ${botConversations} c on c.id = m.conversation_id
        where c.address_hash = ${conversation.addressHash} and m.role = 'user'
          and m.created_at > ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)::int as address,
      (select count(*) from ${botMessages} m
        where m.bot_id = ${bot.id} and m.role = 'user'
          and m.created_at > ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz)::int as daily`)) as unknown as {
    rows: { visitor: number; oldest_ms: number | null; address: number; daily: number }[];
  };
  const counts = result.rows[0];
  if (!counts) throw new Error("The limits' statement returned no row");
  if (counts.visitor >= bot.rateLimitMessages) {
    const oldest = counts.oldest_ms ?? now.getTime();
    const wait = Math.max(
      1,
      Math.ceil((oldest + bot.rateLimitSeconds * 1000 - now.getTime()) / 1000),
    );
    throw new ChatRateLimitedError(
      wait,
      "Too many messages. Wait a moment before sending another.",
    );
  }
  // A conversation without an address (none was sent) counts none: `= null` matches no row.
  if (counts.address >= addressMessagesPerMinute) {
    throw new ChatRateLimitedError(
      60,
      "Too many messages from this network. Try again in a minute.",
    );
  }
  if (counts.daily >= bot.dailyMessageCap) {
    throw new ChatRateLimitedError(3600, "This bot has answered all the messages it may today.");
  }
}

export type ChatMetadata = {
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  status: BotMessage["status"];
  fallback: boolean;
  error: { code: string; message: string } | null;
};
export type ChatUIMessage = UIMessage<
  ChatMetadata,
  { card: PublicCard; sources: BotAnswerSource[] }
>;

/** The tool through which the model shows a card, described by each card's "when to show". */
function cardTools(cards: BotCard[]) {
  const [first, ...rest] = cards.map((card) => card.id);
  if (!first) return undefined;
  const list = cards
    .map((card) => `- ${card.id}: "${card.title}". Show it when: ${card.whenToShow || "it helps."}`)
    .join("\n");
  return {
    show_card: tool({
      description:
        "Show the visitor one of the bot's message cards (a title, a text and buttons), below " +
        `your answer, when what it is for fits the conversation. At most once a card.\n${list}`,
      inputSchema: z.object({ cardId: z.enum([first, ...rest]) }),
    }),
  };
}

const lengthTokens = { short: 300, medium: 800, long: 2_000 } as const;
const lengthInstructions = {
  short: "Keep answers short: two or three sentences.",
  medium: "Keep answers to a few short paragraphs at most.",
  long: "Answer in as much detail as the question needs.",
} as const;

async function botInstructions(db: Database, bot: Bot, language: string): Promise<string[]> {
  const parts: string[] = [];
  if (bot.characterId) {
    const [character] = await db
      .select()
      .from(characters)
      .where(
        and(
          eq(characters.id, bot.characterId),
          eq(characters.organizationId, bot.organizationId),
          isNull(characters.deletedAt),
        ),
      );
    // The persona speaks as a thread with the character does, to a visitor without a name.
    if (character) parts.push(characterInstructions(character, "the visitor"));
  }
  if (bot.instructions.trim()) parts.push(bot.instructions);
  parts.push(lengthInstructions[bot.answerLength]);
  if (bot.language !== "visitor") {
    parts.push(`Answer in ${bot.language === "ar" ? "Arabic" : "English"}.`);
  } else {
    parts.push(
      `The visitor's page is in ${language === "ar" ? "Arabic" : "English"}; answer in the visitor's language.`,
    );
  }
  return parts;
}

async function chatModelOf(services: PublicChatServices, bot: Bot) {
  const settings = await organizationAiSettings(
    services.db,
    services.ai.secrets,
    bot.organizationId,
  );
  try {
    return services.ai.registry.modelFor("chat", settings, { modelId: bot.chatModel ?? undefined });
  } catch (error) {
    if (error instanceof AiError && error.failure.code === "AI_NOT_CONFIGURED") return null;
    // A model no longer offered: the provider's default, rather than no answer.
    try {
      return services.ai.registry.modelFor("chat", settings, {});
    } catch {
      return null;
    }
  }
}

export type SendResult = { stream: (signal: AbortSignal) => ReadableStream };

const historyMessages = 40;

/**
 * A visitor's message and the bot's answer. A repeat of a `clientMessageId` adds nothing: it
 * replays the stored answer, or is 409 ANSWER_IN_PROGRESS while that is being written.
 */
export async function sendMessage(
  services: PublicChatServices,
  bot: Bot,
  conversation: BotConversation,
  input: { text: string; clientMessageId: string },
): Promise<SendResult> {
  const { db, ai } = services;
  if (input.text.length > bot.maxMessageLength) {
    throw new AppError(
      "too_large",
      "MESSAGE_TOO_LONG",
      `A message may have at most ${bot.maxMessageLength} characters.`,
    );
  }
  const metaOf = (question: number, answer: number) => ({
    conversationId: String(conversation.id),
    userMessageId: String(question),
    assistantMessageId: String(answer),
  });

  // Reads that do not wait for one another go together: on PostgreSQL each is a round trip of
  // its own, which a hundred visitors at once queue for on the pool.
  const [[repeat], resolved] = await Promise.all([
    db
      .select()
      .from(botMessages)
      .where(
        and(
          eq(botMessages.conversationId, conversation.id),
          eq(botMessages.clientMessageId, input.clientMessageId),
        ),
      ),
    chatModelOf(services, bot),
  ]);
  if (repeat) return replay(db, bot, repeat, metaOf);
  await checkLeadGate(db, bot, conversation);

  if (resolved) {
    await checkAiQuota(
      { db, quotas: ai.quotas, organizationId: bot.organizationId },
      "chat",
      new Date(),
      estimateTokens(input.text) + lengthTokens[bot.answerLength],
    );
  }

  // What the answer needs besides the conversation, read beside the message's transaction.
  const context = resolved
    ? Promise.all([
        botInstructions(db, bot, conversation.language),
        cardsOfBot(db, bot.id),
        knowledgeFor(services, bot, input.text),
      ])
    : null;
  context?.catch(() => {}); // Awaited below, unless the transaction refuses the message.
  const written = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ${botConversations} where id = ${conversation.id} for update`,
    );
    const [again] = await tx
      .select({ id: botMessages.id })
      .from(botMessages)
      .where(
        and(
          eq(botMessages.conversationId, conversation.id),
          eq(botMessages.clientMessageId, input.clientMessageId),
        ),
      );
    if (again) return null;
    await settleStaleAnswers(tx, conversation.id);
    const [running] = await tx
      .select({ id: botMessages.id })
      .from(botMessages)
      .where(
        and(eq(botMessages.conversationId, conversation.id), eq(botMessages.status, "streaming")),
      );
    if (running) throw answerInProgress();
    await checkLimits(tx, bot, conversation, new Date());
    const history = await tx
      .select({
        role: botMessages.role,
        text: botMessages.text,
        status: botMessages.status,
        fallback: botMessages.fallback,
      })
      .from(botMessages)
      .where(eq(botMessages.conversationId, conversation.id))
      .orderBy(sql`${botMessages.id} desc`)
      .limit(historyMessages);
    const [question] = await tx
      .insert(botMessages)
      .values({
        conversationId: conversation.id,
        organizationId: bot.organizationId,
        botId: bot.id,
        role: "user",
        text: input.text,
        clientMessageId: input.clientMessageId,
      })
      .returning({ id: botMessages.id });
    if (!question) throw new Error("insert into bot_messages returned no row");
    const fallback = !resolved;
    const [answer] = await tx
      .insert(botMessages)
      .values({
        conversationId: conversation.id,
        organizationId: bot.organizationId,
        botId: bot.id,
        role: "assistant",
        questionId: question.id,
        fallback,
        status: fallback ? "complete" : "streaming",
        text: fallback ? bot.fallbackMessage : "",
        model: resolved?.modelId ?? null,
      })
      .returning({ id: botMessages.id });
    if (!answer) throw new Error("insert into bot_messages returned no row");
    await tx
      .update(botConversations)
      .set({ lastMessageAt: new Date() })
      .where(eq(botConversations.id, conversation.id));
    return {
      questionId: question.id,
      answerId: answer.id,
      history: history
        .reverse()
        .filter((m) => m.text.trim() !== "" && m.status !== "failed" && !m.fallback)
        .map((m) => ({ role: m.role, content: m.text })),
    };
  });
  if (!written) {
    const [stored] = await db
      .select()
      .from(botMessages)
      .where(
        and(
          eq(botMessages.conversationId, conversation.id),
          eq(botMessages.clientMessageId, input.clientMessageId),
        ),
      );
    if (!stored) throw answerInProgress();
    return replay(db, bot, stored, metaOf);
  }
  const meta = metaOf(written.questionId, written.answerId);
  if (!resolved || !context) {
    return { stream: () => fixedStream(meta, bot.fallbackMessage, "complete", true) };
  }
  const [instructions, cards, knowledge] = await context;
  if (bot.knowledgeOnly && !knowledge) {
    // Nothing in the knowledge covers the question: the owner's words, counted as unanswered.
    await db
      .update(botMessages)
      .set({
        status: "complete",
        fallback: true,
        unanswered: true,
        text: bot.fallbackMessage,
        model: null,
      })
      .where(eq(botMessages.id, written.answerId));
    return { stream: () => fixedStream(meta, bot.fallbackMessage, "complete", true) };
  }
  return {
    stream: (signal) =>
      createUIMessageStream<ChatUIMessage>({
        execute: ({ writer }) =>
          writeAnswer(
            services,
            bot,
            resolved,
            written.answerId,
            knowledge ? [...instructions, knowledge.instruction] : instructions,
            cards,
            knowledge?.sources ?? [],
            [...written.history, { role: "user" as const, content: input.text }],
            meta,
            signal,
            writer,
          ),
        onError: () => "The answer could not be written.",
      }),
  };
}

/**
 * Answers left `streaming` by a writer that is gone (an instance that died mid-answer: its
 * heartbeat stopped `staleAnswerMs` ago) are stopped, their text kept, as a thread's are.
 */
export async function settleStaleAnswers(db: Database, conversationId: number) {
  await db
    .update(botMessages)
    .set({ status: "stopped" })
    .where(
      and(
        eq(botMessages.conversationId, conversationId),
        eq(botMessages.status, "streaming"),
        sql`${botMessages.updatedAt} < now() - make_interval(secs => ${staleAnswerMs / 1000})`,
      ),
    );
}

/** An answer still `streaming` that its writer has not touched for a minute has lost its writer. */
function effectiveStatus(message: Pick<BotMessage, "status" | "updatedAt">) {
  const stale = Date.now() - message.updatedAt.getTime() > staleAnswerMs;
  return message.status === "streaming" && stale ? "stopped" : message.status;
}

const answerInProgress = () =>
  conflict("ANSWER_IN_PROGRESS", "The answer to this message is still being written.");

async function replay(
  db: Database,
  bot: Bot,
  question: BotMessage,
  metaOf: (q: number, a: number) => Omit<ChatMetadata, "status" | "error" | "fallback">,
): Promise<SendResult> {
  const [answer] = await db
    .select()
    .from(botMessages)
    .where(and(eq(botMessages.questionId, question.id), eq(botMessages.role, "assistant")));
  if (!answer) throw answerInProgress();
  const status = effectiveStatus(answer);
  if (status === "streaming") throw answerInProgress();
  const meta = metaOf(question.id, answer.id);
  const cards = answer.cardIds.length
    ? new Map(
        (await cardsOfBot(db, question.botId)).map((card) => [card.id, toPublicCard(bot, card)]),
      )
    : new Map<string, PublicCard>();
  const shown = answer.cardIds.flatMap((id) => cards.get(id) ?? []);
  return { stream: () => fixedStream(meta, answer.text, status, answer.fallback, shown) };
}

function fixedStream(
  meta: Omit<ChatMetadata, "status" | "error" | "fallback">,
  text: string,
  status: BotMessage["status"],
  fallback: boolean,
  cards: PublicCard[] = [],
) {
  return createUIMessageStream<ChatUIMessage>({
    execute: ({ writer }) => {
      const id = `text-${meta.assistantMessageId}`;
      writer.write({
        type: "start",
        messageId: meta.assistantMessageId,
        messageMetadata: { ...meta, status: "streaming", fallback, error: null },
      });
      writer.write({ type: "text-start", id });
      if (text) writer.write({ type: "text-delta", id, delta: text });
      writer.write({ type: "text-end", id });
      for (const card of cards)
        writer.write({ type: "data-card", id: `card-${card.id}`, data: card });
      writer.write({
        type: "finish",
        messageMetadata: { ...meta, status, fallback, error: null },
      });
    },
  });
}

type Writer = Parameters<
  NonNullable<Parameters<typeof createUIMessageStream<ChatUIMessage>>[0]["execute"]>
>[0]["writer"];

async function writeAnswer(
  services: PublicChatServices,
  bot: Bot,
  resolved: ResolvedModel<"chat">,
  answerId: number,
  instructions: string[],
  cards: BotCard[],
  passages: BotAnswerSource[],
  messages: { role: "user" | "assistant"; content: string }[],
  meta: Omit<ChatMetadata, "status" | "error" | "fallback">,
  signal: AbortSignal,
  writer: Writer,
) {
  const cardsById = new Map(cards.map((card) => [card.id, card]));
  const shown: string[] = [];
  const { db, ai } = services;
  const { abortSignal } = callSignal({ signal, deadlineMs: ai.chatDeadlineMs });
  const id = `text-${answerId}`;
  writer.write({
    type: "start",
    messageId: meta.assistantMessageId,
    messageMetadata: { ...meta, status: "streaming", fallback: false, error: null },
  });
  writer.write({ type: "text-start", id });
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let text = "";
  let stored = "";
  let storedAt = Date.now();
  // The text so far, and a heartbeat while the model is silent: an answer untouched for
  // `staleAnswerMs` is one whose writer died, and is settled as stopped.
  const timer = setInterval(() => {
    if (text === stored && Date.now() - storedAt < answerHeartbeatMs) return;
    stored = text;
    storedAt = Date.now();
    void db
      .update(botMessages)
      .set({ text: stored, updatedAt: new Date() })
      .where(and(eq(botMessages.id, answerId), eq(botMessages.status, "streaming")))
      .catch(() => {});
  }, answerFlushMs);
  const maxOutputTokens = Math.min(ai.maxOutputTokens.chat, lengthTokens[bot.answerLength]);
  const promptTokens = estimateTokens(
    [...instructions, ...messages.map((m) => m.content)].join("\n"),
  );
  let status: BotMessage["status"] = "complete";
  let error: { code: string; message: string } | null = null;
  let tokens: CallUsage = { units: 0 };
  try {
    tokens = await runAiCall(
      {
        db,
        quotas: ai.quotas,
        organizationId: bot.organizationId,
        userId: null,
        purpose: "bot",
      },
      resolved,
      async (spent) => {
        const result = streamText({
          model: resolved.model,
          instructions: instructions.map((content) => ({ role: "system" as const, content })),
          messages,
          temperature: bot.temperature,
          maxOutputTokens,
          abortSignal,
          tools: cardTools(cards),
          onError: () => {},
        });
        let failure: unknown;
        try {
          for await (const part of result.fullStream) {
            if (part.type === "text-delta") {
              firstTokenMs ??= Math.round(performance.now() - started);
              text += part.text;
              writer.write({ type: "text-delta", id, delta: part.text });
            } else if (part.type === "tool-call" && part.toolName === "show_card") {
              const cardId = (part.input as { cardId?: unknown } | undefined)?.cardId;
              const card = typeof cardId === "string" ? cardsById.get(cardId) : undefined;
              if (card && !shown.includes(card.id)) {
                shown.push(card.id);
                writer.write({
                  type: "data-card",
                  id: `card-${card.id}`,
                  data: toPublicCard(bot, card),
                });
              }
            } else if (part.type === "error") {
              failure ??= part.error;
            }
          }
        } catch (caught) {
          failure ??= caught;
        }
        const estimated = {
          units: promptTokens + estimateTokens(text),
          inputTokens: promptTokens,
          outputTokens: estimateTokens(text),
        };
        spent(estimated);
        if (failure !== undefined) throw failure;
        const used = await result.usage;
        const usage =
          used.totalTokens === undefined
            ? estimated
            : {
                units: used.totalTokens,
                inputTokens: used.inputTokens,
                outputTokens: used.outputTokens,
              };
        return { value: usage, usage };
      },
      { estimate: promptTokens + maxOutputTokens },
    );
  } catch (caught) {
    if (caught instanceof QuotaExceededError) {
      status = "failed";
      error = { code: "QUOTA_EXCEEDED", message: "The bot cannot answer at the moment." };
    } else {
      const failure = classifyAiError(caught);
      status = failure.code === "AI_CANCELLED" ? "stopped" : "failed";
      error =
        status === "failed"
          ? { code: failure.code, message: "The answer could not be written." }
          : null;
    }
  } finally {
    clearInterval(timer);
  }
  const cited = citedSources(text, passages);
  await db
    .update(botMessages)
    .set({
      text,
      status,
      errorCode: error?.code ?? null,
      firstTokenMs,
      inputTokens: tokens.inputTokens ?? null,
      outputTokens: tokens.outputTokens ?? null,
      cardIds: shown,
      sources: cited,
    })
    .where(eq(botMessages.id, answerId));
  if (shown.length > 0) {
    // A card sent is a card viewed.
    await db
      .update(botCards)
      .set({ views: sql`${botCards.views} + 1`, updatedAt: sql`${botCards.updatedAt}` })
      .where(and(inArray(botCards.id, shown), eq(botCards.botId, bot.id)));
  }
  writer.write({ type: "text-end", id });
  if (cited.length > 0)
    writer.write({ type: "data-sources", id: `sources-${answerId}`, data: cited });
  if (error) writer.write({ type: "error", errorText: error.message });
  writer.write({ type: "finish", messageMetadata: { ...meta, status, fallback: false, error } });
}

/**
 * The knowledge an answer draws on, when the bot has some and any of it is relevant. A failing
 * embedding model (down, over its quota) leaves full-text search to find it.
 */
async function knowledgeFor(
  services: PublicChatServices,
  bot: Bot,
  question: string,
): Promise<AnswerKnowledge | null> {
  const { db, ai } = services;
  if (!(await hasKnowledge(db, bot.id))) return null;
  const retrieval = await retrieveKnowledge(db, ai, bot, question).catch(() =>
    retrieveKnowledge(db, ai, bot, question, { embedder: null }),
  );
  return answerKnowledge(retrieval, {
    knowledgeOnly: bot.knowledgeOnly,
    fallbackMessage: bot.fallbackMessage,
  });
}
