import { describe, expect, it } from "vitest";
import { createApiClient } from "~/lib/api/client";
import type { KnowledgeAnswer } from "~/lib/xbot-knowledge";
import { knowledgeAction } from "~/routes/(ar)._auth.x-bot.knowledge.server";

const baseUrl = "http://api.test/api/v1";
const botId = "00000000-0000-4000-8000-00000000000b";
const sourceId = "00000000-0000-4000-8000-00000000000c";

/** An API that answers with `replies` in turn, recording what it was sent. */
function scriptedApi(...replies: Response[]) {
  const requests: Request[] = [];
  const api = createApiClient({
    baseUrl,
    fetch: async (request) => {
      requests.push(request);
      const reply = replies.shift();
      if (!reply) throw new Error("no scripted reply");
      return reply;
    },
  });
  return { api, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const refusal = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  json({ error: { code, message: "Refused", ...extra } }, status);

const formOf = (entries: Record<string, string | File>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

async function act(
  entries: Record<string, string | File>,
  replies: Response[] = [],
  {
    language = "en" as "en" | "ar",
    url = "http://web.test/x-bot/knowledge",
    tooLarge = false,
  } = {},
) {
  const { api, requests } = scriptedApi(...replies);
  try {
    const result = await knowledgeAction({
      request: new Request(url, { method: "POST" }),
      form: formOf(entries),
      tooLarge,
      api,
      language,
      botId,
    });
    return { result: result as unknown, requests };
  } catch (thrown) {
    return { result: thrown, requests };
  }
}

/** The answer a form shows, with its status (200 for a plain object). */
function answered(result: unknown) {
  if (result && typeof result === "object" && "data" in result && "init" in result) {
    const { data, init } = result as { data: KnowledgeAnswer; init: { status: number } };
    return { status: init.status, answer: data };
  }
  return { status: 200, answer: result as KnowledgeAnswer };
}

const redirectOf = (result: unknown) => {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Location");
};

describe("the knowledge page's action", () => {
  it("adds a text as JSON and lands back on the page in its language with the notice", async () => {
    const { result, requests } = await act(
      { intent: "source-text", title: " Hours ", text: "# Open\n\nFrom nine." },
      [json({ id: sourceId }, 201)],
      { language: "ar", url: "http://web.test/ar/x-bot/knowledge?page=2" },
    );
    expect(redirectOf(result)).toBe("/ar/x-bot/knowledge?notice=knowledge-added");
    const [sent] = requests;
    expect(sent?.method).toBe("POST");
    expect(sent?.url).toBe(`${baseUrl}/bots/${botId}/knowledge/sources`);
    expect(sent?.headers.get("Content-Type")).toBe("application/json");
    expect(await sent?.json()).toEqual({
      kind: "text",
      title: "Hours",
      text: "# Open\n\nFrom nine.",
    });
  });

  it("refuses an empty text on its fields without asking the API", async () => {
    const { result, requests } = await act({ intent: "source-text", title: "", text: "  " });
    const { status, answer } = answered(result);
    expect(status).toBe(422);
    expect(answer.errors).toEqual({ title: "required", text: "required" });
    expect(requests).toHaveLength(0);
  });

  it("sends a file as multipart and tells the API's reason for one it cannot read", async () => {
    const file = new File([new Uint8Array([0x4d, 0x5a])], "tool.exe", {
      type: "application/octet-stream",
    });
    const { result, requests } = await act({ intent: "source-file", file }, [
      refusal(422, "INVALID", {
        fields: { file: "Unsupported" },
        fieldCodes: { file: "UNSUPPORTED_FILE_TYPE" },
      }),
    ]);
    const { status, answer } = answered(result);
    expect(status).toBe(422);
    expect(answer.formError).toBe("knowledge.errors.UNSUPPORTED_FILE_TYPE");
    const sent = await requests[0]?.formData();
    expect(sent?.get("kind")).toBe("file");
    expect((sent?.get("file") as File | null | undefined)?.name).toBe("tool.exe");
  });

  it("says a file past the limit is too large, and asks for a file when none is chosen", async () => {
    const large = answered((await act({ intent: "source-file" }, [], { tooLarge: true })).result);
    expect(large).toMatchObject({
      status: 413,
      answer: { formError: "knowledge.errors.FILE_TOO_LARGE" },
    });
    const none = await act({ intent: "source-file", file: new File([], "") });
    expect(answered(none.result)).toMatchObject({
      status: 422,
      answer: { errors: { file: "required" } },
    });
    expect(none.requests).toHaveLength(0);
  });

  it("asks before deleting a source, then deletes it and closes its passages", async () => {
    const url = `http://web.test/x-bot/knowledge?source=${sourceId}&notice=knowledge-added`;
    const asked = await act({ intent: "source-delete", sourceId }, [], { url });
    expect(redirectOf(asked.result)).toBe(
      `/x-bot/knowledge?source=${sourceId}&confirm=${sourceId}`,
    );
    expect(asked.requests).toHaveLength(0);
    const done = await act(
      { intent: "source-delete", sourceId, confirmed: "yes" },
      [new Response(null, { status: 204 })],
      { url },
    );
    expect(redirectOf(done.result)).toBe("/x-bot/knowledge?notice=knowledge-deleted");
    expect(done.requests[0]?.method).toBe("DELETE");
    expect(done.requests[0]?.url).toBe(`${baseUrl}/bots/${botId}/knowledge/sources/${sourceId}`);
  });

  it("imports JSON Lines by the file's name and names each bad row by its line", async () => {
    const file = new File(['{"question":"","answer":"a"}\n'], "pairs.jsonl", { type: "" });
    const { result, requests } = await act({ intent: "qa-import", file }, [
      refusal(422, "INVALID_ROWS", {
        details: {
          rows: [{ line: 1, field: "question", code: "REQUIRED", message: "Required" }],
          invalidRows: 1,
        },
      }),
    ]);
    expect(requests[0]?.headers.get("Content-Type")).toBe("application/x-ndjson");
    expect(await requests[0]?.text()).toBe('{"question":"","answer":"a"}\n');
    const { status, answer } = answered(result);
    expect(status).toBe(422);
    expect(answer).toMatchObject({
      formError: "knowledge.errors.INVALID_ROWS",
      rows: [{ line: 1, field: "question", message: "Required" }],
      invalidRows: 1,
    });
  });

  it("tells a stale edit of a pair, and a viewer's refusal, on the form", async () => {
    const pair = { intent: "qa-save", qaId: sourceId, version: "2", question: "Q?", answer: "A." };
    const stale = await act(pair, [refusal(409, "STALE_VERSION")]);
    expect(answered(stale.result)).toMatchObject({
      status: 409,
      answer: { formError: "knowledge.errors.stale", qaId: sourceId },
    });
    expect(await stale.requests[0]?.json()).toEqual({ question: "Q?", answer: "A.", version: 2 });
    const viewer = await act({ ...pair, qaId: "" }, [refusal(403, "FORBIDDEN")]);
    expect(answered(viewer.result)).toMatchObject({
      status: 403,
      answer: { formError: "knowledge.errors.forbidden" },
    });
  });

  it("answers the test box with what the search found", async () => {
    const found = { vectors: false, chunks: [], qa: [] };
    const { result, requests } = await act({ intent: "search", query: " opening hours " }, [
      json(found),
    ]);
    expect(answered(result)).toEqual({
      status: 200,
      answer: {
        intent: "search",
        values: { query: "opening hours" },
        search: { query: "opening hours", result: found },
      },
    });
    expect(await requests[0]?.json()).toEqual({ query: "opening hours", limit: 5 });
  });

  it("refuses an unknown intent and a sync without a source", async () => {
    const asked: Record<string, string>[] = [
      { intent: "nonsense" },
      { intent: "source-sync", sourceId: "x" },
    ];
    for (const entries of asked) {
      const { result } = await act(entries);
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(400);
    }
  });
});
