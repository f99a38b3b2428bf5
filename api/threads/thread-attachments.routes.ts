import { OpenAPIHono, z } from "@hono/zod-openapi";
import { validationFailed } from "../errors";
import { bodyLimit } from "../http/body-limit";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { chosenFile } from "../http/multipart";
import { jsonResponse, multipartFile, pagedQuery, pageOf, protectedRoute } from "../http/schemas";
import { permissionFirst } from "../organizations/permission-first";
import { maxFileBytes, maxFileText } from "./file-text";
import {
  attachDocument,
  attachFile,
  detachAttachment,
  listThreadAttachments,
  maxThreadAttachments,
} from "./thread-attachments";
import { attachmentCharacters } from "./thread-context";
import { AttachmentSchema, attachmentJson, idParams, numericId } from "./threads.routes";

const tags = ["Threads"];

const attachmentParams = idParams.extend({ attachmentId: numericId("Not an attachment id") });

const AttachDocumentSchema = z
  .object({
    documentId: z.uuid("Not a document id").openapi({
      description: "A document of the organization that the caller may read (documents.read)",
    }),
  })
  .openapi("ThreadAttachDocument");

const AttachFileSchema = z
  .object({
    file: multipartFile(
      "A .txt, .md, .pdf or .docx file; its name says which, its content must agree",
    ),
  })
  .openapi("ThreadAttachFile");

const megabytes = maxFileBytes / 1024 / 1024;

const listRoute = protectedRoute({
  method: "get",
  path: "/threads/{id}/attachments",
  tags,
  summary: "What a thread's model reads besides the messages (threads.read)",
  description:
    "In the order of attachment. A document's attachment carries the document's title and " +
    "length as they are now, and `available: false` once the document was deleted (it is then " +
    "left out of the context).",
  request: { params: idParams, query: pagedQuery() },
  responses: {
    200: jsonResponse("The attachments", pageOf(AttachmentSchema, "ThreadAttachmentList")),
  },
  errors: [403, 404, 422],
});

const attachRoute = protectedRoute({
  method: "post",
  path: "/threads/{id}/attachments",
  tags,
  summary: "Attach a document or a file to a thread (threads.write, its author)",
  description: `JSON \`{ documentId }\` attaches a document of the organization (documents.read too): its text
is read again at each answer. A multipart \`file\` attaches a text (.txt), Markdown (.md), PDF (.pdf) or
Word (.docx) file of at most ${megabytes} MB: its text is taken out now and kept (at most
${maxFileText.toLocaleString("en")} characters), the file is not. A thread holds at most ${maxThreadAttachments} attachments. The
answers read the attachments after the system prompt, together at most
${attachmentCharacters.toLocaleString("en")} characters (docs/threads.md). The thread's event is \`thread.updated\`.

Refused, with nothing stored: 404 UNKNOWN_DOCUMENT on \`documentId\` for a document that is not the
organization's, deleted, or unknown; 409 ALREADY_ATTACHED for a document the thread holds; 409
TOO_MANY_ATTACHMENTS; 409 THREAD_DELETED; 403 for a thread shared by someone else (only its author
attaches); 413 FILE_TOO_LARGE, UNPACKED_TOO_LARGE (a .docx whose ZIP says it unpacks past 48 MB);
422 on \`file\`: UNSUPPORTED_FILE (another kind of file), INVALID_PDF, INVALID_DOCX, INVALID_TEXT
(content that is not what the name says), NO_TEXT (nothing to read, as in a scanned PDF),
TEXT_TOO_LONG, TOO_MANY_PAGES, FILE_UNREADABLE (a PDF or .docx that takes longer than 15 s or more
memory than 512 MB to read).`,
  middleware: [permissionFirst("threads.write"), bodyLimit(maxFileBytes + 64 * 1024)] as const,
  request: {
    params: idParams,
    body: {
      // One of the two, told apart by Content-Type.
      required: false,
      content: {
        "application/json": { schema: AttachDocumentSchema },
        "multipart/form-data": { schema: AttachFileSchema },
      },
    },
  },
  responses: { 201: jsonResponse("The attachment", AttachmentSchema) },
  errors: [400, 403, 404, 409, 413, 415, 422],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/threads/{id}/attachments/{attachmentId}",
  tags,
  summary: "Take an attachment off a thread (threads.write, its author)",
  description:
    "The document itself stays. Later answers no longer read it; the answers written before " +
    "keep what they read of it in `contextAttachments`.",
  request: { params: attachmentParams },
  responses: { 204: { description: "Taken off" } },
  errors: [403, 404, 409, 422],
});

const multipartType = /^multipart\/form-data\b/i;

export function createThreadAttachmentRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { page, pageSize } = c.req.valid("query");
      const all = await listThreadAttachments(c.var.db, c.var.auth.actor, id);
      const items = all.slice((page - 1) * pageSize, page * pageSize).map(attachmentJson);
      return c.json({ items, total: all.length, page, pageSize }, 200);
    })
    .openapi(attachRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      if (multipartType.test(c.req.header("content-type") ?? "")) {
        // Validated by the schema of its content type; the other's data is empty.
        const form = c.req.valid("form") as Partial<z.infer<typeof AttachFileSchema>>;
        const file = chosenFile(form.file);
        if (!file) {
          throw validationFailed({ file: { code: "REQUIRED", message: "Choose a file" } });
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        const attachment = await attachFile(c.var.db, actor, id, { name: file.name, bytes });
        return c.json(attachmentJson(attachment), 201);
      }
      const { documentId } = c.req.valid("json") as Partial<z.infer<typeof AttachDocumentSchema>>;
      if (!documentId) {
        throw validationFailed({
          documentId: { code: "REQUIRED", message: "A document's id, or a file" },
        });
      }
      const attachment = await attachDocument(c.var.db, actor, id, documentId);
      return c.json(attachmentJson(attachment), 201);
    })
    .openapi(deleteRoute, async (c) => {
      const { id, attachmentId } = c.req.valid("param");
      await detachAttachment(c.var.db, c.var.auth.actor, id, attachmentId);
      return c.body(null, 204);
    });
}
