import type { LoaderFunctionArgs } from "react-router";
import { isLanguage, isNamespace, localesVersion } from "~/lib/i18n";
import { resources } from "~/lib/i18n.server";

/** The messages of one namespace as JSON, cached for good when the URL carries the current hash. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const namespace = params.ns?.replace(/\.json$/, "");
  if (!isLanguage(params.lng) || !isNamespace(namespace)) {
    return Response.json({ error: "Not Found" }, { status: 404 });
  }
  const current = new URL(request.url).searchParams.get("v") === localesVersion;
  return Response.json(resources[params.lng]?.[namespace] ?? {}, {
    headers: {
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
