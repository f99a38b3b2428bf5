import { z } from "zod";

/**
 * The list pages' address (`/clients?q=…&page=2`): what every list reads the same way, a bad
 * value falling back to its default rather than failing the page.
 */
export const listingFields = {
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(200).catch(""),
  /** The bin: the deleted records, to restore. */
  bin: z.literal("1").optional().catch(undefined),
  /** Just deleted from its page: the list offers to undo it. */
  deleted: z.uuid().optional().catch(undefined),
};

/** A list page's address schema: the common fields and the page's own filters. */
export function listingSchema<Filters extends z.ZodRawShape>(filters: Filters) {
  return z.object({ ...listingFields, ...filters });
}

/** An optional filter of the address, dropped when it holds no value of `values`. */
export function optionalChoice<const Values extends readonly string[]>(values: Values) {
  return z.enum(values).optional().catch(undefined);
}

/** What every listing holds, for the helpers that read it. */
export type Listing = {
  page: number;
  q: string;
  bin?: "1";
  deleted?: string;
};

/** The sort orders a list offers, with their labels: "relevance" only while searching. */
export function sortOptions<Sort extends string>(
  sorts: readonly Sort[],
  q: string,
  label: (sort: Sort) => string,
) {
  return sorts
    .filter((sort) => sort !== "relevance" || q)
    .map((sort) => ({ value: sort, label: label(sort) }));
}
