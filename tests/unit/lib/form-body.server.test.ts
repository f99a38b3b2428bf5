import { describe, expect, it } from "vitest";
import { maxDroppedBytes, maxFormBytes, readForm, readMultipartForm } from "~/lib/form-body.server";

const url = "http://localhost/account";

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(url, { method: "POST", body, headers });
}

/** A request whose body arrives in chunks with no Content-Length, as a chunked upload does. */
function chunked(contentType: string, chunks: Uint8Array[]) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Request(url, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
  return 200;
}

describe("readForm", () => {
  it("reads an ordinary form", async () => {
    const form = await readForm(post(new URLSearchParams({ email: "a@example.test" })));
    expect(form.get("email")).toBe("a@example.test");
  });

  it("answers 400 for a body that is not a form", async () => {
    const request = post('{"email":1}', { "Content-Type": "application/json" });
    expect(await statusOf(readForm(request))).toBe(400);
  });

  it("answers 413 for a form over the limit, however it is sent", async () => {
    const field = `note=${"x".repeat(maxFormBytes)}`;
    const encoder = new TextEncoder();
    const half = encoder.encode(field.slice(0, field.length / 2));
    const rest = encoder.encode(field.slice(field.length / 2));
    const request = chunked("application/x-www-form-urlencoded", [half, rest]);
    expect(await statusOf(readForm(request))).toBe(413);
  });
});

describe("a body past its limit", () => {
  it("is read and dropped up to a bound, then no further", async () => {
    const megabyte = new Uint8Array(1024 * 1024);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(megabyte);
      },
    });
    const request = new Request(url, {
      method: "POST",
      body: endless,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await statusOf(readForm(request))).toBe(413);
    const bound = (maxFormBytes + maxDroppedBytes) / megabyte.byteLength;
    expect(pulled).toBeGreaterThan(bound);
    expect(pulled).toBeLessThan(bound + 4);
  });
});

describe("readMultipartForm", () => {
  const limit = 64 * 1024;

  it("keeps text fields and files", async () => {
    const body = new FormData();
    body.set("firstName", "Layla");
    body.set("avatar", new File([new Uint8Array(1000)], "me.png", { type: "image/png" }));
    const result = await readMultipartForm(post(body), limit);
    if (result.tooLarge) throw new Error("unexpectedly too large");
    expect(result.form.get("firstName")).toBe("Layla");
    const avatar = result.form.get("avatar");
    expect(avatar).toBeInstanceOf(File);
    expect((avatar as File).size).toBe(1000);
    expect((avatar as File).name).toBe("me.png");
  });

  it("says a body over the limit is too large instead of reading it into memory", async () => {
    const body = new FormData();
    body.set("firstName", "Layla");
    body.set("avatar", new File([new Uint8Array(limit + 1)], "big.png", { type: "image/png" }));
    expect(await readMultipartForm(post(body), limit)).toEqual({ tooLarge: true });
  });

  it("reads a form that is not multipart as an ordinary one", async () => {
    const result = await readMultipartForm(post(new URLSearchParams({ intent: "x" })), limit);
    expect(result.tooLarge).toBeUndefined();
    expect(result.form?.get("intent")).toBe("x");
  });

  it("answers 400 for a broken multipart body", async () => {
    const request = post("--nope\r\ngarbage", {
      "Content-Type": "multipart/form-data; boundary=nope",
    });
    expect(await statusOf(readMultipartForm(request, limit))).toBe(400);
  });
});
