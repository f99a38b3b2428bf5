import type { ActionFunctionArgs } from "react-router";
import { isApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { requirePermission } from "~/lib/permissions.server";
import { badRequest, notFound } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { AnswerRequest, requestAnswer, threadIdParam } from "~/lib/threads.server";

/** Model calls wait on a provider: far longer than a page's calls to the API. */
const answerHeadersTimeoutMs = 30_000;

/**
 * The conversation's answers as they are written: the API's Server-Sent Events passed through
 * (AI SDK UI message stream), for the page's script to read token by token. `new` asks in a new
 * thread, made only once the question can be sent; the stream's first event names it. The browser closing the request stops the model.
 * A refusal before any answer (no model, quota, another answer running) is JSON with its code.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "threads.write");
  const parsed = AnswerRequest.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw badRequest();
  const api = getApiClient(request, context, token, { timeoutMs: answerHeadersTimeoutMs });
  try {
    const threadId = threadIdParam(params.id);
    if (threadId === null && params.id !== "new") throw notFound();
    const answer = await requestAnswer(api, threadId, parsed.data);
    return new Response(answer.body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const status = isApiError(error) ? error.status : 503;
    const code = isApiError(error) ? error.code : "SERVICE_UNAVAILABLE";
    const retryAfter = isApiError(error) ? error.retryAfterSeconds : null;
    return Response.json(
      { error: { code, retryAfterSeconds: retryAfter } },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  }
}
