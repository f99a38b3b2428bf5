import type { LoaderFunctionArgs } from "react-router";
import { passMediaFile } from "~/lib/media.server";

/** An item's WebP thumbnail for the signed-in member, as the library's grid shows it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return passMediaFile(request, context, params.id, "thumbnail");
}
