import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { errorMessage, requiredText } from "./validation";

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

/** The paths of a crawl's patterns as typed: one a line or separated by commas. */
const pathList = z
  .string()
  .transform((value) =>
    value
      .split(/[\n,]+/)
      .map((path) => path.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\/\S*$/, "invalid")
          .max(200, "invalid"),
      )
      .max(20, errorMessage("tooMany", { count: 20 })),
  )
  .transform((paths) => (paths.length ? paths : undefined));

/** A number typed in a field, `fallback` when it is left empty. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? fallback : Number(value)))
    .pipe(
      z
        .number("invalid")
        .int("invalid")
        .min(min, errorMessage("tooSmall", { count: min }))
        .max(max, errorMessage("tooBig", { count: max })),
    );

/** A website to teach from: one page, its sitemap, or a crawl from it (docs/knowledge.md). */
export const KnowledgeWebsiteFields = z.object({
  url: z
    .string()
    .min(1, "required")
    .max(2_000, errorMessage("tooLong", { count: 2_000 }))
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), "invalidUrl"),
  reach: z.enum(["url", "sitemap", "crawl"]).catch("url"),
  depth: wholeNumber(0, 5, 2),
  pageLimit: wholeNumber(1, 500, 50),
  include: pathList,
  exclude: pathList,
});
