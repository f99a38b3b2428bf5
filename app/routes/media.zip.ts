import type { ActionFunctionArgs } from "react-router";
import { readForm } from "~/lib/form-body.server";
import { passMediaZip } from "~/lib/media.server";

/**
 * A selection of the library as one zip: a form posting repeated `id` fields (1 to 100) here
 * downloads `qalam-media.zip`, streamed from the API as it is written. Cross-site posts are
 * refused by the web server before they arrive.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return passMediaZip(request, context, await readForm(request));
}
