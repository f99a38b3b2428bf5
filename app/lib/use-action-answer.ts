import { useRef } from "react";
// biome-ignore lint/style/noRestrictedImports: the one place that reads the action's data.
import { useActionData, useLocation } from "react-router";

/**
 * The page action's answer, kept while the page's data is refreshed. React Router forgets an
 * action's data whenever the loaders are revalidated, so a live event (another member's change)
 * would take a form's errors, or its "changed elsewhere" alert, away from under the user. The
 * answer stays until the page moves on: a new answer, a redirect or a link each come with a new
 * location, which a revalidation keeps.
 */
export function useActionAnswer<T>() {
  const data = useActionData<T>();
  const { key } = useLocation();
  const kept = useRef<{ key: string; data: NonNullable<typeof data> } | null>(null);
  if (data !== undefined && data !== null) kept.current = { key, data };
  else if (kept.current && kept.current.key !== key) kept.current = null;
  return data ?? kept.current?.data;
}
