import type { AnswerSource, MessageStatus, PublicCard, Rating, Role } from "./contract";

/** A message as the widget shows and keeps it. */
export type WidgetMessage = {
  /** The server's id, or `local-…` until the server has named it. */
  id: string;
  role: Role;
  text: string;
  status: MessageStatus | "sending";
  rating?: Rating | null;
  /** The message cards the answer showed. */
  cards?: PublicCard[];
  /** The knowledge the answer cites. */
  sources?: AnswerSource[];
};

/** A visitor's conversation with one bot, kept in the browser between visits. */
export type SavedConversation = {
  conversationId: string;
  token: string;
  /** The identified user it belongs to (`identify`), null for an anonymous visitor. */
  userId: string | null;
  messages: WidgetMessage[];
  /** The visitor sent the bot's lead form in this conversation. */
  lead?: boolean;
};

/** How many messages the browser keeps; the server has the whole conversation. */
export const keptMessages = 100;
const roles: readonly string[] = ["user", "assistant"];
const statuses: readonly string[] = ["sending", "streaming", "complete", "stopped", "failed"];

export const storageKey = (publicId: string) => `qalam-bot:${publicId}`;

/** The saved conversation, or null when there is none or what is stored cannot be read. */
export function loadConversation(storage: Storage | null, publicId: string) {
  let value: unknown;
  try {
    const text = storage?.getItem(storageKey(publicId));
    if (!text) return null;
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return readConversation(value);
}

/** Checks what was read from storage: another script of the page may have written there. */
export function readConversation(value: unknown): SavedConversation | null {
  if (!value || typeof value !== "object") return null;
  const { conversationId, token, userId, messages, lead } = value as Record<string, unknown>;
  if (typeof conversationId !== "string" || !conversationId) return null;
  if (typeof token !== "string" || !token) return null;
  return {
    conversationId,
    token,
    userId: typeof userId === "string" ? userId : null,
    messages: Array.isArray(messages) ? messages.flatMap(readMessage).slice(-keptMessages) : [],
    ...(lead === true ? { lead } : {}),
  };
}

function readMessage(value: unknown): WidgetMessage[] {
  if (!value || typeof value !== "object") return [];
  const { id, role, text, status, rating, cards, sources } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof text !== "string") return [];
  if (!roles.includes(role as string) || !statuses.includes(status as string)) return [];
  return [
    {
      id,
      role: role as Role,
      text,
      status: status as WidgetMessage["status"],
      rating: rating === "up" || rating === "down" ? rating : null,
      ...withCards(readCards(cards)),
      ...withSources(readSources(sources)),
    },
  ];
}

const withCards = (cards: PublicCard[]) => (cards.length ? { cards } : {});
export const withSources = (sources: AnswerSource[]) => (sources.length ? { sources } : {});

/** The sources of an answer as the server or the storage gave them: only well-formed ones. */
export function readSources(value: unknown): AnswerSource[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): AnswerSource[] => {
    if (!item || typeof item !== "object") return [];
    const { title, url } = item as Record<string, unknown>;
    if (typeof title !== "string" || !title) return [];
    return [{ title, url: typeof url === "string" ? url : null }];
  });
}

const buttonKinds: readonly string[] = ["reply", "link", "lead_form"];

/** The cards of a message as the server or the storage gave them: only well-formed ones. */
export function readCards(value: unknown): PublicCard[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): PublicCard[] => {
    if (!item || typeof item !== "object") return [];
    const { id, title, text, imageUrl, buttons } = item as Record<string, unknown>;
    if (typeof id !== "string" || typeof title !== "string" || typeof text !== "string") return [];
    return [
      {
        id,
        title,
        text,
        imageUrl: typeof imageUrl === "string" ? imageUrl : null,
        buttons: (Array.isArray(buttons) ? buttons : [])
          .filter(
            (button): button is PublicCard["buttons"][number] =>
              !!button &&
              buttonKinds.includes(button.kind) &&
              typeof button.label === "string" &&
              typeof button.value === "string",
          )
          .slice(0, 3),
      },
    ];
  });
}

/** Keeps the conversation; a full or refused storage keeps it for this page only. */
export function saveConversation(
  storage: Storage | null,
  publicId: string,
  conversation: SavedConversation,
): boolean {
  const kept = { ...conversation, messages: conversation.messages.slice(-keptMessages) };
  try {
    storage?.setItem(storageKey(publicId), JSON.stringify(kept));
    return storage !== null;
  } catch {
    return false;
  }
}

export function clearConversation(storage: Storage | null, publicId: string) {
  try {
    storage?.removeItem(storageKey(publicId));
  } catch {
    // Storage refused (a privacy setting): there is nothing kept to clear.
  }
}

/** The page's localStorage, or null where the browser refuses it (sandboxed frames, settings). */
export function browserStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem("qalam-bot:probe");
    return storage;
  } catch {
    return null;
  }
}
