import type { Database } from "../db/client";
import { type Actor, requirePermission } from "../organizations/permissions";
import type { Storage } from "../storage/storage";
import { type ImportedFile, importDocumentFile } from "./document-content";
import { createDocument, saveDocumentImage } from "./documents";

/**
 * A new document from a Markdown or Word file (documents.write), given to a client and a project
 * when they are named; resolves with its id. The images of a .docx are stored as a document's
 * images are, and one that cannot be is left out rather than failing the import.
 */
export async function importDocument(
  db: Database,
  storage: Storage,
  actor: Actor,
  file: ImportedFile,
  links: { clientId: string | null; projectId: string | null },
): Promise<string> {
  requirePermission(actor, "documents.write");
  const imported = await importDocumentFile(file, (bytes) =>
    saveDocumentImage(actor, storage, bytes).catch(() => null),
  );
  return createDocument(db, actor, { ...imported, ...links, workspaceId: null });
}
