import { OpenAPIHono, z } from "@hono/zod-openapi";
import { createUIMessageStreamResponse } from "ai";
import {
  feedbackRatings,
  threadAttachmentKinds,
  threadMessageRoles,
  threadMessageStatuses,
  threadVisibilities,
} from "../db/schema";
import { attachment } from "../http/attachment";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { binRoutes, queryFlag, searchWords } from "../http/record-routes";
import {
  codedIssue,
  countedPageOf,
  jsonBody,
  jsonResponse,
  numericId,
  optionalString,
  pagedQuery,
  protectedRoute,
  requiredString,
  text,
} from "../http/schemas";
import { consumeMemberRateLimit } from "../identity/rate-limits";
import { threadRestoreDays } from "./thread-access";
import {
  type AnswerChunk,
  type PreparedAnswer,
  prepareAnswer,
  prepareNewThreadAnswer,
  titleDeadlineMs,
} from "./thread-answers";
import type { AttachmentView } from "./thread-attachments";
import { attachmentCharacters, contextCharacters } from "./thread-context";
import { threadToJson, threadToMarkdown } from "./thread-export";
import { showNextGreeting } from "./thread-greetings";
import {
  getThreadMessage,
  type MessageView,
  maxFeedbackNote,
  maxMessageContent,
  setMessageFeedback,
} from "./thread-messages";
import {
  createThread,
  deleteThread,
  getThread,
  listThreads,
  maxModelId,
  maxSystemPrompt,
  maxThreadTitle,
  restoreThread,
  type ThreadSummary,
  type ThreadView,
  updateThread,
} from "./threads";

const tags = ["Threads"];

const SegmentsSchema = z.array(z.object({ text: z.string(), match: z.boolean() })).nullable();

export { numericId };

export const idParams = z.object({ id: numericId("Not a thread id") });
const messageParams = idParams.extend({ messageId: numericId("Not a message id") });

const threadSummaryShape = {
  id: z.int().openapi({ description: "Digits only in a path" }),
  title: z
    .string()
    .openapi({ description: "Empty until the first complete answer gives the thread one" }),
  visibility: z.enum(threadVisibilities).openapi({
    description:
      "private: its author's alone; organization: members with threads.read read it (only its " +
      "author writes in it)",
  }),
  pinned: z.boolean().openapi({ description: "The author's pin" }),
  archived: z.boolean(),
  model: z.string().nullable().openapi({
    description:
      "A model of the organization's chat provider in place of its model; null: its model",
  }),
  author: z.object({ id: z.uuid(), name: z.string() }),
  mine: z.boolean().openapi({ description: "The caller wrote it, and so may write in it" }),
  character: z
    .object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() })
    .nullable()
    .openapi({ description: "The character it was started with (POST /characters/{id}/chat)" }),
  lastActivityAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
};

const ThreadSummarySchema = z
  .object({
    ...threadSummaryShape,
    highlights: z
      .object({
        title: SegmentsSchema,
        message: SegmentsSchema.openapi({
          description: "Where the newest matching message matched, around the match",
        }),
      })
      .optional(),
  })
  .openapi("ThreadSummary");

const ContextAttachmentSchema = z
  .object({
    attachmentId: z.int(),
    name: z.string().openapi({ description: "Its name when the answer was written" }),
    included: z.int().openapi({ description: "Characters of its text the model read" }),
    total: z.int().openapi({
      description: "Characters of its text then (0: a document that was deleted)",
    }),
  })
  .openapi("ThreadContextAttachment");

export const AttachmentSchema = z
  .object({
    id: z.int().openapi({ description: "Digits only in a path" }),
    kind: z.enum(threadAttachmentKinds).openapi({
      description:
        "document: a document of the organization, read as it is at each answer; file: an " +
        "uploaded file whose text was taken out on upload",
    }),
    name: z.string().openapi({ description: "The file's name, or the document's title" }),
    documentId: z.uuid().nullable(),
    mediaType: z.string().nullable().openapi({
      description: "A file's type, as its content showed it; null for a document",
      example: "application/pdf",
    }),
    size: z.int().nullable().openapi({ description: "A file's size in bytes" }),
    characters: z.int().openapi({
      description: "The length of its text as the next answer would read it",
    }),
    available: z.boolean().openapi({
      description: "false: its document was deleted, and it is left out of the context",
    }),
    createdAt: z.iso.datetime(),
  })
  .openapi("ThreadAttachment");

export const attachmentJson = (attachment: AttachmentView) => ({
  ...attachment,
  createdAt: attachment.createdAt.toISOString(),
});

const MessageSchema = z
  .object({
    id: z.int(),
    parentId: z.int().nullable().openapi({ description: "The message it follows" }),
    role: z.enum(threadMessageRoles),
    content: z.string(),
    status: z.enum(threadMessageStatuses).openapi({
      description:
        "complete; streaming while the model writes it; stopped: the reader went away or stopped " +
        "it, the text so far kept; failed: see `error`",
    }),
    error: z
      .object({
        code: z.string().openapi({
          description: "An AI error code (docs/ai.md) or QUOTA_EXCEEDED",
          example: "AI_PROVIDER_QUOTA",
        }),
        message: z.string().openapi({ description: "The provider's words, or a plain message" }),
      })
      .nullable(),
    model: z.string().nullable().openapi({ description: "The model that answered" }),
    contextOmitted: z.int().openapi({
      description: "Earlier messages left out of the model's context for this answer",
    }),
    contextAttachments: z.array(ContextAttachmentSchema).openapi({
      description:
        "What the model read of each attachment for this answer, in the order of attachment: " +
        "`included` < `total` was cut at its end, 0 left out (docs/threads.md)",
    }),
    usage: z
      .object({ inputTokens: z.int().nullable(), outputTokens: z.int().nullable() })
      .nullable()
      .openapi({ description: "An answer's tokens, when the provider said" }),
    feedback: z
      .object({ rating: z.enum(feedbackRatings).nullable(), note: z.string() })
      .nullable()
      .openapi({ description: "An answer's rating by the thread's author; null for a question" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    variants: z
      .object({
        index: z.int().openapi({ description: "Its place among its variants, from 0" }),
        count: z.int(),
        ids: z.array(z.int()),
      })
      .openapi({
        description:
          "Messages of the same role after the same message (edits of a question, answers " +
          "written again), oldest first, itself among them",
      }),
  })
  .openapi("ThreadMessage");

const ThreadSchema = z
  .object({
    ...threadSummaryShape,
    temperature: z.number().nullable(),
    systemPrompt: z.string(),
    currentMessageId: z
      .int()
      .nullable()
      .openapi({ description: "The last message of the branch shown" }),
    attachments: z.array(AttachmentSchema).openapi({
      description: "What the model reads besides the messages, in the order of attachment",
    }),
    messages: z.array(MessageSchema).openapi({ description: "The current branch, oldest first" }),
  })
  .openapi("Thread");

const iso = (date: Date) => date.toISOString();

const summaryJson = (thread: ThreadSummary) => ({
  id: thread.id,
  title: thread.title,
  visibility: thread.visibility,
  pinned: thread.pinned,
  archived: thread.archived,
  model: thread.model,
  author: thread.author,
  mine: thread.mine,
  character: thread.character,
  lastActivityAt: iso(thread.lastActivityAt),
  createdAt: iso(thread.createdAt),
  updatedAt: iso(thread.updatedAt),
  deletedAt: thread.deletedAt ? iso(thread.deletedAt) : null,
  ...(thread.highlights ? { highlights: thread.highlights } : {}),
});

const messageJson = (message: MessageView) => ({
  ...message,
  createdAt: iso(message.createdAt),
  updatedAt: iso(message.updatedAt),
});

const threadJson = (thread: ThreadView) => {
  const { highlights: _highlights, ...summary } = summaryJson(thread);
  return {
    ...summary,
    temperature: thread.temperature,
    systemPrompt: thread.systemPrompt,
    currentMessageId: thread.currentMessageId,
    attachments: thread.attachments.map(attachmentJson),
    messages: thread.messages.map(messageJson),
  };
};

const fields = {
  title: optionalString({ max: maxThreadTitle }).openapi({
    description: "Empty: made after the first complete answer",
    example: "Campaign ideas",
  }),
  visibility: z.enum(threadVisibilities, { error: "One of private, organization" }),
  model: requiredString({ max: maxModelId })
    .regex(/^[\w.:/@+-]+$/, "Letters, digits and . _ : / @ + - only")
    .nullable()
    .openapi({ example: "gpt-4o-mini" }),
  temperature: z
    .number("A number from 0 to 2")
    .min(0, "From 0 to 2")
    .max(2, "From 0 to 2")
    .nullable(),
  systemPrompt: optionalString({ max: maxSystemPrompt, multiline: true }),
};

const ThreadCreateSchema = z
  .object({
    title: fields.title.default(""),
    visibility: fields.visibility.default("private"),
    model: fields.model.default(null),
    temperature: fields.temperature.default(null),
    systemPrompt: fields.systemPrompt.default(""),
  })
  .openapi("ThreadCreate");

const ThreadUpdateSchema = z
  .object({
    title: fields.title.optional(),
    visibility: fields.visibility.optional(),
    model: fields.model.optional(),
    temperature: fields.temperature.optional(),
    systemPrompt: fields.systemPrompt.optional(),
    pinned: z.boolean("true or false").optional(),
    archived: z.boolean("true or false").optional(),
    currentMessageId: z
      .int("A message id")
      .min(1, "A message id")
      .optional()
      .openapi({
        description:
          "Shows the branch through this message (a variant of an answer or of a question), " +
          "down to its newest message",
      }),
  })
  .openapi("ThreadUpdate");

const messageId = z.int("A message id").min(1, "A message id");

const MessageCreateSchema = z
  .object({
    content: text({ multiline: true })
      .refine((value) => value.trim() !== "", {
        ...codedIssue("REQUIRED", "Required"),
        abort: true,
      })
      .refine(
        (value) => value.length <= maxMessageContent,
        codedIssue("TOO_LONG", "At most 100,000 characters"),
      ),
    parentId: messageId
      .nullable()
      .optional()
      .openapi({
        description:
          "The message it follows: left out, the current branch's last message; another message " +
          "to branch from an earlier point (an edited question is a sibling of the question, " +
          "after the same message); null, the thread's start",
      }),
  })
  .openapi("ThreadMessageCreate");

const FeedbackSchema = z
  .object({
    rating: z.enum(feedbackRatings, { error: "One of up, down, or null" }).nullable(),
    note: optionalString({ max: maxFeedbackNote, multiline: true }).default(""),
  })
  .openapi("ThreadMessageFeedback");

const listQuery = pagedQuery().extend({
  q: searchWords(),
  archived: queryFlag().openapi({
    description: "true: the archived threads only; false (default): the others",
  }),
  deleted: queryFlag().openapi({
    description: "true: the caller's deleted threads that can still be restored",
  }),
});

const streamDescription = `The answer streams as Server-Sent Events in the AI SDK's UI message stream protocol
(version 1, header \`x-vercel-ai-ui-message-stream: v1\`): each event is \`data: <JSON chunk>\`, the
last one \`data: [DONE]\`, and lines starting with \`:\` keep the connection alive. The chunks, in order:
\`start\` (\`messageId\`: the answer's id as text; \`messageMetadata\`: \`{ threadId, userMessageId,
assistantMessageId, contextOmitted, contextAttachments, status: "streaming", error: null }\`), \`text-start\`, one
\`text-delta\` per piece of text (\`delta\`), \`text-end\`, then \`error\` (\`errorText\`) when the answer
failed, \`data-title\` (\`data: { title }\`) when the answer gave the thread its title, and \`finish\`
whose \`messageMetadata\` carries how the answer ended: \`status\` complete, stopped or failed, and
\`error\` \`{ code, message }\`. The question and the answer are stored before the first chunk;
the answer's text is stored as it streams (every second) and in full at the end. Closing the request
stops the model: the answer is kept as far as it got, \`stopped\`. A provider's failure is an answer
\`failed\` with its code (docs/ai.md); the question stays.

Refused before anything is stored: 429 TOO_MANY_REQUESTS with Retry-After past the member's
chat rate (RATE_LIMIT_CHAT_PER_MEMBER, messages and regenerations together), 429 QUOTA_EXCEEDED
past the organization's monthly quota, 422 MODEL_NOT_ALLOWED on \`model\` when the thread names a
model that the deployment's provider no longer lists.

The model reads, within ${contextCharacters.toLocaleString("en")} characters: the system prompt; the entries of the
thread's character's lorebook that the last messages call for (within the book's token budget);
the attachments' text, in the order of attachment, together at most ${attachmentCharacters.toLocaleString("en")} characters (each takes
what is left, the one that does not fit is cut at its end, those after it are left out); then the
branch up to the question, newest last, in what is left: failed answers are left out, then the
oldest messages first. \`contextOmitted\` says how many messages were left out, and
\`contextAttachments\` (\`[{ attachmentId, name, included, total }]\`, in characters) what was read of
each attachment; both are in \`start\` and \`finish\`, and on the stored answer. A thread without a title gets one from the model after its first
complete answer (a second call of a few tokens, within ${titleDeadlineMs / 1000} seconds), or, when that call fails,
the first words of the question.

Refused before anything is stored: 409 AI_NOT_CONFIGURED (no chat model is set up for the
organization), 429 QUOTA_EXCEEDED (its monthly chat quota is used; Retry-After), 409
ANSWER_IN_PROGRESS (another answer of the thread is being written), 409 THREAD_DELETED, 403 for a
thread shared by someone else (only its author writes in it).`;

const streamResponse = {
  description: "The answer, as it is written",
  content: {
    "text/event-stream": {
      schema: z.string().openapi({ description: "Server-Sent Events (UI message stream v1)" }),
    },
  },
};

const listRoute = protectedRoute({
  method: "get",
  path: "/threads",
  tags,
  summary: "The threads the caller may read: their own and those shared with them (threads.read)",
  description:
    "The caller's pinned threads first, then by last activity. `q` searches titles and the text " +
    "of every message (English and normalised Arabic); `highlights` marks the matches. Changes " +
    "go out as `thread.created`, `thread.updated`, `thread.deleted`, `thread.restored`, " +
    "`message.created`, `message.completed` and `message.updated` events, whose `id` is the " +
    "thread's, to its author's queue while it is private and to the organization's topic once " +
    "it is shared.",
  request: { query: listQuery },
  responses: {
    200: jsonResponse("One page of threads", countedPageOf(ThreadSummarySchema, "ThreadList")),
  },
  errors: [403, 422],
});

const createThreadRoute = protectedRoute({
  method: "post",
  path: "/threads",
  tags,
  summary: "Start a thread (threads.write)",
  description:
    "422 MODEL_NOT_ALLOWED on `model` for a model of the deployment's provider that it does not " +
    "list (AI_CHAT_MODELS); an organization's own provider takes any of its models.",
  request: jsonBody(ThreadCreateSchema),
  responses: { 201: jsonResponse("The new thread", ThreadSchema) },
  errors: [400, 403, 413, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/threads/{id}",
  tags,
  summary: "A thread with the messages of its current branch (threads.read)",
  description:
    "Another's private thread is 404, as is any thread of another organization. The author " +
    "sees their deleted thread while it can be restored.",
  request: { params: idParams },
  responses: { 200: jsonResponse("The thread", ThreadSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/threads/{id}",
  tags,
  summary: "Change a thread, or pick the branch it shows (threads.write, its author)",
  description:
    "`currentMessageId` picks a variant: the thread then shows the branch through that message, " +
    "down to its newest message (422 UNKNOWN_MESSAGE for a message of another thread). 409 " +
    "THREAD_DELETED once deleted. 422 MODEL_NOT_ALLOWED on `model` as POST /threads says.",
  request: { params: idParams, ...jsonBody(ThreadUpdateSchema) },
  responses: { 200: jsonResponse("The thread as it is now", ThreadSchema) },
  errors: [400, 403, 404, 409, 413, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/threads",
  tags,
  idParams,
  schema: ThreadSchema,
  name: "thread",
  deleteSummary: `Delete a thread, restorable for ${threadRestoreDays} days (threads.write, its author)`,
  restoreSummary: "Bring a deleted thread back (threads.write, its author)",
});

const postMessageRoute = protectedRoute({
  method: "post",
  path: "/threads/{id}/messages",
  tags,
  summary: "Ask: add a message and stream the model's answer (threads.write, its author)",
  description: `At most ${maxMessageContent.toLocaleString("en")} characters. 422 UNKNOWN_MESSAGE on \`parentId\` for a message of another thread.\n\n${streamDescription}`,
  request: { params: idParams, ...jsonBody(MessageCreateSchema) },
  responses: { 200: streamResponse },
  errors: [400, 403, 404, 409, 413, 422, 429],
});

const startWithMessageRoute = protectedRoute({
  method: "post",
  path: "/threads/messages",
  tags,
  summary: "Ask in a new thread: start it with the message and stream the answer (threads.write)",
  description: `A private thread with the organization's chat model, made only when the question can be sent: refused before anything is stored (409 AI_NOT_CONFIGURED, 429 QUOTA_EXCEEDED), no thread is left behind. \`start\`'s \`threadId\` names the new thread. At most ${maxMessageContent.toLocaleString("en")} characters.\n\n${streamDescription}`,
  request: jsonBody(MessageCreateSchema.omit({ parentId: true }).openapi("NewThreadMessage")),
  responses: { 200: streamResponse },
  errors: [400, 403, 409, 413, 422, 429],
});

const regenerateRoute = protectedRoute({
  method: "post",
  path: "/threads/{id}/messages/{messageId}/regenerate",
  tags,
  summary: "Write an answer again: a new variant beside it (threads.write, its author)",
  description: `The new answer follows the same question, and the thread shows it. 422 NOT_AN_ANSWER for a question.\n\n${streamDescription}`,
  request: { params: messageParams },
  responses: { 200: streamResponse },
  errors: [403, 404, 409, 422, 429],
});

const nextGreetingRoute = protectedRoute({
  method: "post",
  path: "/threads/{id}/messages/{messageId}/next-greeting",
  tags,
  summary: "Show a character's next greeting in place of its greeting (threads.write, its author)",
  description:
    "A character's thread opens with one of its greetings (the card's first message and its " +
    "alternate greetings), the others stored beside it as its versions (`variants`). This shows " +
    "the version after `messageId`, after the last the first, with the branch that follows it; " +
    "a thread opened before the greetings were stored as versions is given the missing ones " +
    "first. 422 NOT_A_GREETING for a message that is not a greeting, 409 NO_OTHER_GREETING when " +
    "the character has only one, 409 ANSWER_IN_PROGRESS while an answer is being written.",
  request: { params: messageParams },
  responses: { 200: jsonResponse("The thread as it is now", ThreadSchema) },
  errors: [403, 404, 409, 422],
});

const feedbackRoute = protectedRoute({
  method: "put",
  path: "/threads/{id}/messages/{messageId}/feedback",
  tags,
  summary: "Rate an answer (threads.write, the thread's author)",
  description: "A null rating takes the rating back. 422 NOT_AN_ANSWER for a question.",
  request: { params: messageParams, ...jsonBody(FeedbackSchema) },
  responses: { 200: jsonResponse("The message", MessageSchema) },
  errors: [400, 403, 404, 409, 422],
});

const exportRoute = protectedRoute({
  method: "get",
  path: "/threads/{id}/export",
  tags,
  summary: "A thread as a Markdown or JSON file (threads.read)",
  description:
    "Markdown: the title, the system prompt and the current branch. JSON: `{ thread, messages }`, " +
    "the thread's settings and every message of every branch, oldest first, each with its " +
    "`parentId`, so that the tree can be rebuilt.",
  request: {
    params: idParams,
    query: z.object({ format: z.enum(["md", "json"], { error: "One of md, json" }) }),
  },
  responses: {
    200: {
      description: "The file",
      content: {
        "text/markdown": { schema: z.string() },
        "application/json": {
          schema: z
            .object({
              thread: ThreadSchema.omit({ messages: true }),
              messages: z.array(MessageSchema),
            })
            .openapi("ThreadExport"),
        },
      },
    },
  },
  errors: [403, 404, 422],
});

function answerResponse(answer: PreparedAnswer, signal: AbortSignal) {
  return createUIMessageStreamResponse({
    stream: answer.stream(signal) as ReadableStream<AnswerChunk>,
    headers: { "Cache-Control": "no-store" },
    keepAliveMs: 15_000,
  });
}

export function createThreadRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, total, totalCapped } = await listThreads(c.var.db, c.var.auth.actor, query);
      return c.json(
        {
          items: items.map(summaryJson),
          total,
          totalCapped,
          page: query.page,
          pageSize: query.pageSize,
        },
        200,
      );
    })
    .openapi(createThreadRoute, async (c) => {
      const { actor } = c.var.auth;
      const body = c.req.valid("json");
      const id = await createThread({ db: c.var.db, ai: c.var.ai }, actor, body);
      return c.json(threadJson(await getThread(c.var.db, actor, id)), 201);
    })
    .openapi(getRoute, async (c) => {
      const thread = await getThread(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.json(threadJson(thread), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const changes = c.req.valid("json");
      await updateThread({ db: c.var.db, ai: c.var.ai }, actor, id, changes);
      return c.json(threadJson(await getThread(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteThread(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreThread(c.var.db, actor, id);
      return c.json(threadJson(await getThread(c.var.db, actor, id)), 200);
    })
    .openapi(postMessageRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { content, parentId } = c.req.valid("json");
      await consumeMemberRateLimit(c.var.db, c.var.rateLimits, "chatPerMember", c.var.auth.actor);
      const answer = await prepareAnswer({ db: c.var.db, ai: c.var.ai }, c.var.auth.actor, id, {
        kind: "reply",
        content,
        ...(parentId !== undefined ? { parentId } : {}),
      });
      return answerResponse(answer, c.req.raw.signal);
    })
    .openapi(startWithMessageRoute, async (c) => {
      const { content } = c.req.valid("json");
      await consumeMemberRateLimit(c.var.db, c.var.rateLimits, "chatPerMember", c.var.auth.actor);
      const services = { db: c.var.db, ai: c.var.ai };
      const answer = await prepareNewThreadAnswer(services, c.var.auth.actor, content);
      return answerResponse(answer, c.req.raw.signal);
    })
    .openapi(regenerateRoute, async (c) => {
      const { id, messageId: answerId } = c.req.valid("param");
      await consumeMemberRateLimit(c.var.db, c.var.rateLimits, "chatPerMember", c.var.auth.actor);
      const answer = await prepareAnswer({ db: c.var.db, ai: c.var.ai }, c.var.auth.actor, id, {
        kind: "regenerate",
        messageId: answerId,
      });
      return answerResponse(answer, c.req.raw.signal);
    })
    .openapi(nextGreetingRoute, async (c) => {
      const { id, messageId: greetingId } = c.req.valid("param");
      const { actor } = c.var.auth;
      await showNextGreeting(c.var.db, actor, id, greetingId);
      return c.json(threadJson(await getThread(c.var.db, actor, id)), 200);
    })
    .openapi(feedbackRoute, async (c) => {
      const { id, messageId: answerId } = c.req.valid("param");
      const { actor } = c.var.auth;
      await setMessageFeedback(c.var.db, actor, id, answerId, c.req.valid("json"));
      return c.json(messageJson(await getThreadMessage(c.var.db, actor, id, answerId)), 200);
    })
    .openapi(exportRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { format } = c.req.valid("query");
      const { actor } = c.var.auth;
      const thread = await getThread(c.var.db, actor, id);
      const body =
        format === "md"
          ? threadToMarkdown(thread)
          : JSON.stringify(await threadToJson(c.var.db, actor, id), null, 2);
      const type = format === "md" ? "text/markdown" : "application/json";
      return c.body(body, 200, {
        "Content-Type": `${type}; charset=utf-8`,
        "Content-Disposition": attachment(thread.title, format, "thread"),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
      });
    });
}
