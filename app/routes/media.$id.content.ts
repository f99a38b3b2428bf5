import type { LoaderFunctionArgs } from "react-router";
import { passMediaFile } from "~/lib/media.server";

/**
 * An item's file for the signed-in member: `<img>`, `<audio>`, `<video>` and download links
 * point here (`?download=1` to save it under its title). Ranges stream from the API.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return passMediaFile(request, context, params.id, "content");
}
