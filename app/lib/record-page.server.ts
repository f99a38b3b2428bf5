import { type ActionFunctionArgs, data } from "react-router";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import type { ApiClient } from "./api/client";
import { getApiClient } from "./api.server";
import { readForm } from "./form-body.server";
import { localizedPath } from "./i18n";
import { pageLanguage } from "./i18n.server";
import { requirePermission } from "./permissions.server";
import { safeRedirect } from "./redirect.server";
import { badRequest, requireUuidParam, rethrowAsPageError } from "./responses.server";
import { requireUser } from "./session.server";

/**
 * The action of a record's page whose forms are Delete (`DeleteSection`, asked first) and
 * Restore (`DeletedNotice`): a delete goes to the list, a restore stays on the record's page.
 */
export async function deleteOrRestoreRecord(
  { request, context, params }: ActionFunctionArgs,
  options: {
    /** The permission to change the record (`clients.write`). */
    permission: string;
    remove: (api: ApiClient, id: string) => Promise<unknown>;
    restore: (api: ApiClient, id: string) => Promise<unknown>;
    /** The list (`/clients`), without the language. */
    listPath: string;
    /** The record's page (`/clients/<id>`), without the language. */
    pathOf: (id: string) => string;
    /** The list's notice after a delete; without one, the list offers to undo it (`?deleted=`). */
    deletedNotice?: string;
    restoredNotice: string;
  },
) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, options.permission);
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "delete": {
      if (!isConfirmed(form)) return data({ intent: "delete" as const, confirm: true });
      await options.remove(api, id).catch(rethrowAsPageError);
      const then = options.deletedNotice ? `notice=${options.deletedNotice}` : `deleted=${id}`;
      return safeRedirect(`${localizedPath(options.listPath, language)}?${then}`);
    }
    case "restore": {
      await options.restore(api, id).catch(rethrowAsPageError);
      return safeRedirect(
        `${localizedPath(options.pathOf(id), language)}?notice=${options.restoredNotice}`,
      );
    }
    default:
      throw badRequest();
  }
}
