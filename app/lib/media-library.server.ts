import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "react-router";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import type { ApiClient } from "./api/client";
import { isApiError, isUserError } from "./api/errors";
import { getApiClient } from "./api.server";
import { readForm } from "./form-body.server";
import { replyWithApiError } from "./form-replies.server";
import { type Language, localizedPath } from "./i18n";
import { pageLanguage } from "./i18n.server";
import {
  type Job,
  LibraryQuery,
  type MediaActionAnswer,
  type MediaItem,
  type MediaKind,
  MoveFields,
  mediaPageSize,
  RenameFields,
  visitParams,
} from "./media-library";
import { requirePermission } from "./permissions.server";
import { safeRedirect } from "./redirect.server";
import { badRequest, rethrowAsPageError } from "./responses.server";
import { requireUser, serviceUnavailable } from "./session.server";

type Choice = { value: string; label: string };

const noPage = { items: [] as MediaItem[], nextCursor: null as string | null };

/** One page of the library as the query filters it; a cursor it did not give starts it again. */
async function listPage(api: ApiClient, kind: MediaKind, query: LibraryQuery) {
  const filters = {
    kind,
    limit: mediaPageSize,
    q: query.q || undefined,
    from: query.from,
    to: query.to,
    model: query.model || undefined,
    authorId: query.authorId,
    projectId: query.projectId,
    clientId: query.clientId,
    favourite: query.favourite ? ("true" as const) : undefined,
  };
  try {
    return await api.get("/media", { query: { ...filters, cursor: query.cursor } });
  } catch (error) {
    if (query.cursor && isApiError(error, 422)) {
      return api.get("/media", { query: filters }).catch((again: unknown) => {
        throw serviceUnavailable(again);
      });
    }
    throw serviceUnavailable(error);
  }
}

/** The members, projects and clients the filters and the dialog offer (the first 100 of each). */
async function libraryChoices(api: ApiClient, permissions: string[], organizationId: string) {
  const none = { items: [] };
  const [members, projects, clients] = await Promise.all([
    permissions.includes("members.read")
      ? api
          .get("/organizations/{id}/members", {
            path: { id: organizationId },
            query: { pageSize: 100 },
          })
          .catch(() => none)
      : none,
    permissions.includes("projects.read")
      ? api.get("/projects", { query: { pageSize: 100 } }).catch(() => none)
      : none,
    permissions.includes("clients.read")
      ? api.get("/clients", { query: { pageSize: 100 } }).catch(() => none)
      : none,
  ]);
  return {
    members: members.items.map(
      (member): Choice => ({
        value: member.userId,
        label: `${member.firstName} ${member.lastName}`.trim() || (member.email ?? ""),
      }),
    ),
    projects: projects.items.map((project): Choice => ({ value: project.id, label: project.name })),
    clients: clients.items.map((client): Choice => ({ value: client.id, label: client.name })),
  };
}

/** The open item: itself, the job that made it, and the job's other items (its variants). */
async function openedItem(api: ApiClient, id: string) {
  const item = await api.get("/media/{id}", { path: { id } }).catch(rethrowAsPageError);
  if (item.deletedAt) return { item: null, job: null, variants: [] };
  const jobId = item.jobId;
  const [job, variants] = await Promise.all([
    jobId ? api.get("/jobs/{id}", { path: { id: jobId } }).catch((): Job | null => null) : null,
    jobId
      ? api
          .get("/media", { query: { jobId, limit: 24 } })
          .then((page) => page.items.filter((other) => other.id !== item.id))
          .catch((): MediaItem[] => [])
      : [],
  ]);
  return { item, job, variants };
}

/**
 * The loader of /image, /audio and /video: a page of the library as its query filters it, and,
 * for the page itself (not a further page its script asks for), what its filters offer, the
 * open item, and the item just deleted.
 */
export async function libraryLoader(kind: MediaKind, { request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const language = pageLanguage(request);
  const url = new URL(request.url);
  const query = LibraryQuery.parse(Object.fromEntries(url.searchParams));
  const permissions = user.account.currentOrganizationPermissions;
  const organizationId = user.account.currentOrganizationId;
  const base = {
    kind,
    query,
    cursor: query.cursor ?? null,
    canWrite: permissions.includes("media.write"),
    canCreate: permissions.includes("media.create"),
    members: [] as Choice[],
    projects: [] as Choice[],
    clients: [] as Choice[],
    opened: null as Awaited<ReturnType<typeof openedItem>> | null,
    undo: null as MediaItem | null,
  };
  if (!permissions.includes("media.read") || !organizationId) {
    return { ...base, page: null };
  }
  const api = getApiClient(request, context, token);
  if (query.more) {
    // A further page: a failure is the page's to say beside its list, not the whole page's.
    const page = await listPage(api, kind, query).catch(() => null);
    return { ...base, page, failed: page === null };
  }
  const [page, choices, opened, undo] = await Promise.all([
    listPage(api, kind, query),
    libraryChoices(api, permissions, organizationId),
    query.id ? openedItem(api, query.id) : null,
    query.deleted
      ? api
          .get("/media/{id}", { path: { id: query.deleted } })
          .then((item) => (item.deletedAt ? item : null))
          .catch(() => null)
      : null,
  ]);
  if (opened?.item && opened.item.kind !== kind) {
    // An item of another library opens there.
    throw safeRedirect(localizedPath(`/${opened.item.kind}?id=${opened.item.id}`, language));
  }
  return { ...base, page: page ?? noPage, ...choices, opened, undo, failed: false };
}

/** The library as it was (its filters), with `changes`: where the page's forms land. */
export function libraryPath(
  kind: MediaKind,
  search: URLSearchParams,
  language: Language,
  changes: Record<string, string> = {},
) {
  const next = new URLSearchParams(search);
  for (const name of [...visitParams, "index"]) next.delete(name);
  for (const [name, value] of Object.entries(changes)) next.set(name, value);
  const query = next.toString();
  return `${localizedPath(`/${kind}`, language)}${query ? `?${query}` : ""}`;
}

const answer = (value: MediaActionAnswer, status: number) =>
  data<MediaActionAnswer>(value, { status });

/**
 * The action of /image, /audio and /video: an item's rename, favourite mark, move to a project
 * or client, delete (asked first) and restore. Each lands back on the library as it was.
 */
export async function libraryAction(kind: MediaKind, { request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "media.write");
  const language = pageLanguage(request);
  const api = getApiClient(request, context, token);
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = form.get("id");
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) throw badRequest();
  const path = { id };
  // The dialog's confirmation posts to the route itself: it carries the library's query along.
  const listed = form.get("list");
  const search = typeof listed === "string" ? new URLSearchParams(listed) : url.searchParams;
  const back = (changes: Record<string, string> = {}) =>
    safeRedirect(libraryPath(kind, search, language, changes));

  const refused = (error: unknown, which: string) => {
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    const message = error.code === "MEDIA_DELETED" ? "errors.deleted" : "errors.notAllowed";
    return answer({ intent: which, error: message }, error.status);
  };

  switch (intent) {
    case "rename":
    case "move": {
      const submission =
        intent === "rename"
          ? parseWithZod(form, { schema: RenameFields })
          : parseWithZod(form, { schema: MoveFields });
      if (submission.status !== "success") {
        return answer({ intent, result: submission.reply() }, 422);
      }
      const body =
        "title" in submission.value
          ? { title: submission.value.title }
          : {
              projectId: submission.value.projectId ?? null,
              clientId: submission.value.clientId ?? null,
            };
      try {
        await api.patch("/media/{id}", { path, body });
      } catch (error) {
        if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
        if (error.status === 422) {
          return answer({ intent, result: replyWithApiError(submission, error) }, 422);
        }
        return refused(error, intent);
      }
      return back({ id });
    }
    case "favourite": {
      const favourite = form.get("favourite");
      if (favourite !== "true" && favourite !== "false") throw badRequest();
      try {
        await api.patch("/media/{id}", { path, body: { favourite: favourite === "true" } });
      } catch (error) {
        return refused(error, intent);
      }
      // A tile's star leaves the library as it was (its data read again); the dialog's reopens it.
      if (form.get("place") === "tile") {
        return answer({ intent, marked: favourite === "true" }, 200);
      }
      return back({ id });
    }
    case "delete": {
      // Without JavaScript the question is asked in the item's dialog first.
      if (!isConfirmed(form)) return back({ id, confirm: "delete" });
      await api.delete("/media/{id}", { path }).catch(rethrowAsPageError);
      return back({ deleted: id });
    }
    case "restore": {
      await api.post("/media/{id}/restore", { path }).catch(rethrowAsPageError);
      return back({ id });
    }
    default:
      throw badRequest();
  }
}

export type LibraryData = Awaited<ReturnType<typeof libraryLoader>>;
