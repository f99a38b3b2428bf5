import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { optionalText, requiredText } from "./validation";

export type Document = ApiSchema<"Document">;
export type DocumentSummary = ApiSchema<"DocumentSummary">;
export type DocumentVersionSummary = ApiSchema<"DocumentVersionSummary">;

/** One piece of a comparison between a version and the document now. */
export type VersionChange = { change: "added" | "removed" | "same"; text: string };

/**
 * A comparison cut into its lines, each line the pieces (or parts of pieces) on it, so that each
 * line takes its own direction: an Arabic line reads from the right in a mostly English document.
 */
export function changeLines<T extends VersionChange>(changes: T[]): T[][] {
  const lines: T[][] = [[]];
  for (const change of changes) {
    change.text.split("\n").forEach((text, index) => {
      if (index > 0) lines.push([]);
      if (text) lines[lines.length - 1]?.push({ ...change, text });
    });
  }
  return lines;
}

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
  PROJECT_OF_OTHER_CLIENT: "projectOfOtherClient",
};

/** The form of /documents/new: a title, and the client and project it is for. */
export const NewDocumentFields = z.object({
  title: requiredText(200),
  clientId: optionalText(36),
  projectId: optionalText(36),
});
