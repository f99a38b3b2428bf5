import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PasswordForm, type PasswordResult } from "~/components/account/password-form";
import { PreferencesSection } from "~/components/account/preferences-section";
import {
  type ProfileField,
  ProfileForm,
  type ProfileResult,
} from "~/components/account/profile-form";
import { SessionsSection } from "~/components/account/sessions-section";
import { maxImageBytes } from "~/components/image-input";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { PageShell } from "~/components/ui/page-shell";
import type { ApiClient } from "~/lib/api/client";
import { ApiError, explainApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { localeCookie } from "~/lib/cookies.server";
import type { AccountSession } from "~/lib/device";
import { describeDevice } from "~/lib/device.server";
import { readMultipartForm } from "~/lib/form.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";

export const handle = { title: "account:title" };

/** Length as people count characters (code points), as the API counts it. */
const codePoints = (value: string) => [...value].length;

const name = z.string().trim().min(1, "errors.required").max(100, "errors.nameTooLong");

const ProfileFields = z
  .object({
    firstName: name,
    lastName: name,
    email: z
      .string()
      .trim()
      .max(320, "errors.emailTooLong")
      .refine((value) => value === "" || z.email().safeParse(value).success, "errors.invalidEmail"),
    phone: z
      .string()
      .trim()
      .max(32, "errors.invalidPhone")
      .refine(
        (value) => value === "" || /^(\+|00)[\d\s().-]{6,}$/.test(value),
        "errors.invalidPhone",
      ),
  })
  .refine((value) => value.email !== "" || value.phone !== "", {
    path: ["email"],
    message: "errors.emailOrPhone",
  });

const PasswordChange = z.object({
  currentPassword: z.string().min(1, "errors.required").max(1024, "errors.wrongCurrentPassword"),
  newPassword: z
    .string()
    .min(1, "errors.required")
    .refine((value) => codePoints(value) >= 8, "errors.passwordTooShort")
    .refine((value) => codePoints(value) <= 128, "errors.passwordTooLong"),
});

const Preferences = z.object({ locale: z.enum(["en", "ar"]) });

const SessionId = z.object({ sessionId: z.uuid() });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context, params);
  const list = await getApiClient(request, context, token)
    .get("/user/sessions")
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  const sessions: AccountSession[] = list.items
    .map(({ userAgent, ip, ...session }) => ({
      ...session,
      // 127.0.0.1 rather than ::ffff:127.0.0.1, as people know the address.
      ip: ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "") ?? null,
      device: describeDevice(userAgent),
    }))
    // This device first, then the most recently used.
    .sort((a, b) => Number(b.current) - Number(a.current));
  return { user, sessions, now: Date.now() };
}

type ActionResult = ProfileResult | PasswordResult | { intent: "revokeOthers"; confirm: true };

/** The avatar and the text fields beside it, with room for the multipart framing. */
const maxProfileFormBytes = maxImageBytes + 64 * 1024;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context, params);
  const language = requireLanguage(params);
  const api = getApiClient(request, context, token);
  const read = await readMultipartForm(request, maxProfileFormBytes);
  if (read.tooLarge) {
    return data<ActionResult>(
      { intent: "profile", fieldErrors: { avatar: "common:apiErrors.fileTooLarge" } },
      { status: 413 },
    );
  }
  const { form } = read;
  switch (form.get("intent")) {
    case "profile":
      return saveProfile(api, form, language);
    case "password":
      return changePassword(api, form, language);
    case "preferences":
      return savePreferences(api, form);
    case "revokeSession":
      return endSession(api, form, language);
    case "revokeOthers":
      return endOtherSessions(api, form, language);
    default:
      throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  }
}

function text(form: FormData, field: string) {
  const value = form.get(field);
  return typeof value === "string" ? value : "";
}

function firstErrors<F extends string>(issues: z.core.$ZodIssue[]) {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) errors[issue.path[0] as F] ??= issue.message;
  return errors;
}

function backToAccount(language: Language, notice: string, headers?: HeadersInit) {
  return redirect(`${localizedPath("/account", language)}?notice=${notice}`, { headers });
}

const profileFields: Record<string, ProfileField> = {
  firstName: "firstName",
  lastName: "lastName",
  email: "email",
  phone: "phone",
  avatar: "avatar",
  removeAvatar: "avatar",
};

async function saveProfile(api: ApiClient, form: FormData, language: Language) {
  const values = {
    firstName: text(form, "firstName").slice(0, 400),
    lastName: text(form, "lastName").slice(0, 400),
    email: text(form, "email").slice(0, 400),
    phone: text(form, "phone").slice(0, 100),
  };
  const parsed = ProfileFields.safeParse(values);
  if (!parsed.success) {
    return data<ActionResult>(
      { intent: "profile", values, fieldErrors: firstErrors<ProfileField>(parsed.error.issues) },
      { status: 422 },
    );
  }

  const body = new FormData();
  for (const [field, value] of Object.entries(parsed.data)) body.set(field, value);
  const avatar = form.get("avatar");
  if (avatar instanceof File && avatar.size > 0) body.set("avatar", avatar, avatar.name);
  else if (form.get("removeAvatar") === "true") body.set("removeAvatar", "true");

  try {
    await api.put("/user", { body });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const { message, field } = explainApiError(error);
    const target = field ? profileFields[field] : undefined;
    const key = `common:apiErrors.${message}`;
    return data<ActionResult>(
      {
        intent: "profile",
        values,
        ...(target ? { fieldErrors: { [target]: key } } : { formError: key }),
      },
      { status: error.status },
    );
  }
  return backToAccount(language, "profile-saved");
}

async function changePassword(api: ApiClient, form: FormData, language: Language) {
  const parsed = PasswordChange.safeParse({
    currentPassword: text(form, "currentPassword"),
    newPassword: text(form, "newPassword"),
  });
  if (!parsed.success) {
    return data<ActionResult>(
      { intent: "password", fieldErrors: firstErrors(parsed.error.issues) },
      { status: 422 },
    );
  }
  try {
    await api.post("/password/change", { body: parsed.data });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    if (error.status === 429) {
      const retryAfterSeconds = error.retryAfterSeconds ?? 60;
      return data<ActionResult>(
        { intent: "password", formError: "common:apiErrors.rateLimited", retryAfterSeconds },
        { status: 429 },
      );
    }
    const { message, field } = explainApiError(error);
    const key = `common:apiErrors.${message}`;
    const target = field === "currentPassword" || field === "newPassword" ? field : undefined;
    return data<ActionResult>(
      { intent: "password", ...(target ? { fieldErrors: { [target]: key } } : { formError: key }) },
      { status: error.status },
    );
  }
  return backToAccount(language, "password-changed");
}

/** The language of the profile (mail, SMS) and of the pages, chosen in one place. */
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
    "Set-Cookie": await localeCookie.serialize(locale),
  });
}

async function endSession(api: ApiClient, form: FormData, language: Language) {
  const parsed = SessionId.safeParse({ sessionId: form.get("sessionId") });
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  try {
    await api.delete("/user/sessions/{id}", { path: { id: parsed.data.sessionId } });
  } catch (error) {
    // Ended already, here or elsewhere: what the user asked for is true.
    if (!(error instanceof ApiError && error.status === 404)) throw serviceUnavailable(error);
  }
  return backToAccount(language, "session-ended");
}

async function endOtherSessions(api: ApiClient, form: FormData, language: Language) {
  if (!isConfirmed(form)) {
    return data<ActionResult>({ intent: "revokeOthers", confirm: true });
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
  const { user, sessions, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <PageShell title={t("title")} description={t("description")}>
      <ProfileForm user={user} result={actionData?.intent === "profile" ? actionData : undefined} />
      <PasswordForm
        user={user}
        result={actionData?.intent === "password" ? actionData : undefined}
      />
      <SessionsSection
        sessions={sessions}
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
