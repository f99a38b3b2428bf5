import type { LoaderFunctionArgs } from "react-router";
import { loadChoices } from "~/lib/choices.server";

/** The documents whose titles or text match `?q=`, as a picker's choices (JSON). */
export function loader(args: LoaderFunctionArgs) {
  return loadChoices("documents", args);
}
