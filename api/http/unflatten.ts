import { validationFailed } from "../errors";

export type FlatValue = string | number | boolean | null;

// Names that would reach Object.prototype or a constructor when assigned: refused, not skipped.
const forbiddenNames = new Set(["__proto__", "constructor", "prototype"]);
const maxKeys = 200;
const maxDepth = 6;
const maxIndex = 99;

const keyPattern = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d{1,6}\])*$/;
const segmentPattern = /[A-Za-z_$][\w$]*|\[(\d{1,6})\]/g;

type Segment = string | number;

function parseKey(key: string): Segment[] | null {
  if (!keyPattern.test(key)) return null;
  return [...key.matchAll(segmentPattern)].map((match) =>
    match[1] === undefined ? match[0] : Number(match[1]),
  );
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null;
}

/**
 * Rebuilds the nested object of a body whose keys are flattened paths: `organization.name`,
 * `phones[0]`, `links[1].url`. Keys that are not such paths, name a forbidden property, index past
 * 99, or clash with another key (`a` and `a.b`) are refused with 422 and the key as the field.
 */
export function unflatten(flat: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(flat);
  if (entries.length > maxKeys) {
    throw validationFailed({}, `At most ${maxKeys} fields are accepted.`);
  }
  const root: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const segments = parseKey(key);
    if (!segments || segments.length > maxDepth) {
      throw validationFailed({ [key]: { code: "INVALID", message: "Not a valid field name" } });
    }
    if (segments.some((segment) => typeof segment === "string" && forbiddenNames.has(segment))) {
      throw validationFailed({ [key]: { code: "INVALID", message: "Not an allowed field name" } });
    }
    if (segments.some((segment) => typeof segment === "number" && segment > maxIndex)) {
      throw validationFailed({
        [key]: { code: "TOO_BIG", message: `Indexes go up to ${maxIndex}` },
      });
    }
    if (isContainer(value)) {
      throw validationFailed({
        [key]: { code: "INVALID_TYPE", message: "Must be a single value, not an object or a list" },
      });
    }
    assign(root, segments, value as FlatValue, key);
  }
  return root;
}

const clash = (key: string) =>
  validationFailed({
    [key]: { code: "CONFLICTING_FIELDS", message: "Clashes with another field" },
  });

function assign(root: Container, segments: Segment[], value: FlatValue, key: string) {
  let node: Container = root;
  for (const [position, segment] of segments.entries()) {
    const isLast = position === segments.length - 1;
    const holdsList = typeof segment === "number";
    if (holdsList !== Array.isArray(node)) throw clash(key);
    const slot = node as Record<string | number, unknown>;
    const existing = Object.hasOwn(slot, segment) ? slot[segment] : undefined;
    if (isLast) {
      if (existing !== undefined) throw clash(key);
      slot[segment] = value;
      return;
    }
    const next = segments[position + 1];
    if (existing === undefined) {
      const created: Container = typeof next === "number" ? [] : {};
      slot[segment] = created;
      node = created;
    } else if (isContainer(existing)) {
      node = existing;
    } else {
      throw clash(key);
    }
  }
}
