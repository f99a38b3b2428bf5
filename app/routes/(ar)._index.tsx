import type { LoaderFunctionArgs } from "react-router";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { getViewer } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = pageLanguage(request);
  const viewer = await getViewer(request, context);
  const target = viewer.status === "signed-in" ? "/dashboard" : "/login";
  throw safeRedirect(localizedPath(target, language));
}

/** A UI route, so that a bad prefix (/fr) renders the 404 page rather than an empty response. */
export default function Home() {
  return null;
}
