import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { FormErrors } from "~/components/form/form-errors";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import type { ApiClient } from "~/lib/api/client";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import type { InvitationDetails } from "~/lib/organizations";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "organizations:accept.title" };

/** A link's token as the API hands them out; anything else is not a link of ours. */
const Token = z.string().regex(/^[\w-]{16,128}$/);

async function findInvitation(api: ApiClient, token: string | null) {
  const parsed = Token.safeParse(token);
  if (!parsed.success) return null;
  try {
    return await api.get("/invitations", { query: { token: parsed.data } });
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 422)) return null;
    throw serviceUnavailable(error);
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const linkToken = new URL(request.url).searchParams.get("token");
  const invitation = await findInvitation(getApiClient(request, context, token), linkToken);
  return {
    invitation,
    token: invitation ? linkToken : null,
    signedInAs: user.email,
    forSomeoneElse: invitation !== null && user.email !== invitation.email,
    // The address is the account's, but no key has proven it yet: joining waits for that.
    emailUnproven: !user.emailVerified,
  };
}

/** The link's token, carried in a hidden field; nothing to type. */
const AcceptForm = z.object({ token: Token });

/** How the page explains an invitation it can no longer accept. */
const acceptCodes = {
  INVITATION_FOR_ANOTHER_EMAIL: "invitationForSomeoneElse",
  INVITATION_ACCEPTED: "invitationClosed",
  INVITATION_EXPIRED: "invitationClosed",
  INVITATION_REVOKED: "invitationClosed",
  NOT_FOUND: "invitationClosed",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const language = pageLanguage(request);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: AcceptForm });
  if (submission.status !== "success") throw badRequest();
  try {
    await getApiClient(request, context, token).post("/invitations/accept", {
      body: submission.value,
    });
  } catch (error) {
    // The page, loaded again, shows the invitation as it now is.
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result = replyWithApiError(submission, error, { codes: acceptCodes });
    return data({ result }, { status: error.status });
  }
  return safeRedirect(`${localizedPath("/dashboard", language)}?notice=invitation-accepted`);
}

const stateIcons: Record<InvitationDetails["status"] | "invalid", IconName> = {
  pending: "mail",
  accepted: "circle-check",
  expired: "circle-alert",
  revoked: "circle-alert",
  invalid: "circle-alert",
};

export default function AcceptInvitePage() {
  const { invitation, token, signedInAs, forSomeoneElse, emailUnproven } =
    useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation("organizations");
  const language = useLanguage();
  const [form] = useAppForm(AcceptForm, { lastResult: actionData?.result });
  const joining = useIsPending();
  const state = invitation?.status ?? "invalid";
  const values = invitation
    ? {
        organization: invitation.organizationName,
        inviter: invitation.inviterName ?? t("accept.someone"),
        role: t(`accept.roles.${invitation.role}`),
        email: invitation.email,
        signedInAs: signedInAs ?? "",
      }
    : {};

  return (
    <div className="mx-auto max-w-lg py-8">
      <Card className="p-8 text-center">
        <span className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
          <Icon name={stateIcons[state]} className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">
          <IsolatedMessage ns="organizations" i18nKey={`accept.${state}.title`} values={values} />
        </h1>
        <p className="mt-3 text-text-muted">
          <IsolatedMessage ns="organizations" i18nKey={`accept.${state}.body`} values={values} />
        </p>

        {state === "pending" && forSomeoneElse ? (
          <div className="mt-6 space-y-4 text-start">
            <FormAlert tone="info">
              <IsolatedMessage ns="organizations" i18nKey="accept.forSomeoneElse" values={values} />
            </FormAlert>
            <Form method="post" action="/logout" className="flex justify-center">
              <input type="hidden" name="language" value={language} />
              <Button type="submit" variant="secondary">
                <Icon name="log-out" />
                {t("accept.signOut")}
              </Button>
            </Form>
          </div>
        ) : null}

        {state === "pending" && !forSomeoneElse && emailUnproven ? (
          <div className="mt-6 space-y-4 text-start">
            <FormAlert tone="info">
              <IsolatedMessage ns="organizations" i18nKey="accept.verifyEmail" values={values} />
            </FormAlert>
            <div className="flex justify-center">
              <Button asChild>
                <LocalizedLink to="/account#addresses">{t("accept.toVerify")}</LocalizedLink>
              </Button>
            </div>
          </div>
        ) : null}

        {state === "pending" && !forSomeoneElse && !emailUnproven && token ? (
          <Form method="post" className="mt-8 space-y-4" {...getFormProps(form)} noValidate>
            <FormErrors errors={form.errors} />
            <input type="hidden" name="token" value={token} />
            <div className="flex justify-center gap-3">
              <Button variant="secondary" asChild>
                <LocalizedLink to="/dashboard">{t("accept.notNow")}</LocalizedLink>
              </Button>
              <Button type="submit" disabled={joining}>
                <Icon name="check" />
                {t("accept.join", values)}
              </Button>
            </div>
          </Form>
        ) : null}

        {state !== "pending" ? (
          <div className="mt-8 flex justify-center">
            <Button variant="secondary" asChild>
              <LocalizedLink to={state === "accepted" ? "/account/organization" : "/dashboard"}>
                {state === "accepted" ? t("accept.toOrganizations") : t("accept.toDashboard")}
              </LocalizedLink>
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
