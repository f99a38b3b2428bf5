import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { OrganizationFrame } from "~/components/organizations/organization-frame";
import { OrganizationSettingsForm } from "~/components/organizations/settings-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { SettingsSection } from "~/components/ui/settings-section";
import { getApiClient } from "~/lib/api.server";
import { requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { organizationAction } from "./(ar)._auth.account.organization.$id._index.server";

export const handle = { title: "organizations:settings.pageTitle" };

/** The organization's general section: its name and logo, and leaving it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const organization = await api
    .get("/organizations/{id}", { path: { id } })
    .catch(rethrowAsPageError);
  return { organization };
}

export function action(args: ActionFunctionArgs) {
  return organizationAction(args, "general");
}

export default function OrganizationPage() {
  const { organization } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation("organizations");
  const isOwner = organization.role === "owner";

  return (
    <OrganizationFrame organization={organization}>
      <OrganizationSettingsForm
        organization={organization}
        lastResult={actionData?.intent === "settings" ? actionData.result : undefined}
      />
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
    </OrganizationFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
