/**
 * What a bot and its cards may hold, in one place: the routes validate against these, the
 * services rely on them, and docs/x-bot.md lists them. Text lengths count characters; the custom
 * CSS counts UTF-8 bytes, as the widget downloads it.
 */
export const botLimits = {
  name: 100,
  description: 1_000,
  tags: 20,
  tag: 40,
  instructions: 20_000,
  fallbackMessage: 1_000,
  /** Temperature of the chat model. */
  temperature: { min: 0, max: 2 },
  /** Per visitor: at most `messages` (1…1,000) in `seconds` (1…86,400). */
  rateLimit: { messages: { min: 1, max: 1_000 }, seconds: { min: 1, max: 86_400 } },
  dailyMessageCap: { min: 1, max: 1_000_000 },
  maxMessageLength: { min: 20, max: 10_000 },
  retentionDays: { min: 1, max: 365 },
  allowedDomains: 50,
  domain: 253,
  /** The appearance's texts and lists. */
  headerTitle: 80,
  headerSubtitle: 120,
  welcomeMessages: 5,
  welcomeMessage: 500,
  suggestedPrompts: 6,
  suggestedPrompt: 120,
  placeholder: 120,
  footer: 200,
  disclaimer: 500,
  radius: { min: 0, max: 32 },
  customCssBytes: 20_000,
  /** Cards of one bot, and what a card holds. */
  cards: 50,
  cardTitle: 100,
  cardText: 1_000,
  whenToShow: 500,
  buttons: 3,
  buttonLabel: 40,
  buttonValue: 500,
  url: 2_000,
} as const;

/** How long a deleted bot can be restored (days). */
export const botRestoreDays = 30;
