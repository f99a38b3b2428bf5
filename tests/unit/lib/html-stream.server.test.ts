import { PassThrough, type Transform, Writable } from "node:stream";
import { createElement, Suspense } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/lib/html-stream.server";

/**
 * Many short Arabic strings after `padding` ASCII bytes, as a page of labels is: React copies
 * short strings into its 2 KB buffer, and one of them meets its edge.
 */
function page(padding: number) {
  const words = Array.from({ length: 400 }, (_, index) =>
    createElement("span", { key: index, title: "بحث" }, "ابحث بالاسم"),
  );
  return createElement(
    Suspense,
    { fallback: null },
    createElement("main", null, "x".repeat(padding), words),
  );
}

function render(element: ReturnType<typeof page>, through: Transform) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        pipe(through).pipe(sink);
      },
      onError: reject,
    });
  });
}

describe("withoutNulBytes", () => {
  it("gives the same page as renderToString, where React 18 alone leaks NUL bytes", async () => {
    let leaked = false;
    for (let padding = 0; padding < 6; padding++) {
      const raw = await render(page(padding), new PassThrough());
      leaked ||= raw.includes(0);
      const cleaned = await render(page(padding), withoutNulBytes());
      expect(cleaned.includes(0)).toBe(false);
      expect(cleaned.toString("utf8")).toContain(renderToString(page(padding)).slice(0, 2000));
      expect(cleaned.toString("utf8")).not.toContain("\ufffd");
    }
    // The case this exists for: were React fixed, this would tell us the transform can go.
    expect(leaked).toBe(true);
  });

  it("passes clean chunks through untouched", async () => {
    const transform = withoutNulBytes();
    const out: Buffer[] = [];
    transform.on("data", (chunk: Buffer) => out.push(chunk));
    const input = Buffer.from("<p>مرحبا</p>");
    transform.end(input);
    await new Promise((resolve) => transform.on("end", resolve));
    expect(Buffer.concat(out).equals(input)).toBe(true);
  });
});
