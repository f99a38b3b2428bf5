/**
 * The public chat API the widget speaks, under `/api/v1/public/bots/{publicId}`
 * (docs/x-bot-widget.md). Ids are digits, sent as strings or numbers; the widget keeps strings.
 */

export type BotLanguage = "en" | "ar" | "visitor";
export type Theme = "light" | "dark" | "auto";
export type FontChoice = "system" | "inter" | "ibm-plex-sans-arabic";
export type Position = "start" | "end";

export type Appearance = {
  theme: Theme;
  /** `#rrggbb` or `#rgb`; anything else falls back to the product's accent. */
  accentColor: string;
  font: FontChoice;
  /** Corner radius in pixels, 0 to 24. */
  radius: number;
  /** Bottom start or bottom end of the page, mirrored in Arabic. */
  position: Position;
  launcher: "icon" | "avatar";
  /** Empty: the bot's name. Empty texts below are left out (the placeholder: the widget's own). */
  headerTitle: string;
  headerSubtitle: string;
  welcomeMessages: string[];
  suggestedPrompts: string[];
  placeholder: string;
  footer: string;
  disclaimer: string;
  /** Added to the widget's shadow root only. */
  customCss: string;
};

/** `GET /`: what a visitor's browser may know of the bot. `appearance` is the bot's as stored. */
export type BotPublicConfig = {
  publicId: string;
  name: string;
  /** An http(s) address, or a path on the product's origin; null for no avatar. */
  avatarUrl: string | null;
  language: BotLanguage;
  /** The longest message the bot accepts, in characters. */
  maxMessageLength: number;
  appearance: Appearance;
};

/** `POST /conversations` → 201. */
export type ConversationStarted = {
  conversationId: string | number;
  /** The signed visitor token, sent back as `Authorization: Bearer`. */
  token: string;
};

export type Identity = { userId: string; signature: string; name?: string; email?: string };

export type Role = "user" | "assistant";
export type MessageStatus = "streaming" | "complete" | "stopped" | "failed";
export type Rating = "up" | "down";

/** An item of `GET /conversations/{id}/messages`. */
export type PublicMessage = {
  id: string | number;
  role: Role;
  text: string;
  status: MessageStatus;
  rating?: Rating | null;
  createdAt?: string;
};

/** The API's error shape (decision 002). */
export type ApiErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
};
