import { Worker } from "node:worker_threads";
import { unzipSync } from "fflate";
import { errorOnFields } from "../errors";

/**
 * Reading a Word document or a PDF off the event loop, within caps. A .docx is a ZIP: before
 * it is opened, the sizes its central directory declares are summed and refused past
 * `maxUnpackedBytes` (a 510 kB file held 500 MB of XML). The directory can lie, so the reading
 * itself runs in a worker thread with a memory limit and a deadline; a worker that passes
 * either is ended, and the file is "could not be read", never the process's crash.
 */

/** The most bytes the entries of a .docx may unpack to, together. */
export const maxUnpackedBytes = 48 * 1024 * 1024;
/** The most bytes one entry of a .docx may unpack to (its document.xml, an image). */
export const maxUnpackedEntryBytes = 16 * 1024 * 1024;

export type ExtractionLimits = {
  /** How long one file may take to read, in milliseconds. */
  deadlineMs: number;
  /** The worker's heap (V8's old generation), in MB. */
  maxMemoryMb: number;
};

export const extractionLimits: ExtractionLimits = { deadlineMs: 15_000, maxMemoryMb: 512 };

/** Files read at once; others wait their turn, so that several readers cannot add up. */
export const maxConcurrentExtractions = 2;

export type ExtractionTask =
  | { kind: "docx-text"; bytes: Uint8Array }
  | { kind: "docx-html"; bytes: Uint8Array }
  | { kind: "pdf-text"; bytes: Uint8Array; maxPages: number }
  /** A .docx as Markdown (knowledge/html-markdown.mjs), without its images. */
  | { kind: "docx-markdown"; bytes: Uint8Array }
  /** UTF-8 HTML as Markdown; `page`: a web page, read from its <main> or <article>. */
  | { kind: "html-markdown"; bytes: Uint8Array; page: boolean };

/**
 * `title`: what the file calls itself (a PDF's metadata, a .docx's core properties or Title
 * paragraph, a page's <title> or first <h1>), or "".
 */
export type ExtractionResult<T extends ExtractionTask> = T["kind"] extends "docx-html"
  ? { html: string; images: Uint8Array[] }
  : T["kind"] extends "docx-text"
    ? { text: string }
    : T["kind"] extends "html-markdown"
      ? { text: string; title: string; links: string[] }
      : { text: string; title: string };

/** The prefix of an image's address in the HTML of `docx-html`, followed by its index. */
export const extractedImageSource = "qalam-docx-image:";

type UnreadableContentCode = "INVALID" | "TOO_MANY_PAGES" | "ENCRYPTED";

const unreadableContentMessages: Record<UnreadableContentCode, string> = {
  INVALID: "The file is not what its name says",
  TOO_MANY_PAGES: "Too many pages",
  ENCRYPTED: "The file is locked with a password",
};

/** What the worker says of a file it read to the end but refuses. */
export class UnreadableContentError extends Error {
  override readonly name = "UnreadableContentError";
  constructor(readonly code: UnreadableContentCode) {
    super(unreadableContentMessages[code]);
  }
}

/** 413 UNPACKED_TOO_LARGE on `file`. */
export const unpackedTooLarge = () =>
  errorOnFields(
    "too_large",
    "UNPACKED_TOO_LARGE",
    `The Word document unpacks to more than ${maxUnpackedBytes / 1024 / 1024} MB.`,
    { file: `At most ${maxUnpackedBytes / 1024 / 1024} MB unpacked` },
  );

/** Why a worker was ended before it answered: its deadline, its memory, or another failure. */
export type UnreadableReason = "deadline" | "memory" | "failed";

/**
 * 422 FILE_UNREADABLE on `file`: the file took longer or more memory than a file may. The
 * reason is the error's cause, for the log; the member is told the same in every case.
 */
export function fileUnreadable(reason: UnreadableReason) {
  const error = errorOnFields(
    "invalid",
    "FILE_UNREADABLE",
    "The file could not be read: it takes too long or too much memory to open.",
    { file: "Could not be read" },
  );
  error.cause = reason;
  return error;
}

/** An entry of a ZIP as its central directory declares it: packed `size`, unpacked `originalSize`. */
export type ZipEntry = { name: string; size: number; originalSize: number };

/**
 * The entries a ZIP's central directory declares, or null when the bytes are not a ZIP that
 * fflate can read. Nothing is inflated: fflate hands each entry to the filter, which keeps none.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const entries: ZipEntry[] = [];
  try {
    unzipSync(bytes, {
      filter: ({ name, size, originalSize }) => {
        entries.push({ name, size, originalSize });
        return false;
      },
    });
  } catch {
    return null;
  }
  return entries;
}

/**
 * Refuses a ZIP whose central directory declares more than the caps (413 UNPACKED_TOO_LARGE),
 * without unpacking it. A file that is not a ZIP at all is left to the reader, which names it.
 */
export function checkUnpackedSize(bytes: Uint8Array): void {
  const entries = zipEntries(bytes) ?? [];
  const total = entries.reduce((sum, entry) => sum + entry.originalSize, 0);
  if (
    total > maxUnpackedBytes ||
    entries.some((entry) => entry.originalSize > maxUnpackedEntryBytes)
  ) {
    throw unpackedTooLarge();
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= maxConcurrentExtractions) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  return () => {
    const next = waiting.shift();
    // The slot passes to the next reader as it is; with none waiting it is free again.
    if (next) next();
    else running -= 1;
  };
}

/**
 * Reads a file in a worker thread. Rejects with `UnreadableContentError` for a file the
 * libraries refuse, and with 422 FILE_UNREADABLE when the worker passes its deadline or its
 * memory, or ends without an answer.
 */
export async function extractInWorker<T extends ExtractionTask>(
  task: T,
  limits: ExtractionLimits = extractionLimits,
): Promise<ExtractionResult<T>> {
  const release = await turn();
  try {
    return await runWorker(task, limits);
  } finally {
    release();
  }
}

type WorkerAnswer =
  | { ok: true; text?: string; html?: string; images?: Uint8Array[]; title?: string }
  | { ok: false; code: UnreadableContentCode };

function runWorker<T extends ExtractionTask>(
  task: T,
  limits: ExtractionLimits,
): Promise<ExtractionResult<T>> {
  // The worker takes a copy over: the caller's bytes stay readable.
  const bytes = new Uint8Array(task.bytes);
  const worker = new Worker(new URL("./file-extraction-worker.mjs", import.meta.url), {
    workerData: { ...task, bytes, imageSource: extractedImageSource },
    transferList: [bytes.buffer],
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxMemoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.maxMemoryMb / 8)),
      stackSizeMb: 4,
    },
  });
  return new Promise<ExtractionResult<T>>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
      void worker.terminate();
    };
    const deadline = setTimeout(
      () => settle(() => reject(fileUnreadable("deadline"))),
      limits.deadlineMs,
    );
    worker.once("message", (answer: WorkerAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer as unknown as ExtractionResult<T>);
        else reject(new UnreadableContentError(answer.code));
      }),
    );
    worker.once("error", (error: Error & { code?: string }) => {
      const reason = error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "failed";
      settle(() => reject(fileUnreadable(reason)));
    });
    worker.once("exit", () => settle(() => reject(fileUnreadable("failed"))));
  });
}
