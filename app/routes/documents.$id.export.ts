import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "~/lib/api.server";
import { requireClientsPermission } from "~/lib/clients.server";
import { requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

const Format = z.enum(["md", "html"]).catch("md");

/** A document as a Markdown or HTML download (GET /documents/{id}/export), named by its title. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context, params);
  requireClientsPermission(user, "documents.read");
  const id = requireUuidParam(params);
  const format = Format.parse(new URL(request.url).searchParams.get("format"));
  const api = getApiClient(request, context, token);
  const [file, document] = await Promise.all([
    api.get("/documents/{id}/export", { path: { id }, query: { format } }),
    api.get("/documents/{id}", { path: { id } }),
  ]).catch(rethrowAsPageError);
  const name = `${document.title.replace(/[\\/:*?"<>|\p{Cc}\s]+/gu, " ").trim() || "document"}.${format}`;
  return new Response(file as unknown as string, {
    headers: {
      "Content-Type": `${format === "md" ? "text/markdown" : "text/html"}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
