import type { LoaderFunctionArgs } from "react-router";
import { loadChoices } from "~/lib/choices.server";

/** The clients whose names match `?q=`, as a picker's choices (JSON). */
export function loader(args: LoaderFunctionArgs) {
  return loadChoices("clients", args);
}
