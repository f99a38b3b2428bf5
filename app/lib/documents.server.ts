import type { ApiClient } from "./api/client";
import { isApiError, isUserError } from "./api/errors";
import { type Document, documentErrorKeys, type SaveAnswer } from "./documents";
import { projectChoices } from "./projects.server";
import { badRequest, rethrowAsPageError } from "./responses.server";

type Account = {
  account: { currentOrganizationPermissions: string[] };
};

/**
 * The clients and projects a document can be linked to, as choices (the first 100 of each); with
 * `clientId`, the projects are that client's and those without a client, the ones it may take.
 */
export async function documentChoices(api: ApiClient, user: Account, clientId?: string | null) {
  const permissions = user.account.currentOrganizationPermissions;
  const [{ clients, clientsTotal }, projects] = await Promise.all([
    projectChoices(api, permissions.includes("clients.read")),
    permissions.includes("projects.read")
      ? api
          .get("/projects", {
            query: clientId
              ? { pageSize: 100, clientId, orWithoutClient: "true" }
              : { pageSize: 100 },
          })
          .catch(rethrowAsPageError)
      : { items: [], total: 0 },
  ]);
  return {
    clients,
    clientsTotal,
    projects: projects.items.map((project) => ({ value: project.id, label: project.name })),
    projectsTotal: projects.total,
  };
}

/**
 * The document's fields as the API takes them, from a document form: its text is the editor's
 * `content` HTML, else the `markdown` field of the page without the editor (neither: the text is
 * left as it is).
 */
export function documentBody(form: FormData) {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const content = field("content");
  const markdown = field("markdown");
  return {
    title: (field("title") ?? "").trim(),
    clientId: field("clientId") || null,
    projectId: field("projectId") || null,
    ...(content !== null ? { content } : markdown !== null ? { markdown } : {}),
  };
}

/** Document saves carry the whole text: far more than ordinary forms (1 MB of HTML, as UTF-8). */
export const maxDocumentFormBytes = 8 * 1024 * 1024;

/**
 * Saves the document form (the editor's `content` HTML, or `markdown` without it) on the version
 * it was opened on. The answer says what became of it; 409 carries both texts.
 */
export async function saveDocumentForm(
  api: ApiClient,
  id: string,
  form: FormData,
): Promise<{ answer: SaveAnswer; status: number }> {
  const version = Number(form.get("version"));
  if (!Number.isInteger(version) || version < 1) throw badRequest();
  const fields = documentBody(form);
  const body = { ...fields, version };
  try {
    const saved = await api.patch("/documents/{id}", { path: { id }, body });
    return {
      answer: { intent: "save", saved: { version: saved.version, updatedAt: saved.updatedAt } },
      status: 200,
    };
  } catch (error) {
    if (isApiError(error, 409) && error.code === "STALE_VERSION" && error.details.current) {
      return {
        answer: {
          intent: "save",
          stale: {
            current: error.details.current as Document,
            mine: {
              title: fields.title,
              content: "content" in fields ? fields.content : null,
              markdown: "markdown" in fields ? fields.markdown : null,
            },
          },
        },
        status: 409,
      };
    }
    if (isUserError(error) && error.status !== 404 && error.status !== 409) {
      const code = Object.values(error.fieldCodes)[0] ?? error.code;
      const field = Object.keys(error.fields)[0];
      return {
        answer: {
          intent: "save",
          error: field === "title" ? "title" : (documentErrorKeys[code] ?? "tooLarge"),
        },
        status: error.status,
      };
    }
    rethrowAsPageError(error);
  }
}
