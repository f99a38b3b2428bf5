/**
 * A short-lived, bounded memory of reads (decision 029): what a read gave, kept for `ttlMs` by a
 * key, with what it concerns (`tags`) so that a change can forget the reads it makes out of date.
 * Readers that ask at once share one read; a read that fails is not kept; the least recently used
 * goes first once `maxEntries` are kept. A read under way is forgotten like a finished one, so a
 * reader after a change never gets a read that began before it.
 */
export type ReadMemory<Value, Tags> = {
  read: (key: string, tags: Tags, load: () => Promise<Value>) => Promise<Value>;
  /** Forgets the reads `match` names: by their tags, and their value once it came. */
  forgetWhere: (match: (tags: Tags, value: Value | undefined) => boolean) => void;
  clear: () => void;
  readonly size: number;
};

type Entry<Value, Tags> = {
  tags: Tags;
  read: Promise<Value>;
  /** The value, once the read gave it. */
  value?: Value;
  validUntil: number;
};

export function createReadMemory<Value, Tags>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): ReadMemory<Value, Tags> {
  const entries = new Map<string, Entry<Value, Tags>>();
  return {
    read(key, tags, load) {
      if (ttlMs <= 0) return load();
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        if (entry.validUntil > now()) {
          // The most recently used goes last; the first is the next to go when it is full.
          entries.set(key, entry);
          return entry.read;
        }
      }
      const read = load();
      const kept: Entry<Value, Tags> = { tags, read, validUntil: now() + ttlMs };
      entries.set(key, kept);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      read.then(
        (value) => {
          kept.value = value;
        },
        () => {
          if (entries.get(key) === kept) entries.delete(key);
        },
      );
      return read;
    },
    forgetWhere(match) {
      for (const [key, entry] of entries) {
        if (match(entry.tags, entry.value)) entries.delete(key);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
