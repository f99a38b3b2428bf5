import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { requiredText } from "./validation";

export type KnowledgeSource = ApiSchema<"KnowledgeSource">;
export type KnowledgeQa = ApiSchema<"KnowledgeQa">;
export type KnowledgeSearchResult = ApiSchema<"KnowledgeSearchResult">;

/** The API's limits on knowledge (docs/x-bot.md): what the forms hold at most. */
export const knowledgeLimits = {
  title: 200,
  text: 200_000,
  question: 500,
  answer: 4_000,
  query: 2_000,
  /** A file source, in bytes (20 MB). */
  fileBytes: 20 * 1024 * 1024,
  /** An imported file of questions and answers, in bytes (2 MiB). */
  importBytes: 2 * 1024 * 1024,
} as const;

/** The files a source may be read from, for the file input's `accept`. */
export const knowledgeFileAccept = ".txt,.md,.markdown,.html,.htm,.pdf,.docx,.csv,.json";

/** A text source's form. */
export const KnowledgeTextFields = z.object({
  title: requiredText(knowledgeLimits.title),
  text: z.string("required").trim().min(1, "required").max(knowledgeLimits.text, "tooLongPlain"),
});

/** A question with its answer. */
export const KnowledgeQaFields = z.object({
  question: requiredText(knowledgeLimits.question),
  answer: z
    .string("required")
    .trim()
    .min(1, "required")
    .max(knowledgeLimits.answer, "tooLongPlain"),
});

/** A bad row of an import, as the API names it. */
export type ImportRow = { line: number; field: string; message: string };

/** What the page's action answers with when a form must show something. */
export type KnowledgeAnswer = {
  intent: string;
  /** Field → message key of `validation`. */
  errors?: Record<string, string>;
  /** A message key of `xbot` for the whole form. */
  formError?: string;
  values?: Record<string, string>;
  qaId?: string;
  rows?: ImportRow[];
  invalidRows?: number;
  search?: { query: string; result: KnowledgeSearchResult };
};
