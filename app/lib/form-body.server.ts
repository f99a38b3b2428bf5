/** Ordinary forms: far more than any of them sends, far less than memory allows. */
export const maxFormBytes = 1024 * 1024;

function badRequest() {
  return new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}

function payloadTooLarge() {
  return new Response("Payload Too Large", { status: 413, statusText: "Payload Too Large" });
}

/** What is read and dropped of a body past its limit before giving up on it. */
export const maxDroppedBytes = 16 * 1024 * 1024;

/**
 * The request with a body that passes on at most `maxBytes` and then fails. The rest is still
 * read and dropped rather than cancelled, so that the browser finishes sending and gets the
 * page that explains, instead of a reset connection; up to `maxDroppedBytes`, past which the
 * reading stops at once.
 */
function capBody(request: Request, maxBytes: number) {
  const state = { exceeded: false };
  if (!request.body) return { request, state };
  let seen = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) state.exceeded = true;
        else controller.enqueue(chunk);
        if (seen > maxBytes + maxDroppedBytes) {
          controller.error(new RangeError("The form is far too large"));
        }
      },
      flush(controller) {
        if (state.exceeded) controller.error(new RangeError("The form is too large"));
      },
    }),
  );
  const capped = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  return { request: capped, state };
}

/** The submitted form; 400 for a body that is not one (JSON, broken multipart), 413 if too large. */
export async function readForm(request: Request): Promise<FormData> {
  const capped = capBody(request, maxFormBytes);
  try {
    return await capped.request.formData();
  } catch {
    throw capped.state.exceeded ? payloadTooLarge() : badRequest();
  }
}

export type MultipartForm = { form: FormData; tooLarge?: never } | { tooLarge: true; form?: never };

/**
 * A form that may carry files, read with at most `maxBytes` in memory: a larger body comes back
 * as `{ tooLarge: true }` for the page to explain. A form that is not multipart reads as usual.
 */
export async function readMultipartForm(
  request: Request,
  maxBytes: number,
): Promise<MultipartForm> {
  const mediaType = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "multipart/form-data") return { form: await readForm(request) };
  const capped = capBody(request, maxBytes);
  try {
    // The body is capped, so the platform's parser never holds more than `maxBytes` of it.
    return { form: await capped.request.formData() };
  } catch {
    if (capped.state.exceeded) return { tooLarge: true };
    throw badRequest();
  }
}
