import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data } from "react-router";
import { z } from "zod";
import { maxImageBytes } from "~/components/image-input";
import type { NoticeName } from "~/components/notice";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import {
  AiCapabilityForm,
  AiModelForm,
  AiQuotaForm,
  aiPresets,
  quotaErrorCodes,
} from "~/lib/ai-models";
import type { ApiClient } from "~/lib/api/client";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import {
  InviteForm,
  OrganizationForm,
  type OrganizationSection,
  organizationSectionPath,
  RoleForm,
} from "~/lib/organizations";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

/** What each intent of the organization's page works with. */
export type PageAction = {
  api: ApiClient;
  /** The same, waiting as long as a provider's test may take (the API's deadline, and more). */
  aiApi: ApiClient;
  /** The organization's id. */
  id: string;
  form: FormData;
  /** The page again, with the notice of what was done. */
  back: (notice: NoticeName) => Response;
};

/** The member or the invitation a button of the lists acts on: hidden fields, never typed. */
const MemberForm = z.object({ userId: z.uuid() });
const InvitationForm = z.object({ invitationId: z.uuid() });

/** A logo larger than the form may carry: the settings form's answer, without its values. */
export function logoTooLarge() {
  const result: SubmissionResult<string[]> = { status: "error", error: { logo: ["fileTooLarge"] } };
  return data({ intent: "settings" as const, result }, { status: 413 });
}

/** Renames the organization, and sets or removes its logo. */
export async function saveSettings({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: OrganizationForm });
  if (submission.status !== "success") {
    return data({ intent: "settings" as const, result: submission.reply() }, { status: 422 });
  }
  const { name, logo, removeLogo, defaultCountry } = submission.value;
  const body = new FormData();
  body.set("name", name);
  body.set("defaultCountry", defaultCountry ?? "");
  if (logo && logo.size > 0) body.set("logo", logo, logo.name);
  else if (removeLogo) body.set("removeLogo", "true");
  try {
    await api.put("/organizations/{id}", { path: { id }, body });
  } catch (error) {
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    // The API reads a logo as it reads an avatar, and names the field so.
    const result = replyWithApiError(submission, error, { fields: { avatar: "logo" } });
    return data({ intent: "settings" as const, result }, { status: error.status });
  }
  return back("organization-saved");
}

/** Gives a member another role; the answer is for that member's form. */
export async function changeRole({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: RoleForm });
  if (submission.status !== "success") {
    const member = MemberForm.safeParse(submission.payload);
    if (!member.success) throw badRequest();
    return data(
      { intent: "role" as const, userId: member.data.userId, result: submission.reply() },
      { status: 422 },
    );
  }
  const { userId, role } = submission.value;
  try {
    await api.patch("/organizations/{id}/members/{userId}", {
      path: { id, userId },
      body: { role },
    });
  } catch (error) {
    // The member or the organization is gone: the page's 404.
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    return data(
      { intent: "role" as const, userId, result: replyWithApiError(submission, error) },
      { status: error.status },
    );
  }
  return back("member-updated");
}

/** Removes a member once confirmed. */
export async function removeMember({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: MemberForm });
  if (submission.status !== "success") throw badRequest();
  const { userId } = submission.value;
  if (!isConfirmed(form)) return data({ intent: "remove" as const, confirm: true, userId });
  await api
    .delete("/organizations/{id}/members/{userId}", { path: { id, userId } })
    .catch((error: unknown) => {
      // Gone already: what was asked is true.
      if (!isApiError(error, 404)) rethrowAsPageError(error);
    });
  return back("member-removed");
}

/** How the invite form explains the API's refusals. */
const inviteCodes = {
  ALREADY_MEMBER: "alreadyMember",
  INVITATION_PENDING: "alreadyInvited",
  INVALID_FORMAT: "invalidEmail",
};

/** Invites an address with a role. */
export async function invite({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: InviteForm });
  if (submission.status !== "success") {
    return data({ intent: "invite" as const, result: submission.reply() }, { status: 422 });
  }
  try {
    await api.post("/organizations/{id}/invitations", { path: { id }, body: submission.value });
  } catch (error) {
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    const result = replyWithApiError(submission, error, { codes: inviteCodes });
    return data({ intent: "invite" as const, result }, { status: error.status });
  }
  return back("invitation-sent");
}

/** Mails an invitation again, with a new link. */
export async function resendInvitation({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: InvitationForm });
  if (submission.status !== "success") throw badRequest();
  await api
    .post("/organizations/{id}/invitations/{invitationId}/resend", {
      path: { id, invitationId: submission.value.invitationId },
    })
    .catch(rethrowAsPageError);
  return back("invitation-resent");
}

/** Revokes an invitation once confirmed. */
export async function revokeInvitation({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: InvitationForm });
  if (submission.status !== "success") throw badRequest();
  const { invitationId } = submission.value;
  if (!isConfirmed(form)) return data({ intent: "revoke" as const, confirm: true, invitationId });
  await api
    .delete("/organizations/{id}/invitations/{invitationId}", { path: { id, invitationId } })
    .catch((error: unknown) => {
      // Accepted or revoked meanwhile: the list, reloaded, says how it stands.
      if (!isApiError(error, 404)) rethrowAsPageError(error);
    });
  return back("invitation-revoked");
}

/** Gives the organization its own model for a capability; a preset fills an empty address. */
export async function saveAiModel({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: AiModelForm });
  if (submission.status !== "success") {
    const capability = AiCapabilityForm.safeParse(submission.payload);
    if (!capability.success) throw badRequest();
    return data(
      {
        intent: "ai-save" as const,
        capability: capability.data.capability,
        result: submission.reply({ hideFields: ["apiKey"] }),
      },
      { status: 422 },
    );
  }
  const { capability, preset, baseUrl, model, apiKey, removeKey } = submission.value;
  const { provider, baseUrl: presetUrl } = aiPresets[preset];
  try {
    await api.put("/organizations/{id}/ai/{capability}", {
      path: { id, capability },
      body: {
        provider,
        baseUrl: baseUrl || presetUrl,
        model,
        // An empty key keeps the stored one; removing it sends an empty one.
        ...(removeKey ? { apiKey: "" } : apiKey ? { apiKey } : {}),
      },
    });
  } catch (error) {
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    // The API names the provider; the form chooses it through its preset.
    const result = replyWithApiError(submission, error, {
      fields: { provider: "preset" },
      hideFields: ["apiKey"],
    });
    return data({ intent: "ai-save" as const, capability, result }, { status: error.status });
  }
  return back("ai-model-saved");
}

/** The smallest real call to a capability's model: its latency, or what went wrong. */
export async function testAiModel({ aiApi: api, id, form }: PageAction) {
  const parsed = AiCapabilityForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw badRequest();
  const { capability } = parsed.data;
  try {
    const test = await api.post("/organizations/{id}/ai/{capability}/test", {
      path: { id, capability },
    });
    return data({ intent: "ai-test" as const, test: { capability, ...test } });
  } catch (error) {
    // Over the month's limit, the test is refused like any other call: the row says so.
    if (!isApiError(error, 429)) rethrowAsPageError(error);
    const test = { ok: false, error: { code: "QUOTA_EXCEEDED" } };
    return data({ intent: "ai-test" as const, test: { capability, ...test } });
  }
}

/** Goes back to the deployment's model once confirmed. */
export async function clearAiModel({ api, id, form, back }: PageAction) {
  const parsed = AiCapabilityForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw badRequest();
  const { capability } = parsed.data;
  if (!isConfirmed(form)) return data({ intent: "ai-clear" as const, confirm: true, capability });
  await api
    .delete("/organizations/{id}/ai/{capability}", { path: { id, capability } })
    .catch((error: unknown) => {
      // Gone already: what was asked is true.
      if (!isApiError(error, 404)) rethrowAsPageError(error);
    });
  return back("ai-model-removed");
}

/** Sets the organization's monthly limit of a capability; empty means no limit at all. */
export async function saveAiQuota({ api, id, form, back }: PageAction) {
  const submission = parseWithZod(form, { schema: AiQuotaForm });
  if (submission.status !== "success") {
    const capability = AiCapabilityForm.safeParse(submission.payload);
    if (!capability.success) throw badRequest();
    return data(
      {
        intent: "ai-quota" as const,
        capability: capability.data.capability,
        result: submission.reply(),
      },
      { status: 422 },
    );
  }
  const { capability, monthlyLimit } = submission.value;
  try {
    await api.put("/organizations/{id}/ai/quotas/{capability}", {
      path: { id, capability },
      body: { monthlyLimit: monthlyLimit === "" ? null : Number(monthlyLimit) },
    });
  } catch (error) {
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    const result = replyWithApiError(submission, error, { codes: quotaErrorCodes(error) });
    return data({ intent: "ai-quota" as const, capability, result }, { status: error.status });
  }
  return back("ai-limit-saved");
}

/** Goes back to the deployment's monthly limit of a capability. */
export async function clearAiQuota({ api, id, form, back }: PageAction) {
  const parsed = AiCapabilityForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw badRequest();
  await api
    .delete("/organizations/{id}/ai/quotas/{capability}", {
      path: { id, capability: parsed.data.capability },
    })
    .catch(rethrowAsPageError);
  return back("ai-limit-removed");
}

/** A provider's test may take the API's 30 s deadline; the page waits a little longer. */
const aiTestTimeoutMs = 35_000;

/** The logo and the text fields beside it, with room for the multipart framing. */
const maxSettingsFormBytes = maxImageBytes + 64 * 1024;

/**
 * The action of every section of the organization's page: each form answers `{ intent, … }`
 * and its section takes only its own answer. Done, it goes back to the section it was sent
 * from, with the notice of what was done. Every section takes every intent, so that a form
 * posted to the page before it had sections still works.
 */
export async function organizationAction(
  { request, context, params }: ActionFunctionArgs,
  section: OrganizationSection,
) {
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
      safeRedirect(
        `${localizedPath(organizationSectionPath(id, section), language)}?notice=${notice}`,
      ),
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
