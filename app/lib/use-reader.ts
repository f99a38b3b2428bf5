import { useRouteLoaderData } from "react-router";
import { type CurrentUser, readerName } from "./user";

/** The signed-in reader's name as a character's card calls them (`{{user}}`); "" when unknown. */
export function useReader(): string {
  const layout = useRouteLoaderData("routes/(ar)._auth") as { user: CurrentUser } | undefined;
  return layout ? readerName(layout.user) : "";
}
