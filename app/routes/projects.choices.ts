import type { LoaderFunctionArgs } from "react-router";
import { loadChoices } from "~/lib/choices.server";

/** The projects whose names match `?q=`, as a picker's choices (JSON). */
export function loader(args: LoaderFunctionArgs) {
  return loadChoices("projects", args);
}
