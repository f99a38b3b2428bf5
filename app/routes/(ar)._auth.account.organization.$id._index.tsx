import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { maxImageBytes } from "~/components/image-input";
import { LocalizedLink } from "~/components/localized-link";
import { AiSection } from "~/components/organizations/ai-section";
import { AiUsageSection } from "~/components/organizations/ai-usage-section";
import { InvitationsSection } from "~/components/organizations/invitations-section";
import { MembersSection } from "~/components/organizations/members-section";
import { OrganizationSettingsForm } from "~/components/organizations/settings-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, isConfirmed } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { SettingsSection } from "~/components/ui/settings-section";
import type { AiCapability, AiCapabilityStatus } from "~/lib/ai-models";
import { modelChoices } from "~/lib/ai-models.server";
import type { ApiClient } from "~/lib/api/client";
import { getApiClient } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { can } from "~/lib/organizations";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import {
  changeRole,
  clearAiModel,
  clearAiQuota,
  invite,
  logoTooLarge,
  type PageAction,
  removeMember,
  resendInvitation,
  revokeInvitation,
  saveAiModel,
  saveAiQuota,
  saveSettings,
  testAiModel,
} from "./(ar)._auth.account.organization.$id._index.server";

export const handle = { title: "organizations:settings.pageTitle" };

const membersPageSize = 20;

const invitationsPageSize = 10;

/** A provider's test may take the API's 30 s deadline; the page waits a little longer. */
const aiTestTimeoutMs = 35_000;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).catch(""),
  invitationsPage: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const id = requireUuidParam(params);
  const url = new URL(request.url);
  const { page, q, invitationsPage } = Listing.parse({
    page: url.searchParams.get("page") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
    invitationsPage: url.searchParams.get("invitationsPage") ?? undefined,
  });
  const api = getApiClient(request, context, token);
  const [organization, members, ai] = await Promise.all([
    api.get("/organizations/{id}", { path: { id } }),
    api.get("/organizations/{id}/members", {
      path: { id },
      query: { page, pageSize: membersPageSize, search: q || undefined },
    }),
    api.get("/organizations/{id}/ai", { path: { id } }),
  ]).catch(rethrowAsPageError);
  const listedModels = can(organization, "ai.manage")
    ? await ownProvidersModels(api, id, ai.items)
    : {};
  const usage = can(organization, "ai.manage")
    ? await api.get("/organizations/{id}/ai/usage", { path: { id } }).catch(rethrowAsPageError)
    : null;
  const invitations = can(organization, "members.manage")
    ? await api
        .get("/organizations/{id}/invitations", {
          path: { id },
          query: { page: invitationsPage, pageSize: invitationsPageSize },
        })
        .catch(rethrowAsPageError)
    : null;
  return {
    organization,
    members,
    invitations,
    ai: ai.items,
    listedModels,
    usage,
    search: q,
    me: user.id,
    now: Date.now(),
  };
}

/**
 * What the organization's own providers list, per capability, for the model fields of its AI
 * settings; a provider of the deployment's is not the organization's to set, and has no form.
 */
async function ownProvidersModels(
  api: ApiClient,
  organizationId: string,
  capabilities: AiCapabilityStatus[],
) {
  const own = capabilities.filter((status) => status.source === "organization");
  const lists = await Promise.all(
    own.map(async (status) => {
      const choices = await modelChoices(api, organizationId, status.capability);
      return [status.capability, choices.models] as const;
    }),
  );
  return Object.fromEntries(lists) as Partial<Record<AiCapability, string[]>>;
}

/** The logo and the text fields beside it, with room for the multipart framing. */
const maxSettingsFormBytes = maxImageBytes + 64 * 1024;

/** Each form of the page answers `{ intent, … }`; its section takes only its own answer. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const read = await readMultipartForm(request, maxSettingsFormBytes);
  if (read.tooLarge) return logoTooLarge();
  const page: PageAction = {
    api: getApiClient(request, context, token),
    aiApi: getApiClient(request, context, token, { timeoutMs: aiTestTimeoutMs }),
    id,
    form: read.form,
    back: (notice) =>
      safeRedirect(`${localizedPath(`/account/organization/${id}`, language)}?notice=${notice}`),
  };

  switch (read.form.get("intent")) {
    case "settings":
      return saveSettings(page);
    case "role":
      return changeRole(page);
    case "remove":
      return removeMember(page);
    case "invite":
      return invite(page);
    case "resend":
      return resendInvitation(page);
    case "revoke":
      return revokeInvitation(page);
    case "ai-save":
      return saveAiModel(page);
    case "ai-test":
      return testAiModel(page);
    case "ai-clear":
      return clearAiModel(page);
    case "ai-quota":
      return saveAiQuota(page);
    case "ai-quota-clear":
      return clearAiQuota(page);
    case "leave": {
      if (!isConfirmed(read.form)) return data({ intent: "leave" as const, confirm: true });
      await page.api
        .delete("/organizations/{id}/members/{userId}", { path: { id, userId: user.id } })
        .catch(rethrowAsPageError);
      return safeRedirect(
        `${localizedPath("/account/organization", language)}?notice=organization-left`,
      );
    }
    default:
      throw badRequest();
  }
}

export default function OrganizationPage() {
  const { organization, members, invitations, ai, listedModels, usage, search, me, now } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("organizations");
  const isOwner = organization.role === "owner";

  return (
    <PageShell
      title={organization.name}
      description={t(`roles.${organization.role}`)}
      back={{ to: "/account/organization", label: t("title") }}
      actions={
        isOwner ? (
          <Button variant="secondary" asChild>
            <LocalizedLink to={`/account/organization/${organization.id}/owner`}>
              <Icon name="crown" />
              {t("owner.link")}
            </LocalizedLink>
          </Button>
        ) : null
      }
    >
      <OrganizationSettingsForm
        organization={organization}
        lastResult={actionData?.intent === "settings" ? actionData.result : undefined}
      />
      <MembersSection
        organization={organization}
        members={members}
        search={search}
        me={me}
        roleAnswer={actionData?.intent === "role" ? actionData : undefined}
        askingToRemove={actionData?.intent === "remove" ? actionData.userId : undefined}
      />
      {invitations ? (
        <InvitationsSection
          invitations={invitations}
          now={now}
          lastResult={actionData?.intent === "invite" ? actionData.result : undefined}
          askingToRevoke={actionData?.intent === "revoke" ? actionData.invitationId : undefined}
        />
      ) : null}
      <AiSection
        organization={organization}
        capabilities={ai}
        listedModels={listedModels}
        saveAnswer={actionData?.intent === "ai-save" ? actionData : undefined}
        testAnswer={actionData?.intent === "ai-test" ? actionData.test : undefined}
        askingToClear={actionData?.intent === "ai-clear" ? actionData.capability : undefined}
      />
      {usage ? (
        <AiUsageSection
          usage={usage}
          canSetLimits={can(organization, "ai.quotas")}
          quotaAnswer={actionData?.intent === "ai-quota" ? actionData : undefined}
        />
      ) : null}
      {isOwner ? null : (
        <SettingsSection id="leave" title={t("leave.title")} description={t("leave.description")}>
          <ConfirmDialog
            intent="leave"
            asking={actionData?.intent === "leave"}
            title={
              <IsolatedMessage
                ns="organizations"
                i18nKey="leave.confirmTitle"
                values={{ name: organization.name }}
              />
            }
            description={t("leave.confirmDescription")}
            confirmLabel={t("leave.confirm")}
            cancelLabel={t("common:actions.cancel")}
            trigger={
              <Button type="submit" variant="secondary">
                <Icon name="log-out" />
                {t("leave.button")}
              </Button>
            }
          />
        </SettingsSection>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
