/** A thread exported: its current branch as Markdown, or every message as JSON. */
import type { Database } from "../db/client";
import type { ThreadMessageStatus } from "../db/schema";
import type { Actor } from "../organizations/permissions";
import { messagesOf, messageTree, siblingsByParent, toMessageView } from "./thread-messages";
import { getThread, type ThreadView } from "./threads";

const statusNotes: Partial<Record<ThreadMessageStatus, string>> = {
  streaming: "_(still being written)_",
  stopped: "_(stopped before the end)_",
};

/** The current branch as Markdown: the title, the system prompt, then each message. */
export function threadToMarkdown(thread: ThreadView): string {
  const parts = [`# ${thread.title || "Untitled thread"}`];
  if (thread.systemPrompt) {
    parts.push(`**System prompt**\n\n${thread.systemPrompt}`);
  }
  for (const message of thread.messages) {
    const who =
      message.role === "user" ? "You" : `Assistant${message.model ? ` (${message.model})` : ""}`;
    const note = message.error
      ? `_(failed: ${message.error.code}, ${message.error.message})_`
      : statusNotes[message.status];
    parts.push([`## ${who}`, message.content, note].filter(Boolean).join("\n\n"));
  }
  return `${parts.join("\n\n")}\n`;
}

/** Every message of a thread, every branch, oldest first, with the thread's settings. */
export async function threadToJson(db: Database, actor: Actor, id: number) {
  const thread = await getThread(db, actor, id);
  const tree = await messageTree(db, id);
  const variants = siblingsByParent(tree);
  const messages = (await messagesOf(db, id)).map((message) => toMessageView(message, variants));
  const { messages: _branch, highlights: _highlights, ...settings } = thread;
  return { thread: settings, messages };
}
