import { and, asc, eq, isNull, or } from "drizzle-orm";
import { fillNames } from "../characters/characters";
import type { Database } from "../db/client";
import { characters, type Thread, threadMessages, threads, users } from "../db/schema";
import { AppError, conflict } from "../errors";
import { type Actor, requirePermission } from "../organizations/permissions";
import { lockOwnThread, publishThreadEvent, threadDeleted } from "./thread-access";
import { messageTree, newestLeaf, runningAnswer, settleStaleAnswers } from "./thread-messages";

/**
 * A character's thread opens with a greeting: an answer that no question came before. Its other
 * greetings (the card's first message and alternate greetings) are versions of it, siblings with
 * no parent, so that "‹ 2 / 4 ›" and "Next greeting" go through them as character-card apps do.
 */

export const notAGreeting = () =>
  new AppError("invalid", "NOT_A_GREETING", "This message is not the greeting of a character.");

/**
 * Shows the greeting that follows `messageId` among the thread's greetings, after the last one
 * the first again (threads.write, the thread's author). A thread that holds fewer greetings than
 * its character has (one opened before greetings were stored as versions) is given the missing
 * ones first, with the names filled in. 409 NO_OTHER_GREETING when there is only one.
 */
export async function showNextGreeting(
  db: Database,
  actor: Actor,
  threadId: number,
  messageId: number,
): Promise<void> {
  requirePermission(actor, "threads.write");
  await db.transaction(async (tx) => {
    const thread = await lockOwnThread(tx, actor, threadId);
    if (thread.deletedAt) throw threadDeleted();
    await settleStaleAnswers(tx, threadId);
    if (await runningAnswer(tx, threadId)) {
      throw conflict("ANSWER_IN_PROGRESS", "An answer is still being written in this thread.");
    }
    let greetings = await storedGreetings(tx, threadId);
    const shown = greetings.find((greeting) => greeting.id === messageId);
    if (!shown) throw notAGreeting();
    const missing = (await characterGreetings(tx, thread)).filter(
      (text) => !greetings.some((greeting) => greeting.content === text),
    );
    if (missing.length > 0) {
      await tx.insert(threadMessages).values(
        missing.map((content) => ({
          threadId,
          organizationId: thread.organizationId,
          parentId: null,
          role: "assistant" as const,
          content,
        })),
      );
      greetings = await storedGreetings(tx, threadId);
    }
    if (greetings.length < 2) {
      throw conflict("NO_OTHER_GREETING", "The character has no other greeting.");
    }
    const next = greetings[(greetings.findIndex((g) => g.id === messageId) + 1) % greetings.length];
    if (!next) return;
    const leaf = newestLeaf(await messageTree(tx, threadId), next.id);
    await tx
      .update(threads)
      .set({ currentMessageId: leaf, lastActivityAt: new Date() })
      .where(eq(threads.id, threadId));
    await publishThreadEvent(tx, actor, "thread.updated", threadId);
  });
}

/** The thread's greetings: its answers without a parent, oldest first. */
async function storedGreetings(tx: Database, threadId: number) {
  return tx
    .select({ id: threadMessages.id, content: threadMessages.content })
    .from(threadMessages)
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        isNull(threadMessages.parentId),
        eq(threadMessages.role, "assistant"),
      ),
    )
    .orderBy(asc(threadMessages.id));
}

/**
 * The greetings of the thread's character as a chat with it opens with them, names filled in;
 * none once the character is deleted or no longer shared with the thread's author.
 */
async function characterGreetings(tx: Database, thread: Thread): Promise<string[]> {
  if (!thread.characterId) return [];
  const [character] = await tx
    .select({
      name: characters.name,
      firstMessage: characters.firstMessage,
      alternateGreetings: characters.alternateGreetings,
    })
    .from(characters)
    .where(
      and(
        eq(characters.id, thread.characterId),
        eq(characters.organizationId, thread.organizationId),
        or(eq(characters.authorId, thread.authorId), eq(characters.visibility, "organization")),
        isNull(characters.deletedAt),
      ),
    );
  if (!character) return [];
  const [author] = await tx
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, thread.authorId));
  const names = { char: character.name, user: author?.firstName ?? "" };
  return [character.firstMessage, ...character.alternateGreetings]
    .map((text) => fillNames(text, names))
    .filter((text) => text.trim() !== "");
}
