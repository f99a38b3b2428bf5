import {
  createUIMessageStream,
  generateText,
  type InferUIMessageChunk,
  streamText,
  type UIMessage,
  type UIMessageStreamWriter,
} from "ai";
import { and, eq, isNull, or } from "drizzle-orm";
import { type AiServices, organizationAiSettings } from "../ai/ai-models";
import { type CallUsage, checkAiQuota, estimateTokens, runAiCall } from "../ai/ai-usage";
import { AiError, type AiErrorCode, classifyAiError } from "../ai/errors";
import { asModelChoiceError } from "../ai/model-choice";
import { callSignal, type ResolvedModel } from "../ai/registry";
import { loreReader } from "../characters/character-lore";
import { fillNames, readerName } from "../characters/characters";
import type { Database } from "../db/client";
import {
  type ContextAttachment,
  characters,
  type Thread,
  type ThreadMessage,
  type ThreadMessageStatus,
  threadMessages,
  threads,
  users,
} from "../db/schema";
import { conflict, notFound, QuotaExceededError } from "../errors";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { lockOwnThread, publishThreadEvent, threadDeleted } from "./thread-access";
import { attachmentTexts } from "./thread-attachments";
import { buildContext, type ContextMessage } from "./thread-context";
import {
  answerFlushMs,
  answerHeartbeatMs,
  branchMessages,
  messageOfThread,
  notAnAnswer,
  runningAnswer,
  settleStaleAnswers,
} from "./thread-messages";
import { insertThread } from "./threads";

export type AnswerServices = { db: Database; ai: AiServices };

/** A member's new message (after `parentId`, or after the current branch's last message). */
export type ReplyRequest = { kind: "reply"; content: string; parentId?: number | null };
/** Another answer in place of an answer: a sibling with the same parent. */
export type RegenerateRequest = { kind: "regenerate"; messageId: number };

/** What the stream's metadata says of the answer being written. */
export type AnswerMetadata = {
  threadId: number;
  userMessageId: number;
  assistantMessageId: number;
  /** Earlier messages left out of the model's context (docs/threads.md). */
  contextOmitted: number;
  /** How much of each attachment's text the model read. */
  contextAttachments: ContextAttachment[];
  status: ThreadMessageStatus;
  error: { code: string; message: string } | null;
};

/** The UI message the stream builds (AI SDK 7's UI message stream protocol). */
export type ThreadUIMessage = UIMessage<AnswerMetadata, { title: { title: string } }>;

/** How long the title of a thread may take to make. */
export const titleDeadlineMs = 15_000;
/** The title's length at most, in characters. */
const maxTitleLength = 80;

const plainMessages: Record<AiErrorCode | "QUOTA_EXCEEDED", string> = {
  AI_NOT_CONFIGURED: "No chat model is set up for this organization.",
  AI_BAD_KEY: "The AI provider refused the key.",
  AI_UNKNOWN_MODEL: "The AI provider has no such model.",
  AI_PROVIDER_QUOTA: "The AI provider's rate limit or quota was reached.",
  AI_REFUSED: "The AI provider refused to answer this.",
  AI_PROVIDER_DOWN: "The AI provider failed or could not be reached.",
  AI_TIMEOUT: "The answer took too long.",
  AI_CANCELLED: "The answer was stopped.",
  AI_PRIVATE_ADDRESS: "The AI provider's address leads into a private network.",
  AI_BAD_RESPONSE: "The AI provider answered something that could not be read.",
  AI_TOOL_MISSING: "A program the model needs is not installed on the server.",
  QUOTA_EXCEEDED: "This organization has used its chat quota for the month.",
};

export type PreparedAnswer = {
  threadId: number;
  userMessageId: number;
  assistantMessageId: number;
  contextOmitted: number;
  contextAttachments: ContextAttachment[];
  /**
   * The answer as a stream of UI message chunks; writing it starts at once, whether or not the
   * stream is read. `signal` (the request's) and cancelling the stream both stop the provider.
   */
  stream: (signal: AbortSignal) => ReadableStream<AnswerChunk>;
};

export type AnswerChunk = InferUIMessageChunk<ThreadUIMessage>;

/** The organization's chat model, the thread's own model id in place of its model. */
async function chatModel(
  services: AnswerServices,
  actor: OrganizationActor,
  modelId: string | null,
) {
  const settings = await organizationAiSettings(
    services.db,
    services.ai.secrets,
    actor.organizationId,
  );
  try {
    return services.ai.registry.modelFor("chat", settings, { modelId: modelId ?? undefined });
  } catch (error) {
    if (error instanceof AiError && error.failure.code === "AI_NOT_CONFIGURED") {
      throw conflict("AI_NOT_CONFIGURED", plainMessages.AI_NOT_CONFIGURED);
    }
    // A thread's model saved before the deployment's list changed: 422 on the thread's model.
    throw asModelChoiceError(error);
  }
}

/**
 * Adds a member's message to their thread (or picks the answer to write again) and the answer
 * that follows it, `streaming`, and returns how to write it. Nothing is added without a chat
 * model (409 AI_NOT_CONFIGURED), past the month's quota (429 QUOTA_EXCEEDED), or while another
 * answer of the thread is being written (409 ANSWER_IN_PROGRESS).
 */
export async function prepareAnswer(
  services: AnswerServices,
  actor: Actor,
  threadId: number,
  request: ReplyRequest | RegenerateRequest,
): Promise<PreparedAnswer> {
  requirePermission(actor, "threads.write");
  const { db, ai } = services;
  // A first look, so that a thread that is not the actor's is 404 or 403 before anything else.
  const first = await db.transaction((tx) => lockOwnThread(tx, actor, threadId));
  if (first.deletedAt) throw threadDeleted();
  const resolved = await chatModel(services, actor, first.model);
  // The answer's reservation will hold the member's message and the answer's most at least.
  const least =
    ai.maxOutputTokens.chat + (request.kind === "reply" ? estimateTokens(request.content) : 0);
  const quota = { db, quotas: ai.quotas, organizationId: actor.organizationId };
  await checkAiQuota(quota, "chat", new Date(), least);
  const lore = await threadLore(db, first, request);

  const written = await db.transaction(async (tx) => {
    const thread = await lockOwnThread(tx, actor, threadId);
    if (thread.deletedAt) throw threadDeleted();
    await settleStaleAnswers(tx, threadId);
    if (await runningAnswer(tx, threadId)) {
      throw conflict("ANSWER_IN_PROGRESS", "An answer is still being written in this thread.");
    }
    let question: { id: number; content: string };
    if (request.kind === "reply") {
      const parentId = request.parentId === undefined ? thread.currentMessageId : request.parentId;
      if (parentId !== null) await messageOfThread(tx, threadId, parentId, "parentId");
      const [inserted] = await tx
        .insert(threadMessages)
        .values({
          threadId,
          organizationId: actor.organizationId,
          parentId,
          role: "user",
          content: request.content,
          authorId: actor.userId,
        })
        .returning({ id: threadMessages.id, content: threadMessages.content });
      if (!inserted) throw new Error("insert into thread_messages returned no row");
      question = inserted;
    } else {
      const [target] = await tx
        .select()
        .from(threadMessages)
        .where(
          and(eq(threadMessages.id, request.messageId), eq(threadMessages.threadId, threadId)),
        );
      if (!target) throw notFound("No such message.");
      if (target.role !== "assistant" || target.parentId === null) throw notAnAnswer();
      const [parent] = await tx
        .select({ id: threadMessages.id, content: threadMessages.content })
        .from(threadMessages)
        .where(eq(threadMessages.id, target.parentId));
      if (!parent) throw notFound("No such message.");
      question = parent;
    }
    const branch = await branchMessages(tx, threadId, question.id);
    const context = buildContext(thread.systemPrompt, branch, {
      lore: lore?.(branch) ?? [],
      attachments: await attachmentTexts(tx, actor, threadId),
    });
    const [answer] = await tx
      .insert(threadMessages)
      .values({
        threadId,
        organizationId: actor.organizationId,
        parentId: question.id,
        role: "assistant",
        status: "streaming",
        model: resolved.modelId,
        contextOmitted: context.omitted,
        contextAttachments: context.attachments,
      })
      .returning({ id: threadMessages.id });
    if (!answer) throw new Error("insert into thread_messages returned no row");
    await tx
      .update(threads)
      .set({ currentMessageId: answer.id, lastActivityAt: new Date() })
      .where(eq(threads.id, threadId));
    await publishThreadEvent(tx, actor, "message.created", threadId);
    return {
      question,
      answerId: answer.id,
      context,
      temperature: thread.temperature,
    };
  });

  const job: AnswerJob = {
    services,
    actor,
    resolved,
    threadId,
    question: written.question,
    answerId: written.answerId,
    instructions: written.context.instructions,
    messages: written.context.messages,
    omitted: written.context.omitted,
    contextAttachments: written.context.attachments,
    temperature: written.temperature,
  };
  return {
    threadId,
    userMessageId: written.question.id,
    assistantMessageId: written.answerId,
    contextOmitted: written.context.omitted,
    contextAttachments: written.context.attachments,
    stream: (signal) => answerStream(job, signal),
  };
}

/**
 * Starts a thread with the member's first question and its answer, as POST /threads and then
 * POST /threads/{id}/messages would, but leaving no thread behind when the question is refused
 * before it is sent: the chat model (409 AI_NOT_CONFIGURED) and the month's quota (429
 * QUOTA_EXCEEDED) are checked before the thread is made, and a thread whose question is refused
 * all the same (the quota spent meanwhile) is deleted again with what it held.
 */
export async function prepareNewThreadAnswer(
  services: AnswerServices,
  actor: Actor,
  content: string,
): Promise<PreparedAnswer> {
  requirePermission(actor, "threads.write");
  const { db, ai } = services;
  await chatModel(services, actor, null);
  const least = ai.maxOutputTokens.chat + estimateTokens(content);
  const quota = { db, quotas: ai.quotas, organizationId: actor.organizationId };
  await checkAiQuota(quota, "chat", new Date(), least);
  const threadId = await insertThread(db, actor, {
    title: "",
    visibility: "private",
    model: null,
    temperature: null,
    systemPrompt: "",
  });
  try {
    return await prepareAnswer(services, actor, threadId, { kind: "reply", content });
  } catch (error) {
    await db.transaction(async (tx) => {
      await publishThreadEvent(tx, actor, "thread.deleted", threadId);
      await tx.delete(threads).where(eq(threads.id, threadId));
    });
    throw error;
  }
}

type BranchMessage = Pick<ThreadMessage, "role" | "content" | "status">;

/**
 * A reader of the thread's character's lorebook (character-lore.ts): given the branch, the
 * entries it calls for, with the names filled in. None when the thread has no character, or its
 * character has no book, is deleted or is no longer shared with the thread's author.
 *
 * Read before the thread is locked: the book is prepared and scanned over the branch that the
 * answer will follow unless the thread changes meanwhile, since a large book takes a while and
 * the lock holds the thread (and, on PGlite, the database). Inside the lock, the reader compares
 * the messages it reads with those it scanned, and scans again only if they changed.
 */
async function threadLore(
  db: Database,
  thread: Thread,
  request: ReplyRequest | RegenerateRequest,
): Promise<((branch: BranchMessage[]) => string[]) | null> {
  if (!thread.characterId) return null;
  const [character] = await db
    .select({ name: characters.name, book: characters.characterBook })
    .from(characters)
    .where(
      and(
        eq(characters.id, thread.characterId),
        eq(characters.organizationId, thread.organizationId),
        or(eq(characters.authorId, thread.authorId), eq(characters.visibility, "organization")),
        isNull(characters.deletedAt),
      ),
    );
  if (!character?.book || character.book.entries.length === 0) return null;
  const [author] = await db
    .select({ firstName: users.firstName, email: users.email })
    .from(users)
    .where(eq(users.id, thread.authorId));
  const names = { char: character.name, user: author ? readerName(author) : "" };
  const read = loreReader(character.book, (text) => fillNames(text, names));
  const lore = (branch: BranchMessage[]) =>
    read(
      branch
        .filter(
          (message) =>
            message.content.trim() !== "" &&
            !(message.role === "assistant" && message.status === "failed"),
        )
        .map((message) => message.content),
    ).entries;
  lore(await expectedBranch(db, thread, request));
  return lore;
}

/** The branch an answer will follow, as the thread is now, the member's new message included. */
async function expectedBranch(
  db: Database,
  thread: Thread,
  request: ReplyRequest | RegenerateRequest,
): Promise<BranchMessage[]> {
  if (request.kind === "regenerate") {
    return (await branchMessages(db, thread.id, request.messageId)).slice(0, -1);
  }
  const parentId = request.parentId === undefined ? thread.currentMessageId : request.parentId;
  const before = parentId === null ? [] : await branchMessages(db, thread.id, parentId);
  return [...before, { role: "user", content: request.content, status: "complete" }];
}

type AnswerJob = {
  services: AnswerServices;
  actor: OrganizationActor;
  resolved: ResolvedModel<"chat">;
  threadId: number;
  question: { id: number; content: string };
  answerId: number;
  /** The system prompt, the lorebook's entries, the attachments: those that are not empty. */
  instructions: string[];
  messages: ContextMessage[];
  omitted: number;
  contextAttachments: ContextAttachment[];
  temperature: number | null;
};

type Writer = UIMessageStreamWriter<ThreadUIMessage>;

function answerStream(job: AnswerJob, requestSignal: AbortSignal) {
  const stop = new AbortController();
  const signal = AbortSignal.any([requestSignal, stop.signal]);
  const stream = createUIMessageStream<ThreadUIMessage>({
    execute: ({ writer }) => writeAnswer(job, signal, writer),
    onError: () => "The answer could not be written.",
  });
  return whenCancelled(stream, () => stop.abort());
}

/** The stream as it is, calling `onCancel` when its reader cancels it (the client went away). */
function whenCancelled<T>(stream: ReadableStream<T>, onCancel: () => void): ReadableStream<T> {
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      onCancel();
      await reader.cancel(reason);
    },
  });
}

type Outcome = {
  status: "complete" | "stopped" | "failed";
  error: { code: string; message: string } | null;
  inputTokens: number | null;
  outputTokens: number | null;
};

function failureOutcome(error: unknown): Outcome {
  const none = { inputTokens: null, outputTokens: null };
  if (error instanceof QuotaExceededError) {
    return { status: "failed", error: { code: "QUOTA_EXCEEDED", message: error.message }, ...none };
  }
  const failure = classifyAiError(error);
  if (failure.code === "AI_CANCELLED") return { status: "stopped", error: null, ...none };
  const message =
    "detail" in failure && failure.detail ? failure.detail : plainMessages[failure.code];
  return { status: "failed", error: { code: failure.code, message }, ...none };
}

/**
 * Streams the model's answer to the client and into the answer's row: its text so far every
 * second (and every ten seconds when the model is silent), then how it ended. A complete first
 * answer of a thread without a title gives the thread one.
 */
async function writeAnswer(job: AnswerJob, signal: AbortSignal, writer: Writer) {
  const { db, ai } = job.services;
  const { abortSignal, timedOut } = callSignal({ signal, deadlineMs: ai.chatDeadlineMs });
  const metadata = {
    threadId: job.threadId,
    userMessageId: job.question.id,
    assistantMessageId: job.answerId,
    contextOmitted: job.omitted,
    contextAttachments: job.contextAttachments,
  };
  const textId = `text-${job.answerId}`;
  writer.write({
    type: "start",
    messageId: String(job.answerId),
    messageMetadata: { ...metadata, status: "streaming", error: null },
  });
  writer.write({ type: "text-start", id: textId });

  let text = "";
  let stored = "";
  let storedAt = Date.now();
  let flushing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (text === stored && Date.now() - storedAt < answerHeartbeatMs) return;
    const snapshot = text;
    stored = snapshot;
    storedAt = Date.now();
    flushing = flushing
      .then(() =>
        db
          .update(threadMessages)
          .set({ content: snapshot })
          .where(and(eq(threadMessages.id, job.answerId), eq(threadMessages.status, "streaming"))),
      )
      .catch(() => {});
  }, answerFlushMs);

  // What the model reads, as the quota counts it before the provider says (estimateTokens).
  const promptTokens = estimateTokens(
    [...job.instructions, ...job.messages.map((message) => message.content)].join("\n"),
  );
  let outcome: Outcome;
  try {
    const usage = await runAiCall(
      {
        db,
        quotas: ai.quotas,
        organizationId: job.actor.organizationId,
        userId: job.actor.userId,
        purpose: "thread",
      },
      job.resolved,
      async (spent) => {
        const result = streamText({
          model: job.resolved.model,
          ...(job.instructions.length > 0
            ? { instructions: job.instructions.map((content) => ({ role: "system", content })) }
            : {}),
          messages: job.messages,
          ...(job.temperature !== null ? { temperature: job.temperature } : {}),
          // An answer has an end: the provider stops at this many tokens (AI_CHAT_MAX_OUTPUT_TOKENS).
          maxOutputTokens: ai.maxOutputTokens.chat,
          abortSignal,
          onError: () => {},
        });
        // The SDK reports failures as parts of the stream; the first one is the answer's.
        let failure: unknown;
        let finished = false;
        let reported: CallUsage | undefined;
        try {
          for await (const part of result.fullStream) {
            if (part.type === "text-delta") {
              text += part.text;
              writer.write({ type: "text-delta", id: textId, delta: part.text });
            } else if (part.type === "error") {
              failure ??= part.error;
            } else if (part.type === "finish-step" && part.usage.totalTokens !== undefined) {
              reported = usageOf(part.usage);
            } else if (part.type === "finish") {
              finished = true;
            }
          }
        } catch (error) {
          failure ??= error;
        }
        // A stopped or failed answer still cost what the provider read and wrote: its own count
        // when it sent one, else an estimate of the prompt and of the text streamed so far.
        const estimated = (): CallUsage => {
          const outputTokens = estimateTokens(text);
          return { units: promptTokens + outputTokens, inputTokens: promptTokens, outputTokens };
        };
        spent(reported ?? estimated());
        // A stop before the end is named as one whatever the signal's reason was (a closed
        // connection's is text), so that the usage record tells a stop from a timeout.
        if (abortSignal.aborted && !finished) {
          throw new DOMException(
            "The answer was stopped.",
            timedOut() ? "TimeoutError" : "AbortError",
          );
        }
        if (failure !== undefined) throw failure;
        const used = await result.usage;
        // A server that does not count (it ignores `stream_options`) is counted by the text.
        return {
          value: used,
          usage: used.totalTokens === undefined ? estimated() : usageOf(used),
        };
      },
      { estimate: promptTokens + ai.maxOutputTokens.chat },
    );
    outcome = {
      status: "complete",
      error: null,
      inputTokens: usage.inputTokens ?? null,
      outputTokens: usage.outputTokens ?? null,
    };
  } catch (error) {
    outcome = failureOutcome(error);
  } finally {
    clearInterval(timer);
    await flushing;
  }

  await db.transaction(async (tx) => {
    await tx
      .update(threadMessages)
      .set({
        content: text,
        status: outcome.status,
        errorCode: outcome.error?.code ?? null,
        errorMessage: outcome.error?.message ?? null,
        inputTokens: outcome.inputTokens,
        outputTokens: outcome.outputTokens,
      })
      .where(eq(threadMessages.id, job.answerId));
    await tx
      .update(threads)
      .set({ lastActivityAt: new Date() })
      .where(eq(threads.id, job.threadId));
    await publishThreadEvent(tx, job.actor, "message.completed", job.threadId);
  });

  writer.write({ type: "text-end", id: textId });
  if (outcome.error) writer.write({ type: "error", errorText: outcome.error.message });
  if (outcome.status === "complete") {
    const title = await giveTitle(job, text, signal);
    if (title) writer.write({ type: "data-title", data: { title } });
  }
  writer.write({
    type: "finish",
    messageMetadata: { ...metadata, status: outcome.status, error: outcome.error },
  });
}

/**
 * The thread's title, when it has none yet: made by the model in a second small call (recorded
 * as `thread-title`), else, when that call fails, the first words of the member's message.
 * Resolves with the title given, or null when the thread had one by then.
 */
async function giveTitle(job: AnswerJob, answer: string, signal: AbortSignal) {
  const { db, ai } = job.services;
  const [thread] = await db
    .select({ title: threads.title })
    .from(threads)
    .where(eq(threads.id, job.threadId));
  if (thread?.title !== "") return null;
  const prompt = `User: ${job.question.content.slice(0, 2_000)}\n\nAssistant: ${answer.slice(0, 1_000)}`;
  const titlePrompt = `${titleInstructions}\n${prompt}`;
  let title = "";
  try {
    title = await runAiCall(
      {
        db,
        quotas: ai.quotas,
        organizationId: job.actor.organizationId,
        userId: job.actor.userId,
        purpose: "thread-title",
      },
      job.resolved,
      async () => {
        const result = await generateText({
          model: job.resolved.model,
          instructions: titleInstructions,
          prompt,
          maxOutputTokens: titleMaxOutputTokens,
          maxRetries: 1,
          abortSignal: callSignal({ signal, deadlineMs: titleDeadlineMs }).abortSignal,
        });
        return { value: cleanTitle(result.text), usage: usageOf(result.usage) };
      },
      { estimate: estimateTokens(titlePrompt) + titleMaxOutputTokens },
    );
  } catch {
    // The member's own words stand in.
  }
  title ||= firstWords(job.question.content);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(threads)
      .set({ title })
      .where(and(eq(threads.id, job.threadId), eq(threads.title, "")))
      .returning({ id: threads.id });
    if (!updated) return null;
    await publishThreadEvent(tx, job.actor, "thread.updated", job.threadId);
    return title;
  });
}

const titleInstructions =
  "Write a title of at most six words for the conversation below, in the language of " +
  "the user's message. Answer with the title only: no quotes, no final punctuation.";
const titleMaxOutputTokens = 30;

/** The SDK's usage of a call as the usage records count it: tokens in and out. */
function usageOf(used: {
  totalTokens?: number;
  inputTokens?: number;
  outputTokens?: number;
}): CallUsage {
  return {
    units: used.totalTokens ?? 0,
    inputTokens: used.inputTokens,
    outputTokens: used.outputTokens,
  };
}

/** A model's title on one line, without quotes or a final full stop, at most 80 characters. */
export function cleanTitle(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  const bare = line
    .replace(/^(title\s*:\s*)/i, "")
    .replace(/^["'“”«»`*]+|["'“”«»`*]+$/g, "")
    .replace(/[.。]+$/, "")
    .trim();
  return cut(bare, maxTitleLength);
}

/** The first words of a message, up to 60 characters, cut at a word. */
export function firstWords(content: string): string {
  return cut(content.replace(/\s+/g, " ").trim(), 60) || "…";
}

function cut(text: string, max: number) {
  if (text.length <= max) return text;
  const slice = text.slice(0, max);
  const space = slice.lastIndexOf(" ");
  return `${(space > max / 2 ? slice.slice(0, space) : slice).trimEnd()}…`;
}
