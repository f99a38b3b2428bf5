import type { ActionFunctionArgs } from "react-router";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { isLanguage, localizedPath } from "~/lib/i18n";
import { safeRedirect } from "~/lib/redirect.server";
import { clearToken, getToken } from "~/lib/session.server";

/** Sign out: revoke the token at the API when it answers, clear it here in any case. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const language = form.get("language");
  const token = await getToken(request);
  if (token) {
    await getApiClient(request, context, token)
      .post("/logout")
      .catch((error: unknown) => console.warn("Logout at the API failed", error));
  }
  throw safeRedirect(localizedPath("/login", isLanguage(language) ? language : "en"), {
    headers: { "Set-Cookie": await clearToken() },
  });
}

export async function loader() {
  throw safeRedirect("/");
}
