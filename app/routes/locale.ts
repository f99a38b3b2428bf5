import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { localeCookie } from "~/lib/cookies.server";
import { readForm } from "~/lib/form.server";
import { isLanguage, localizedPath } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";

/** The language switcher: records the choice, then shows the same page in that language. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const language = form.get("language");
  if (!isLanguage(language)) throw new Response(null, { status: 400 });
  const target = localizedPath(safeRedirectPath(form.get("redirectTo"), "/"), language);
  throw redirect(target, { headers: { "Set-Cookie": await localeCookie.serialize(language) } });
}

export async function loader() {
  throw redirect("/");
}
