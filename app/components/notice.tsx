import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import type { RecipeNotice } from "~/lib/recipes";
import { FormAlert } from "./ui/form-alert";
import { Icon } from "./ui/icon";

/** Notices a redirect can ask for with `?notice=…`, after a journey that ends on another page. */
const notices = [
  "password-reset",
  "profile-saved",
  "address-key-sent",
  "address-changed",
  "address-removed",
  "address-change-cancelled",
  "password-changed",
  "session-ended",
  "sessions-ended",
  "preferences-saved",
  "organization-switched",
  "organization-created",
  "organization-saved",
  "ai-model-saved",
  "ai-model-removed",
  "ai-limit-saved",
  "ai-limit-removed",
  "organization-left",
  "organization-deleted",
  "member-updated",
  "member-removed",
  "ownership-transferred",
  "invitation-sent",
  "invitation-resent",
  "invitation-revoked",
  "invitation-accepted",
  "workspace-created",
  "workspace-saved",
  "workspace-deleted",
  "workspace-member-added",
  "workspace-member-removed",
  "client-created",
  "client-created-without-logo",
  "client-saved",
  "client-restored",
  "clients-imported",
  "character-created",
  "character-created-without-avatar",
  "character-saved",
  "character-imported",
  "character-cloned",
  "character-restored",
  "character-shared",
  "character-unshared",
  "project-created",
  "document-created",
  "document-imported",
  "document-saved",
  "document-copied",
  "document-version-saved",
  "document-version-restored",
  "document-restored",
  "project-saved",
  "project-moved",
  "project-restored",
  "project-deleted",
  "bot-duplicated",
  "bot-restored",
  "bot-made-current",
  "message-card-saved",
  "message-card-deleted",
  "knowledge-added",
  "knowledge-syncing",
  "knowledge-deleted",
  "knowledge-qa-saved",
  "knowledge-qa-deleted",
  "knowledge-qa-imported",
  "answer-improved",
  "lead-saved",
  "lead-converted",
  "lead-deleted",
] as const;
export type NoticeName = (typeof notices)[number];

function isNotice(value: string | null): value is NoticeName {
  return (notices as readonly (string | null)[]).includes(value);
}

/** The success message of `?notice=`, dismissed by a link that drops the parameter. */
export function Notice() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const notice = searchParams.get("notice");
  if (!isNotice(notice)) return null;

  const rest = new URLSearchParams(searchParams);
  rest.delete("notice");
  const search = rest.toString();
  return (
    <FormAlert tone="success" className="mb-6">
      <div className="flex items-start justify-between gap-4">
        <p>{t(`notices.${notice}`)}</p>
        <Link
          to={`${location.pathname}${search ? `?${search}` : ""}`}
          replace
          preventScrollReset
          aria-label={t("notices.dismiss")}
          title={t("notices.dismiss")}
          className="-my-1 rounded-control p-1 hover:bg-success/10"
        >
          <Icon name="x" />
        </Link>
      </div>
    </FormAlert>
  );
}

/**
 * Runs `onNotice` each time a redirect lands with `?notice=<name>`: a form resets itself to what
 * was saved without being mounted again. (Forms post to "." so that the next submission drops
 * the old notice.)
 */
export function useOnNotice(name: NoticeName | RecipeNotice, onNotice: () => void) {
  const location = useLocation();
  const shown = new URLSearchParams(location.search).get("notice") === name;
  const callback = useRef(onNotice);
  callback.current = onNotice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per landing, i.e. per location
  useEffect(() => {
    if (shown) callback.current();
  }, [shown, location.key]);
}

/**
 * Takes `?notice=` off the address: for a submission the browser's checks stopped, whose errors
 * replace the old success message as the server's answer would.
 */
export function useDropNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  return () => {
    if (!searchParams.has("notice")) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete("notice");
    setSearchParams(rest, { replace: true, preventScrollReset: true });
  };
}
