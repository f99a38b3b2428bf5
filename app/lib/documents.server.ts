import type { ApiClient } from "./api/client";
import { isApiError, isUserError } from "./api/errors";
import { type Document, documentErrorKeys, type SaveAnswer } from "./documents";
import { badRequest, rethrowAsPageError } from "./responses.server";

type Account = {
  account: { currentOrganizationPermissions: string[] };
};

/** The clients and projects a document can be linked to, as choices (the first 100 of each). */
export async function documentChoices(api: ApiClient, user: Account) {
  const permissions = user.account.currentOrganizationPermissions;
  const [clients, projects] = await Promise.all([
    permissions.includes("clients.read")
      ? api.get("/clients", { query: { pageSize: 100 } }).catch(rethrowAsPageError)
      : { items: [] },
    permissions.includes("projects.read")
      ? api.get("/projects", { query: { pageSize: 100 } }).catch(rethrowAsPageError)
      : { items: [] },
  ]);
  return {
    clients: clients.items.map((client) => ({ value: client.id, label: client.name })),
    clientsTotal: "total" in clients ? clients.total : 0,
    projects: projects.items.map((project) => ({ value: project.id, label: project.name })),
    projectsTotal: "total" in projects ? projects.total : 0,
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
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const title = (text("title") ?? "").trim();
  const content = text("content");
  const markdown = content === null ? text("markdown") : null;
  const version = Number(text("version"));
  if (!Number.isInteger(version) || version < 1) throw badRequest();
  const body = {
    version,
    title,
    clientId: text("clientId") || null,
    projectId: text("projectId") || null,
    ...(content !== null ? { content } : markdown !== null ? { markdown } : {}),
  };
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
          stale: { current: error.details.current as Document, mine: { title, content, markdown } },
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
