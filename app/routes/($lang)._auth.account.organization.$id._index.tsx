import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { SettingsSection } from "~/components/account/settings-section";
import { maxImageBytes } from "~/components/image-input";
import { LocalizedLink } from "~/components/localized-link";
import {
  InvitationsSection,
  type InviteResult,
} from "~/components/organizations/invitations-section";
import { MembersSection } from "~/components/organizations/members-section";
import {
  OrganizationSettingsForm,
  type SettingsResult,
} from "~/components/organizations/settings-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, isConfirmed } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import type { ApiClient } from "~/lib/api/client";
import { explainApiError, isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { assignableRoles, can, OrganizationName } from "~/lib/organizations";
import { requireUser, serviceUnavailable } from "~/lib/session.server";

export const handle = { title: "organizations:settings.pageTitle" };

const membersPageSize = 20;

const Params = z.object({ id: z.uuid() });
const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).catch(""),
});

function organizationId(params: { id?: string }) {
  const parsed = Params.safeParse(params);
  if (!parsed.success) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return parsed.data.id;
}

/** A 404 from the API (not a member, or no such organization) is this page's 404. */
function notFoundOr(error: unknown): never {
  if (isApiError(error, 404) || isApiError(error, 422)) {
    throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  }
  throw serviceUnavailable(error);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context, params);
  const id = organizationId(params);
  const url = new URL(request.url);
  const { page, q } = Listing.parse({
    page: url.searchParams.get("page") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
  });
  const api = getApiClient(request, context, token);
  const [organization, members] = await Promise.all([
    api.get("/organizations/{id}", { path: { id } }),
    api.get("/organizations/{id}/members", {
      path: { id },
      query: { page, pageSize: membersPageSize, search: q || undefined },
    }),
  ]).catch(notFoundOr);
  const invitations = can(organization, "members.manage")
    ? (await api.get("/organizations/{id}/invitations", { path: { id } }).catch(notFoundOr)).items
    : null;
  return { organization, members, invitations, search: q, me: user.id, now: Date.now() };
}

type ActionResult =
  | SettingsResult
  | InviteResult
  | { intent: "revoke"; confirm: true; invitationId: string }
  | { intent: "remove"; confirm: true; userId: string }
  | { intent: "leave"; confirm: true };

/** The logo and the text fields beside it, with room for the multipart framing. */
const maxSettingsFormBytes = maxImageBytes + 64 * 1024;

const RoleChange = z.object({ userId: z.uuid(), role: z.enum(assignableRoles) });
const MemberId = z.object({ userId: z.uuid() });
const InvitationId = z.object({ invitationId: z.uuid() });
const Invite = z.object({
  email: z
    .string()
    .trim()
    .min(1, "errors.required")
    .max(320, "errors.emailTooLong")
    .pipe(z.email("errors.invalidEmail")),
  role: z.enum(assignableRoles, "errors.invalidRole"),
});

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context, params);
  const language = requireLanguage(params);
  const id = organizationId(params);
  const api = getApiClient(request, context, token);
  const read = await readMultipartForm(request, maxSettingsFormBytes);
  if (read.tooLarge) {
    return data<ActionResult>(
      { intent: "settings", fieldErrors: { logo: "common:apiErrors.fileTooLarge" } },
      { status: 413 },
    );
  }
  const { form } = read;
  const back = (notice: string) =>
    redirect(`${localizedPath(`/account/organization/${id}`, language)}?notice=${notice}`);

  switch (form.get("intent")) {
    case "settings":
      return saveSettings(api, id, form, back);
    case "role": {
      const parsed = RoleChange.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw badRequest();
      await api
        .patch("/organizations/{id}/members/{userId}", {
          path: { id, userId: parsed.data.userId },
          body: { role: parsed.data.role },
        })
        .catch(notFoundOr);
      return back("member-updated");
    }
    case "remove": {
      const parsed = MemberId.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw badRequest();
      if (!isConfirmed(form)) {
        return data<ActionResult>({ intent: "remove", confirm: true, userId: parsed.data.userId });
      }
      const path = { id, userId: parsed.data.userId };
      await api.delete("/organizations/{id}/members/{userId}", { path }).catch((error) => {
        // Gone already: what was asked is true.
        if (!isApiError(error, 404)) notFoundOr(error);
      });
      return back("member-removed");
    }
    case "invite":
      return invite(api, id, form, back);
    case "resend": {
      const parsed = InvitationId.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw badRequest();
      await api
        .post("/organizations/{id}/invitations/{invitationId}/resend", {
          path: { id, invitationId: parsed.data.invitationId },
        })
        .catch(notFoundOr);
      return back("invitation-resent");
    }
    case "revoke": {
      const parsed = InvitationId.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw badRequest();
      if (!isConfirmed(form)) {
        return data<ActionResult>({
          intent: "revoke",
          confirm: true,
          invitationId: parsed.data.invitationId,
        });
      }
      await api
        .delete("/organizations/{id}/invitations/{invitationId}", {
          path: { id, invitationId: parsed.data.invitationId },
        })
        .catch((error) => {
          // Accepted or revoked meanwhile: the list, reloaded, says how it stands.
          if (!isApiError(error, 404)) notFoundOr(error);
        });
      return back("invitation-revoked");
    }
    case "leave": {
      if (!isConfirmed(form)) return data<ActionResult>({ intent: "leave", confirm: true });
      await api
        .delete("/organizations/{id}/members/{userId}", { path: { id, userId: user.id } })
        .catch(notFoundOr);
      return redirect(
        `${localizedPath("/account/organization", language)}?notice=organization-left`,
      );
    }
    default:
      throw badRequest();
  }
}

function badRequest() {
  return new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}

const inviteFields: Record<string, "email" | "role"> = { email: "email", role: "role" };

async function invite(
  api: ApiClient,
  id: string,
  form: FormData,
  back: (notice: string) => Response,
) {
  const values = {
    email: String(form.get("email") ?? "").slice(0, 400),
    role: String(form.get("role") ?? "").slice(0, 20),
  };
  const parsed = Invite.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: InviteResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = inviteFields[String(issue.path[0])];
      if (field) fieldErrors[field] ??= issue.message;
    }
    return data<ActionResult>({ intent: "invite", values, fieldErrors }, { status: 422 });
  }
  try {
    await api.post("/organizations/{id}/invitations", { path: { id }, body: parsed.data });
  } catch (error) {
    if (!isUserError(error) || error.status === 404) notFoundOr(error);
    if (error.code === "ALREADY_MEMBER" || error.code === "INVITATION_PENDING") {
      const key =
        error.code === "ALREADY_MEMBER" ? "errors.alreadyMember" : "errors.alreadyInvited";
      return data<ActionResult>(
        { intent: "invite", values, fieldErrors: { email: key } },
        { status: 409 },
      );
    }
    const { message } = explainApiError(error);
    return data<ActionResult>(
      { intent: "invite", values, formError: `common:apiErrors.${message}` },
      { status: error.status },
    );
  }
  return back("invitation-sent");
}

async function saveSettings(
  api: ApiClient,
  id: string,
  form: FormData,
  back: (notice: string) => Response,
) {
  const raw = form.get("name");
  const name = typeof raw === "string" ? raw.slice(0, 400) : "";
  const parsed = OrganizationName.safeParse(name);
  if (!parsed.success) {
    return data<ActionResult>(
      { intent: "settings", name, fieldErrors: { name: parsed.error.issues[0]?.message } },
      { status: 422 },
    );
  }
  const body = new FormData();
  body.set("name", parsed.data);
  const logo = form.get("logo");
  if (logo instanceof File && logo.size > 0) body.set("logo", logo, logo.name);
  else if (form.get("removeLogo") === "true") body.set("removeLogo", "true");
  try {
    await api.put("/organizations/{id}", { path: { id }, body });
  } catch (error) {
    if (!isUserError(error) || error.status === 404) notFoundOr(error);
    const { message, field } = explainApiError(error);
    const key = `common:apiErrors.${message}`;
    const target = field === "name" || field === "logo" ? field : undefined;
    return data<ActionResult>(
      {
        intent: "settings",
        name,
        ...(target ? { fieldErrors: { [target]: key } } : { formError: key }),
      },
      { status: error.status },
    );
  }
  return back("organization-saved");
}

export default function OrganizationPage() {
  const { organization, members, invitations, search, me, now } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
        result={result?.intent === "settings" ? result : undefined}
      />
      <MembersSection
        organization={organization}
        members={members}
        search={search}
        me={me}
        askingToRemove={result?.intent === "remove" ? result.userId : undefined}
      />
      {invitations ? (
        <InvitationsSection
          invitations={invitations}
          now={now}
          result={result?.intent === "invite" ? result : undefined}
          askingToRevoke={result?.intent === "revoke" ? result.invitationId : undefined}
        />
      ) : null}
      {isOwner ? null : (
        <SettingsSection id="leave" title={t("leave.title")} description={t("leave.description")}>
          <ConfirmDialog
            intent="leave"
            asking={result?.intent === "leave"}
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
