import { describe, expect, it, vi } from "vitest";
import { type FetchFunction, withEncodedForms } from "../../../api/ai/network";

/** A fetch that keeps what it was given. */
function recordingFetch() {
  const calls: { input: unknown; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (input: unknown, init?: RequestInit) => {
    calls.push({ input, init });
    return new Response("{}");
  }) as unknown as FetchFunction;
  return { fetch, calls };
}

describe("withEncodedForms", () => {
  it("sends a form as the bytes it encodes to, with its boundary, headers kept", async () => {
    const { fetch, calls } = recordingFetch();
    const form = new FormData();
    form.set("model", "fake-video");
    form.set(
      "input_reference",
      new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }),
      "start.png",
    );
    await withEncodedForms(fetch)("http://provider.test/v1/videos", {
      method: "POST",
      headers: { authorization: "Bearer k" },
      body: form,
    });
    const [call] = calls;
    expect(call?.init?.body).toBeInstanceOf(Uint8Array);
    const headers = new Headers(call?.init?.headers);
    expect(headers.get("authorization")).toBe("Bearer k");
    expect(headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    // The bytes read back as the same form.
    const read = await new Response(call?.init?.body as BodyInit, {
      headers: { "content-type": headers.get("content-type") ?? "" },
    }).formData();
    expect(read.get("model")).toBe("fake-video");
    expect(new Uint8Array(await (read.get("input_reference") as Blob).arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });

  it("passes every other body as it is, and sends nothing once the call was cancelled", async () => {
    const { fetch, calls } = recordingFetch();
    const init = { method: "POST", body: '{"a":1}' };
    await withEncodedForms(fetch)("http://provider.test/v1/images", init);
    expect(calls[0]?.init).toBe(init);

    const stopped = new AbortController();
    stopped.abort(new Error("cancelled"));
    const form = new FormData();
    form.set("file", new Blob(["x"]));
    await expect(
      withEncodedForms(fetch)("http://provider.test/v1/audio", {
        body: form,
        signal: stopped.signal,
      }),
    ).rejects.toThrow("cancelled");
    expect(calls).toHaveLength(1);
  });
});
