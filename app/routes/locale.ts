import type { ActionFunctionArgs } from "react-router";
import { localeCookie } from "~/lib/cookies.server";
import { readForm } from "~/lib/form-body.server";
import { isLanguage, localizedPath } from "~/lib/i18n";
import { safeRedirect } from "~/lib/redirect.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

/** The language switcher: records the choice, then shows the same page in that language. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const language = form.get("language");
  if (!isLanguage(language)) throw new Response(null, { status: 400 });
  const target = localizedPath(safeRedirectPath(form.get("redirectTo"), "/"), language);
  const headers = { "Set-Cookie": await localeCookie.serialize(language) };
  throw safeRedirect(target, { headers }, localizedPath("/", language));
}

export async function loader() {
  throw safeRedirect("/");
}
