import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import type { ApiClient } from "./api/client";
import { getApiClient } from "./api.server";
import { readForm } from "./form-body.server";
import { type Language, localizedPath } from "./i18n";
import { pageLanguage } from "./i18n.server";
import type { Listing } from "./listing";
import type { Permission } from "./organizations";
import { requirePermission } from "./permissions.server";
import { safeRedirect } from "./redirect.server";
import { badRequest, rethrowAsPageError } from "./responses.server";
import { requireUser } from "./session.server";

/**
 * The start of a list page's loader: the signed-in user, the page's listing, and the API client,
 * or none where the user may not read the list (no organization, or not the permission): the
 * page then shows `NoOrganizationPage`.
 */
export async function openListPage<Schema extends z.ZodType>(
  { request, context }: LoaderFunctionArgs,
  schema: Schema,
  /** The permission to read the list (`clients.read`). */
  permission: Permission,
) {
  const { token, user } = await requireUser(request, context);
  const listing = readListing(request, schema);
  const permissions = user.account.currentOrganizationPermissions;
  const api = permissions.includes(permission) ? getApiClient(request, context, token) : null;
  return { user, listing, permissions, api };
}

/** The list page's address, read by its schema (`listingSchema`). */
export function readListing<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): z.output<Schema> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}

/**
 * The query of a list endpoint for the listing's page, search and bin; the page adds its
 * filters and sort. The endpoints answer `{ items, total, page, pageSize, totalCapped }`.
 */
export function pageQuery(listing: Listing, pageSize: number) {
  return {
    page: listing.page,
    pageSize,
    q: listing.q || undefined,
    deleted: listing.bin ? ("true" as const) : undefined,
  };
}

/** The sort to ask for: "relevance" means nothing without a search, so the API's default. */
export function searchSort<Sort extends string>(listing: Listing & { sort?: Sort }) {
  return listing.sort === "relevance" && !listing.q ? undefined : listing.sort;
}

/**
 * The record just deleted from its page (`?deleted=<id>`), while it is in the bin: the list
 * offers to undo it. Nothing for a record restored since, gone, or not the reader's to see.
 */
export async function deletedRecord<Found extends { deletedAt?: string | null }>(
  listing: Listing,
  find: (id: string) => Promise<Found>,
): Promise<Found | null> {
  if (!listing.deleted) return null;
  return find(listing.deleted)
    .then((found) => (found.deletedAt ? found : null))
    .catch(() => null);
}

/**
 * The action of a list page whose only form is Restore (from the bin, or the undo notice):
 * restores the record and opens its page with `?notice=`.
 */
export async function restoreFromList(
  { request, context }: ActionFunctionArgs,
  options: {
    /** The permission to restore (`clients.write`). */
    permission: string;
    restore: (api: ApiClient, id: string) => Promise<unknown>;
    /** The record's page (`/clients/<id>`), without the language. */
    pathOf: (id: string) => string;
    notice: string;
  },
) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, options.permission);
  const language = pageLanguage(request);
  const form = await readForm(request);
  const id = z.uuid().safeParse(form.get("id"));
  if (form.get("intent") !== "restore" || !id.success) throw badRequest();
  await options.restore(getApiClient(request, context, token), id.data).catch(rethrowAsPageError);
  return safeRedirect(
    `${localizedPath(options.pathOf(id.data), language)}?notice=${options.notice}`,
  );
}

/**
 * A page's address as it was (its search, filters and page) with `changes` (null takes one away),
 * the parameters of one visit (`dropped`: a notice, a question) left out: where the page's forms
 * land once they are done.
 */
export function pageAddress(
  url: URL,
  path: string,
  language: Language,
  dropped: readonly string[],
  changes: Record<string, string | null> = {},
) {
  const search = new URLSearchParams(url.searchParams);
  for (const name of dropped) search.delete(name);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) search.delete(name);
    else search.set(name, value);
  }
  const query = search.toString();
  return `${localizedPath(path, language)}${query ? `?${query}` : ""}`;
}
