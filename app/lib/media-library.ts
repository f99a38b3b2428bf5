import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { optionalText } from "./validation";

export type MediaItem = ApiSchema<"Media">;
export type MediaKind = MediaItem["kind"];
export type Job = ApiSchema<"Job">;

export const mediaKinds = ["image", "audio", "video"] as const satisfies readonly MediaKind[];

/** How many items a page of a library holds. */
export const mediaPageSize = 48;

/** A title as the API keeps it. */
export const mediaTitleMaxLength = 200;

const day = z.iso.date().optional().catch(undefined);
const uuid = z.uuid().optional().catch(undefined);

/**
 * A library's address: its filters (shareable: they live in the query), the page it starts at,
 * and what one visit shows (an item's dialog, a question, an undo).
 */
export const LibraryQuery = z.object({
  q: z.string().trim().max(200).catch(""),
  from: day,
  to: day,
  model: z.string().trim().max(200).optional().catch(undefined),
  authorId: uuid,
  projectId: uuid,
  clientId: uuid,
  favourite: z.literal("1").optional().catch(undefined),
  cursor: z.string().max(200).optional().catch(undefined),
  /** The item whose dialog is open. */
  id: uuid,
  /** Asked without JavaScript: delete the open item? */
  confirm: z.literal("delete").optional().catch(undefined),
  /** Just deleted: the library offers to undo it. */
  deleted: uuid,
  /** A further page asked for by the page's script: only the items. */
  more: z.literal("1").optional().catch(undefined),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** The query parameters that choose what the library lists. */
export const filterParams = [
  "q",
  "from",
  "to",
  "model",
  "authorId",
  "projectId",
  "clientId",
  "favourite",
] as const;

/** Parameters of one visit of a library (a dialog, a question, a page), not of its filters. */
export const visitParams = ["id", "confirm", "deleted", "cursor", "more"] as const;

export function hasFilters(query: LibraryQuery) {
  return filterParams.some((name) => Boolean(query[name]));
}

/** The web app's addresses of an item's files (language-independent resource routes). */
export const mediaUrls = {
  content: (id: string) => `/media/${id}/content`,
  download: (id: string) => `/media/${id}/content?download=1`,
  thumbnail: (id: string) => `/media/${id}/thumbnail`,
  zip: "/media/zip",
};

/** The creator of a kind, and "Reuse settings" of an item there. */
export const creatorPath = (kind: MediaKind) => `/${kind}/creator`;
export const reusePath = (item: Pick<MediaItem, "id" | "kind">) =>
  `${creatorPath(item.kind)}?from=${item.id}`;

export const RenameFields = z.object({
  title: optionalText(mediaTitleMaxLength),
});

export const MoveFields = z.object({
  projectId: z.uuid().optional(),
  clientId: z.uuid().optional(),
});

export type MediaActionAnswer =
  | { intent: "rename" | "move"; result: SubmissionResult<string[]> }
  | { intent: string; error: string }
  | { intent: "favourite"; marked: boolean };

/** A duration in seconds as a clock reads it: 0:07, 3:25, 1:02:03. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A file's size in the page's language: 812 kB, 3.4 MB. */
export function formatBytes(bytes: number, language: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(`${language}-u-nu-latn`, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** A setting's value as text: strings as they are, anything else as JSON. */
export function settingText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

type Page = { items: MediaItem[]; nextCursor: string | null };

/** Whether `item` comes after `other` in the library's order (newest first, then by id). */
function comesAfter(item: MediaItem, other: MediaItem) {
  return item.createdAt === other.createdAt
    ? item.id < other.id
    : Date.parse(item.createdAt) < Date.parse(other.createdAt);
}

/**
 * The items of a library as loaded: its first page as it is now, then the items of the first
 * page as it was when the reader began (`base`) that new items have pushed past its end, then each
 * further page whose cursor the one before it gave, from `base`'s, without repeats. So an item
 * made while the reader scrolls comes in at the top and takes nothing away below.
 */
export function chainPages(current: Page, base: Page, further: Record<string, Page>): Page {
  const last = current.items.at(-1);
  if (!current.nextCursor || !last) return current;
  const seen = new Set<string>();
  const items: MediaItem[] = [];
  const add = (page: MediaItem[]) => {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  };
  add(current.items);
  add(base.items.filter((item) => comesAfter(item, last)));
  let nextCursor = base.nextCursor;
  const visited = new Set<string>();
  while (nextCursor && !visited.has(nextCursor)) {
    visited.add(nextCursor);
    const page: Page | undefined = further[nextCursor];
    if (!page) break;
    add(page.items);
    nextCursor = page.nextCursor;
  }
  return { items, nextCursor };
}

/**
 * The title of an item made without one, before titles were made from prompts: the prompt's
 * first words, within 60 characters (what the API now names such an item).
 */
export function promptTitle(prompt: string): string {
  const words = prompt.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  let title = "";
  for (const word of words) {
    const longer = title ? `${title} ${word}` : word;
    if (longer.length > 60) break;
    title = longer;
  }
  if (!title && words[0]) title = words[0].slice(0, 60);
  return title.replace(/[\s.,;:!?،؛؟…-]+$/u, "");
}
