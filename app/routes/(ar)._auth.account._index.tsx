import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { AddressesSection } from "~/components/account/addresses-section";
import { PasswordForm } from "~/components/account/password-form";
import { PreferencesSection } from "~/components/account/preferences-section";
import { ProfileForm } from "~/components/account/profile-form";
import { SessionsSection } from "~/components/account/sessions-section";
import { maxImageBytes } from "~/components/image-input";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { PageShell } from "~/components/ui/page-shell";
import { AddressChange, AddressConfirm, PasswordChange, ProfileUpdate } from "~/lib/account";
import type { ApiClient } from "~/lib/api/client";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { localeCookie } from "~/lib/cookies.server";
import type { AccountSession } from "~/lib/device";
import { describeDevice } from "~/lib/device.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "account:title" };

/** Passwords are never sent back. */
const passwordFields = ["currentPassword", "newPassword"];
const addressHiddenFields = ["currentPassword"];

const Preferences = z.object({ locale: z.enum(["en", "ar"]) });

const SessionEnd = z.object({ sessionId: z.uuid() });

const sessionsPageSize = 10;

const SessionsListing = z.object({
  sessionsPage: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const { sessionsPage } = SessionsListing.parse({
    sessionsPage: new URL(request.url).searchParams.get("sessionsPage") ?? undefined,
  });
  // This device first, then the most recently used.
  const list = await getApiClient(request, context, token)
    .get("/user/sessions", { query: { page: sessionsPage, pageSize: sessionsPageSize } })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  const sessions: AccountSession[] = list.items.map(({ userAgent, ip, ...session }) => ({
    ...session,
    // 127.0.0.1 rather than ::ffff:127.0.0.1, as people know the address.
    ip: ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "") ?? null,
    device: describeDevice(userAgent),
  }));
  const sessionsPaging = { page: list.page, pageSize: list.pageSize, total: list.total };
  const pendingAddress = await getApiClient(request, context, token)
    .get("/user/address-change")
    .catch((error: unknown) => {
      if (isApiError(error, 404)) return null;
      throw serviceUnavailable(error);
    });
  return { user, sessions, sessionsPaging, pendingAddress, now: Date.now() };
}

/** The avatar and the text fields beside it, with room for the multipart framing. */
const maxProfileFormBytes = maxImageBytes + 64 * 1024;

/** A profile form over that size is not read: the photo is what made it too large. */
const photoTooLarge: SubmissionResult<string[]> = {
  status: "error",
  error: { avatar: ["fileTooLarge"] },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const language = pageLanguage(request);
  const api = getApiClient(request, context, token);
  const read = await readMultipartForm(request, maxProfileFormBytes);
  if (read.tooLarge) {
    return data({ intent: "profile" as const, result: photoTooLarge }, { status: 413 });
  }
  const { form } = read;
  switch (form.get("intent")) {
    case "profile":
      return saveProfile(api, form, language);
    case "password":
      return changePassword(api, form, language);
    case "changeAddress":
      return changeAddress(api, form, language);
    case "confirmAddress":
      return confirmAddress(api, form, language);
    case "cancelAddress":
      return cancelAddress(api, language);
    case "preferences":
      return savePreferences(api, form);
    case "revokeSession":
      return endSession(api, form, language);
    case "revokeOthers":
      return endOtherSessions(api, form, language);
    default:
      throw badRequest();
  }
}

function backToAccount(
  language: Language,
  notice: string,
  options: { headers?: HeadersInit; hash?: string } = {},
) {
  const hash = options.hash ? `#${options.hash}` : "";
  return safeRedirect(`${localizedPath("/account", language)}?notice=${notice}${hash}`, {
    headers: options.headers,
  });
}

async function saveProfile(api: ApiClient, form: FormData, language: Language) {
  const submission = parseWithZod(form, { schema: ProfileUpdate });
  if (submission.status !== "success") {
    return data({ intent: "profile" as const, result: submission.reply() }, { status: 422 });
  }
  const { avatar, removeAvatar, ...fields } = submission.value;
  const body = new FormData();
  body.set("firstName", fields.firstName);
  body.set("lastName", fields.lastName);
  if (avatar) body.set("avatar", avatar, avatar.name);
  else if (removeAvatar) body.set("removeAvatar", "true");

  try {
    await api.put("/user", { body });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result = replyWithApiError(submission, error, { fields: { removeAvatar: "avatar" } });
    return data({ intent: "profile" as const, result }, { status: error.status });
  }
  return backToAccount(language, "profile-saved");
}

async function changeAddress(api: ApiClient, form: FormData, language: Language) {
  const submission = parseWithZod(form, { schema: AddressChange });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: addressHiddenFields });
    return data({ intent: "changeAddress" as const, result }, { status: 422 });
  }
  const { loginType, value, currentPassword } = submission.value;
  let answer: Awaited<ReturnType<typeof requestAddressChange>>;
  try {
    answer = await requestAddressChange(api, { loginType, value: value ?? "", currentPassword });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result = replyWithApiError(submission, error, {
      hideFields: addressHiddenFields,
      codes: {
        INVALID_FORMAT: loginType === "PHONE" ? "invalidPhone" : "invalidEmail",
        REQUIRED: "emailOrPhone",
      },
    });
    return data({ intent: "changeAddress" as const, result }, { status: error.status });
  }
  const sent = "expiresAt" in answer;
  return backToAccount(language, sent ? "address-key-sent" : "address-removed", {
    hash: "addresses",
  });
}

/** 202 with the change waiting for its key, or 200 with the user when an address was removed. */
function requestAddressChange(
  api: ApiClient,
  body: { loginType: "EMAIL" | "PHONE"; value: string; currentPassword: string },
) {
  return api.post("/user/address-change", { body });
}

async function confirmAddress(api: ApiClient, form: FormData, language: Language) {
  const submission = parseWithZod(form, { schema: AddressConfirm });
  if (submission.status !== "success") {
    return data({ intent: "confirmAddress" as const, result: submission.reply() }, { status: 422 });
  }
  try {
    await api.post("/user/address-change/verify", { body: submission.value });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result = replyWithApiError(submission, error, {
      codes: { EMAIL_TAKEN: "addressTaken", PHONE_TAKEN: "addressTaken" },
    });
    return data({ intent: "confirmAddress" as const, result }, { status: error.status });
  }
  return backToAccount(language, "address-changed", { hash: "addresses" });
}

async function cancelAddress(api: ApiClient, language: Language) {
  try {
    await api.delete("/user/address-change");
  } catch (error) {
    throw serviceUnavailable(error);
  }
  return backToAccount(language, "address-change-cancelled", { hash: "addresses" });
}

async function changePassword(api: ApiClient, form: FormData, language: Language) {
  const submission = parseWithZod(form, { schema: PasswordChange });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: passwordFields });
    return data({ intent: "password" as const, result }, { status: 422 });
  }
  try {
    await api.post("/password/change", { body: submission.value });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result = replyWithApiError(submission, error, { hideFields: passwordFields });
    return data({ intent: "password" as const, result }, { status: error.status });
  }
  return backToAccount(language, "password-changed");
}

async function savePreferences(api: ApiClient, form: FormData) {
  const parsed = Preferences.safeParse({ locale: form.get("locale") });
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const { locale } = parsed.data;
  const body = new FormData();
  body.set("locale", locale);
  try {
    await api.put("/user", { body });
  } catch (error) {
    throw serviceUnavailable(error);
  }
  return backToAccount(locale, "preferences-saved", {
    headers: { "Set-Cookie": await localeCookie.serialize(locale) },
  });
}

async function endSession(api: ApiClient, form: FormData, language: Language) {
  // The session's id is the page's own hidden field: any other value is a forged form.
  const submission = parseWithZod(form, { schema: SessionEnd });
  if (submission.status !== "success") throw badRequest();
  try {
    await api.delete("/user/sessions/{id}", { path: { id: submission.value.sessionId } });
  } catch (error) {
    // Ended already, here or elsewhere: what the user asked for is true.
    if (!isApiError(error, 404)) throw serviceUnavailable(error);
  }
  return backToAccount(language, "session-ended");
}

async function endOtherSessions(api: ApiClient, form: FormData, language: Language) {
  if (!isConfirmed(form)) {
    // Without JavaScript the question is asked in the page.
    return data({ intent: "revokeOthers" as const, confirm: true });
  }
  try {
    await api.delete("/user/sessions");
  } catch (error) {
    throw serviceUnavailable(error);
  }
  return backToAccount(language, "sessions-ended");
}

export default function AccountPage() {
  const { t } = useTranslation("account");
  const { user, sessions, sessionsPaging, pendingAddress, now } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const profileResult = actionData?.intent === "profile" ? actionData.result : undefined;
  // Not the sections' ids ("profile", "password"): Conform ties each input to its form by id.
  const [profileForm] = useAppForm(ProfileUpdate, {
    id: "profile-form",
    lastResult: profileResult,
    defaultValue: { firstName: user.firstName, lastName: user.lastName },
  });
  const changeResult = actionData?.intent === "changeAddress" ? actionData.result : undefined;
  const [changeForm] = useAppForm(AddressChange, {
    id: "address-change-form",
    lastResult: changeResult,
    // An email no key has proven yet is offered for verifying.
    defaultValue: { loginType: "EMAIL", value: user.emailVerified ? "" : (user.email ?? "") },
  });
  const confirmResult = actionData?.intent === "confirmAddress" ? actionData.result : undefined;
  const [confirmForm] = useAppForm(AddressConfirm, {
    id: "address-confirm-form",
    lastResult: confirmResult,
  });
  const passwordResult = actionData?.intent === "password" ? actionData.result : undefined;
  const [passwordForm] = useAppForm(PasswordChange, {
    id: "password-form",
    lastResult: passwordResult,
  });

  return (
    <PageShell title={t("title")} description={t("description")}>
      <ProfileForm user={user} form={profileForm} result={profileResult} />
      <AddressesSection
        user={user}
        pending={pendingAddress}
        changeForm={changeForm}
        changeResult={changeResult}
        confirmForm={confirmForm}
        confirmResult={confirmResult}
      />
      <PasswordForm user={user} form={passwordForm} result={passwordResult} />
      <SessionsSection
        sessions={sessions}
        paging={sessionsPaging}
        now={now}
        askingToEndOthers={actionData?.intent === "revokeOthers"}
      />
      <PreferencesSection />
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
