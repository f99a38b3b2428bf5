import { OpenAPIHono, z } from "@hono/zod-openapi";
import { documentVersionKinds } from "../db/schema";
import { attachment } from "../http/attachment";
import { bodyLimit } from "../http/body-limit";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { acceptMultipartForm, requiredFile } from "../http/multipart";
import { binRoutes, queryFlag, searchWords, sortOf } from "../http/record-routes";
import {
  codedIssue,
  countedPageOf,
  jsonBody,
  jsonResponse,
  multipartFile,
  optionalString,
  pagedQuery,
  pageOf,
  protectedRoute,
  requiredString,
} from "../http/schemas";
import { knowledgeServicesOf, resyncDocumentSources } from "../knowledge/sources";
import { permissionFirst } from "../organizations/permission-first";
import { type Actor, requireOrganization } from "../organizations/permissions";
import {
  compareTexts,
  documentToHtmlPage,
  documentToMarkdown,
  markdownToHtml,
  maxDocumentHtml,
  maxImportBytes,
} from "./document-content";
import { importDocument } from "./document-import";
import {
  createDocument,
  type DocumentSummary,
  type DocumentVersionSummary,
  type DocumentView,
  deleteDocument,
  documentRestoreDays,
  documentSorts,
  documentVersionMinutes,
  getDocument,
  getDocumentVersion,
  listDocuments,
  listDocumentVersions,
  maxDocumentImageBytes,
  restoreDocument,
  restoreDocumentVersion,
  saveDocumentImage,
  saveDocumentVersion,
  updateDocument,
} from "./documents";

const tags = ["Documents"];

const SegmentsSchema = z.array(z.object({ text: z.string(), match: z.boolean() })).nullable();
const RefSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

const documentSummaryShape = {
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string().openapi({ description: "The start of the text, at most 200 characters" }),
  client: RefSchema,
  project: RefSchema,
  workspace: RefSchema,
  updatedBy: RefSchema.openapi({ description: "Who saved it last" }),
  version: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
};

const DocumentSummarySchema = z
  .object({
    ...documentSummaryShape,
    highlights: z.object({ title: SegmentsSchema, text: SegmentsSchema }).optional(),
  })
  .openapi("DocumentSummary");

const DocumentSchema = z
  .object({
    ...documentSummaryShape,
    content: z.string().openapi({
      description:
        "HTML of the editor's tags only (paragraphs, headings, lists, task lists, tables, links, " +
        "images, code, quotes), each block with dir=auto",
    }),
    createdBy: RefSchema,
  })
  .openapi("Document");

const summaryJson = (document: DocumentSummary) => ({
  id: document.id,
  title: document.title,
  excerpt: document.excerpt,
  client: document.client,
  project: document.project,
  workspace: document.workspace,
  updatedBy: document.updatedBy,
  version: document.version,
  createdAt: document.createdAt.toISOString(),
  updatedAt: document.updatedAt.toISOString(),
  deletedAt: document.deletedAt?.toISOString() ?? null,
  ...(document.highlights ? { highlights: document.highlights } : {}),
});

/** The document as the API sends it; also what a 409 STALE_VERSION carries as `current`. */
export const documentJson = (document: DocumentView) => {
  const { highlights: _highlights, ...summary } = summaryJson(document);
  return { ...summary, content: document.content, createdBy: document.createdBy };
};

const fields = {
  title: requiredString({ max: 200 }).openapi({ example: "Campaign brief" }),
  content: z
    .string("Must be text")
    .max(maxDocumentHtml, codedIssue("TOO_LONG", "At most 1,000,000 characters")),
  clientId: z.uuid("Not a client id").nullable(),
  projectId: z.uuid("Not a project id").nullable(),
  workspaceId: z.uuid("Not a workspace id").nullable(),
};

const markdownField = z
  .string("Must be text")
  .max(maxDocumentHtml, codedIssue("TOO_LONG", "At most 1,000,000 characters"))
  .openapi({ description: "The text as Markdown instead of `content` (forms without the editor)" });

const DocumentCreateSchema = z
  .object({
    title: fields.title,
    content: fields.content.default(""),
    markdown: markdownField.optional(),
    clientId: fields.clientId.default(null),
    projectId: fields.projectId.default(null),
    workspaceId: fields.workspaceId.default(null),
  })
  .openapi("DocumentCreate");

const DocumentUpdateSchema = z
  .object({
    version: z.int("A whole number").min(1),
    title: fields.title.optional(),
    content: fields.content.optional(),
    markdown: markdownField.optional(),
    clientId: fields.clientId.optional(),
    projectId: fields.projectId.optional(),
    workspaceId: fields.workspaceId.optional(),
  })
  .openapi("DocumentUpdate");

const VersionSummarySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(documentVersionKinds).openapi({
      description:
        "auto: kept while editing; manual: saved on request, with a name; restore: the text a " +
        "restore replaced",
    }),
    name: z.string(),
    title: z.string(),
    documentVersion: z.int().openapi({ description: "The document's version it was taken of" }),
    author: RefSchema,
    characters: z.int(),
    createdAt: z.iso.datetime(),
  })
  .openapi("DocumentVersionSummary");

const ChangeSchema = z
  .object({ text: z.string(), change: z.enum(["same", "added", "removed"]) })
  .openapi("DocumentChange");

const VersionSchema = VersionSummarySchema.extend({
  content: z.string(),
  text: z.string(),
  changes: z
    .array(ChangeSchema)
    .optional()
    .openapi({
      description:
        "With `compare=current`: what changed from this version's words to the document's now " +
        "(by word; by line for texts too far apart)",
    }),
}).openapi("DocumentVersion");

const versionJson = (version: DocumentVersionSummary) => ({
  id: version.id,
  kind: version.kind,
  name: version.name,
  title: version.title,
  documentVersion: version.documentVersion,
  author: version.author,
  characters: version.characters,
  createdAt: version.createdAt.toISOString(),
});

const listQuery = pagedQuery().extend({
  q: searchWords(),
  sort: sortOf(documentSorts),
  clientId: z.uuid("Not a client id").optional(),
  projectId: z.uuid("Not a project id").optional(),
  workspaceId: z.uuid("Not a workspace id").optional(),
  deleted: queryFlag(),
});

const idParams = z.object({ id: z.uuid("Not a document id") });
const versionParams = idParams.extend({ versionId: z.uuid("Not a version id") });

/** `markdown`, when sent, is the content. */
function withMarkdown<T extends { content?: string; markdown?: string }>(input: T) {
  const { markdown, ...rest } = input;
  return markdown === undefined ? rest : { ...rest, content: markdownToHtml(markdown) };
}

const documentBodyLimit = maxDocumentHtml * 4 + 64 * 1024;

const listRoute = protectedRoute({
  method: "get",
  path: "/documents",
  tags,
  summary: "The current organization's documents, without their text (documents.read)",
  description:
    "Newest change first, or by relevance when searching titles and text (English and " +
    "normalised Arabic). Changes go out as `document.created`, `document.updated`, " +
    "`document.deleted`, `document.restored` and `document.version_saved` events.",
  request: { query: listQuery },
  responses: {
    200: jsonResponse(
      "One page of documents",
      countedPageOf(DocumentSummarySchema, "DocumentList"),
    ),
  },
  errors: [403, 422],
});

const createDocumentRoute = protectedRoute({
  method: "post",
  path: "/documents",
  tags,
  summary: "Write a new document (documents.write)",
  description:
    "The content is reduced to the editor's tags. 422 UNKNOWN_CLIENT, UNKNOWN_PROJECT or " +
    "UNKNOWN_WORKSPACE for references outside the organization; PROJECT_OF_OTHER_CLIENT when the " +
    "project has a client other than `clientId` (a project without a client goes with any).",
  middleware: [permissionFirst("documents.write"), bodyLimit(documentBodyLimit)] as const,
  request: jsonBody(DocumentCreateSchema),
  responses: { 201: jsonResponse("The new document", DocumentSchema) },
  errors: [400, 403, 413, 422],
});

const importRoute = protectedRoute({
  method: "post",
  path: "/documents/import",
  tags,
  summary: "A new document from a Markdown (.md) or Word (.docx) file (documents.write)",
  description:
    "At most 10 MB. A Markdown file's first `# heading` becomes the title, else the file's name. " +
    "A .docx keeps its headings, lists, tables, links and images. 422 UNSUPPORTED_FILE for " +
    "other files, INVALID_DOCX for a .docx that is not one, INVALID_TEXT for Markdown that is " +
    "not UTF-8, FILE_UNREADABLE for a .docx that takes longer than 15 s or more memory than " +
    "512 MB to read; 413 UNPACKED_TOO_LARGE for a .docx whose ZIP says it unpacks past 48 MB.",
  middleware: [
    permissionFirst("documents.write"),
    acceptMultipartForm(maxImportBytes + 64 * 1024),
  ] as const,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z
            .object({
              file: multipartFile("The .md or .docx file"),
              clientId: z.uuid("Not a client id").optional(),
              projectId: z.uuid("Not a project id").optional(),
            })
            .openapi("DocumentImport"),
        },
      },
    },
  },
  responses: { 201: jsonResponse("The new document", DocumentSchema) },
  errors: [403, 413, 415, 422],
});

const imageRoute = protectedRoute({
  method: "post",
  path: "/documents/images",
  tags,
  summary: "Store an image for a document (documents.write)",
  description:
    "PNG, JPEG or WebP of at most 10 MB and 8192×8192 pixels, stored as a WebP of at most 2000 " +
    "pixels a side without its metadata. The URL goes into the document's `<img src>`.",
  middleware: [
    permissionFirst("documents.write"),
    acceptMultipartForm(maxDocumentImageBytes + 64 * 1024),
  ] as const,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ image: multipartFile("The image") }).openapi("DocumentImage"),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(
      "Where the image is served",
      z.object({ url: z.string() }).openapi("DocumentImageStored"),
    ),
  },
  errors: [403, 413, 415, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/documents/{id}",
  tags,
  summary: "A document with its text, a deleted one too while it can be restored (documents.read)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The document", DocumentSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/documents/{id}",
  tags,
  summary: "Save a document (documents.write)",
  description:
    "Made on `version`: after someone else's save, 409 STALE_VERSION with the document as it is " +
    "now in `error.details.current`, and nothing written. 409 DOCUMENT_DELETED once deleted. " +
    `While one person edits, the text before a save is kept as a version at most every ` +
    `${documentVersionMinutes} minutes, and whenever the last text was someone else's. ` +
    "422 PROJECT_OF_OTHER_CLIENT when a new client or project leaves the project with a client " +
    "other than the document's.",
  middleware: [permissionFirst("documents.write"), bodyLimit(documentBodyLimit)] as const,
  request: { params: idParams, ...jsonBody(DocumentUpdateSchema) },
  responses: { 200: jsonResponse("The document as it is now", DocumentSchema) },
  errors: [400, 403, 404, 409, 413, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/documents",
  tags,
  idParams,
  schema: DocumentSchema,
  name: "document",
  deleteSummary: `Delete a document, restorable for ${documentRestoreDays} days (documents.write)`,
  restoreSummary: "Bring a deleted document back (documents.write)",
});

const versionsRoute = protectedRoute({
  method: "get",
  path: "/documents/{id}/versions",
  tags,
  summary: "The versions kept of a document, newest first (documents.read)",
  request: { params: idParams, query: pagedQuery() },
  responses: {
    200: jsonResponse("One page of versions", pageOf(VersionSummarySchema, "DocumentVersionList")),
  },
  errors: [403, 404, 422],
});

const saveVersionRoute = protectedRoute({
  method: "post",
  path: "/documents/{id}/versions",
  tags,
  summary: "Keep the document as it is now as a named version (documents.write)",
  request: {
    params: idParams,
    ...jsonBody(
      z.object({ name: optionalString({ max: 100 }).default("") }).openapi("DocumentVersionCreate"),
    ),
  },
  responses: { 201: jsonResponse("The version", VersionSummarySchema) },
  errors: [400, 403, 404, 409, 422],
});

const versionRoute = protectedRoute({
  method: "get",
  path: "/documents/{id}/versions/{versionId}",
  tags,
  summary: "One version of a document, with its text (documents.read)",
  request: {
    params: versionParams,
    query: z.object({ compare: z.enum(["current"], { error: "Only current" }).optional() }),
  },
  responses: { 200: jsonResponse("The version", VersionSchema) },
  errors: [403, 404, 422],
});

const restoreVersionRoute = protectedRoute({
  method: "post",
  path: "/documents/{id}/versions/{versionId}/restore",
  tags,
  summary: "Put a version's title and text back (documents.write)",
  description:
    "The text it replaces is kept as a version first (kind `restore`), so a restore can be " +
    "undone. With `version`, a document changed since is 409 STALE_VERSION.",
  request: {
    params: versionParams,
    ...jsonBody(
      z
        .object({ version: z.int("A whole number").min(1).optional() })
        .openapi("DocumentVersionRestore"),
    ),
  },
  responses: { 200: jsonResponse("The document as it is now", DocumentSchema) },
  errors: [400, 403, 404, 409, 422],
});

const exportRoute = protectedRoute({
  method: "get",
  path: "/documents/{id}/export",
  tags,
  summary: "A document as a Markdown or HTML file (documents.read)",
  description:
    "Markdown (GitHub's flavour: tables, task lists) with the title as its first heading, or a " +
    "page of HTML of its own, ready to open or print.",
  request: {
    params: idParams,
    query: z.object({
      format: z.enum(["md", "html"], { error: "One of md, html" }),
    }),
  },
  responses: {
    200: {
      description: "The file",
      content: {
        "text/markdown": { schema: z.string() },
        "text/html": { schema: z.string() },
      },
    },
  },
  errors: [403, 404, 422],
});

/**
 * After a document changed, went to the bin or came back: the bots that learn from it read it
 * again (one in the bin fails as DOCUMENT_GONE, so that no answer draws on it).
 */
async function resyncBots(c: { var: AppEnv["Variables"] }, actor: Actor, documentId: string) {
  requireOrganization(actor);
  await resyncDocumentSources(knowledgeServicesOf(c), actor, documentId);
}

export function createDocumentRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listDocuments(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(summaryJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createDocumentRoute, async (c) => {
      const { actor } = c.var.auth;
      const { content, ...input } = withMarkdown(c.req.valid("json"));
      const id = await createDocument(c.var.db, actor, { ...input, content: content ?? "" });
      return c.json(documentJson(await getDocument(c.var.db, actor, id)), 201);
    })
    .openapi(importRoute, async (c) => {
      const { actor } = c.var.auth;
      const { file, clientId, projectId } = c.req.valid("form");
      const id = await importDocument(
        c.var.db,
        c.var.storage,
        actor,
        await requiredFile(file, "file"),
        {
          clientId: clientId ?? null,
          projectId: projectId ?? null,
        },
      );
      return c.json(documentJson(await getDocument(c.var.db, actor, id)), 201);
    })
    .openapi(imageRoute, async (c) => {
      const { bytes } = await requiredFile(c.req.valid("form").image, "image");
      const url = await saveDocumentImage(c.var.auth.actor, c.var.storage, bytes);
      return c.json({ url }, 201);
    })
    .openapi(getRoute, async (c) => {
      const document = await getDocument(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.json(documentJson(document), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, ...changes } = withMarkdown(c.req.valid("json"));
      await updateDocument(c.var.db, actor, id, version, changes);
      await resyncBots(c, actor, id);
      return c.json(documentJson(await getDocument(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { id } = c.req.valid("param");
      await deleteDocument(c.var.db, c.var.auth.actor, id);
      await resyncBots(c, c.var.auth.actor, id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreDocument(c.var.db, actor, id);
      await resyncBots(c, actor, id);
      return c.json(documentJson(await getDocument(c.var.db, actor, id)), 200);
    })
    .openapi(versionsRoute, async (c) => {
      const { id } = c.req.valid("param");
      const page = c.req.valid("query");
      const { items, total } = await listDocumentVersions(c.var.db, c.var.auth.actor, id, page);
      return c.json({ items: items.map(versionJson), total, ...page }, 200);
    })
    .openapi(saveVersionRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const versionId = await saveDocumentVersion(c.var.db, actor, id, c.req.valid("json").name);
      return c.json(versionJson(await getDocumentVersion(c.var.db, actor, id, versionId)), 201);
    })
    .openapi(versionRoute, async (c) => {
      const { id, versionId } = c.req.valid("param");
      const { actor } = c.var.auth;
      const version = await getDocumentVersion(c.var.db, actor, id, versionId);
      const changes =
        c.req.valid("query").compare === "current"
          ? compareTexts(version.text, (await getDocument(c.var.db, actor, id)).text)
          : undefined;
      return c.json(
        {
          ...versionJson(version),
          content: version.content,
          text: version.text,
          ...(changes ? { changes } : {}),
        },
        200,
      );
    })
    .openapi(restoreVersionRoute, async (c) => {
      const { id, versionId } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreDocumentVersion(c.var.db, actor, id, versionId, c.req.valid("json").version);
      await resyncBots(c, actor, id);
      return c.json(documentJson(await getDocument(c.var.db, actor, id)), 200);
    })
    .openapi(exportRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { format } = c.req.valid("query");
      const document = await getDocument(c.var.db, c.var.auth.actor, id);
      const [body, type] =
        format === "md"
          ? [documentToMarkdown(document.title, document.content), "text/markdown"]
          : [
              documentToHtmlPage(document.title, document.content, new URL(c.var.appUrl).origin),
              "text/html",
            ];
      return c.body(body, 200, {
        "Content-Type": `${type}; charset=utf-8`,
        "Content-Disposition": attachment(document.title, format),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
      });
    });
}
