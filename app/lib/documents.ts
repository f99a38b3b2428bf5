import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { optionalText, requiredText } from "./validation";

export type Document = ApiSchema<"Document">;
export type DocumentSummary = ApiSchema<"DocumentSummary">;
export type DocumentVersionSummary = ApiSchema<"DocumentVersionSummary">;

/** What the text of a document may be at most, as the API counts it. */
export const maxDocumentCharacters = 1_000_000;

/** The list's sort orders; "relevance" only while searching. */
export const documentSorts = ["-updated", "title", "relevance"] as const;

/** The answer of the document page's save (form or autosave). */
export type SaveAnswer =
  | { intent: "save"; saved: { version: number; updatedAt: string } }
  | {
      intent: "save";
      stale: {
        current: Document;
        mine: { title: string; content: string | null; markdown: string | null };
      };
    }
  | { intent: "save"; error: string };

/** The API's codes of a refused save or import, as the page explains them (documents:errors.*). */
export const documentErrorKeys: Record<string, string> = {
  DOCUMENT_TOO_LARGE: "tooLarge",
  TOO_LONG: "tooLarge",
  PAYLOAD_TOO_LARGE: "fileTooLarge",
  UNSUPPORTED_FILE: "unsupportedFile",
  INVALID_DOCX: "invalidDocx",
  UNPACKED_TOO_LARGE: "unpackedTooLarge",
  FILE_UNREADABLE: "fileUnreadable",
  INVALID_TEXT: "invalidText",
  REQUIRED: "chooseFile",
};

/** The form of /documents/new: a title, and the client and project it is for. */
export const NewDocumentFields = z.object({
  title: requiredText(200),
  clientId: optionalText(36),
  projectId: optionalText(36),
});
