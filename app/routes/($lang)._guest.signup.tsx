import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  redirect,
} from "@remix-run/node";
import {
  Form,
  type ShouldRevalidateFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { type ChangeEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { PasswordStrength } from "~/components/password-strength";
import { PhoneHint, phoneExample } from "~/components/phone-hint";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { EmailField, Field } from "~/components/ui/input";
import { PasswordField } from "~/components/ui/password-field";
import { SegmentedLinks } from "~/components/ui/segmented-links";
import type { ApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { explainApiError, isUserError } from "~/lib/api-errors";
import { readForm } from "~/lib/form.server";
import { formatDuration } from "~/lib/format-duration";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { keyPattern, normalizeKeyInput } from "~/lib/key-input";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { commitToken, serviceUnavailable } from "~/lib/session.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useHydrated } from "~/lib/use-hydrated";
import {
  clearPendingVerification,
  commitPendingVerification,
  type LoginType,
  readPendingVerification,
  resendCooldownSeconds,
  sendVerificationKey,
} from "~/lib/verification.server";

export const handle = { title: "auth:signup.title" };

/** Length as people count characters (code points), as the API counts it. */
const codePoints = (value: string) => [...value].length;

const name = z.string().trim().min(1, "required").max(100, "nameTooLong");

const registration = {
  firstName: name,
  lastName: name,
  // Taken as typed: spaces at either end are part of a password.
  password: z
    .string()
    .min(1, "required")
    .refine((value) => codePoints(value) >= 8, "passwordTooShort")
    .refine((value) => codePoints(value) <= 128, "passwordTooLong"),
  organization: name,
  terms: z
    .string()
    .optional()
    .refine((value) => value === "on", "termsRequired"),
};

const EmailSignup = z.object({
  method: z.literal("email"),
  email: z.string().trim().min(1, "required").max(320, "emailTooLong").email("invalidEmail"),
  ...registration,
});

const PhoneSignup = z.object({
  method: z.literal("phone"),
  phone: z
    .string()
    .trim()
    .min(1, "required")
    .max(32, "invalidPhone")
    .regex(/^(\+|00)[\d\s().-]{6,}$/, "invalidPhone"),
  ...registration,
});

const SignupForm = z.discriminatedUnion("method", [EmailSignup, PhoneSignup]);

const EmailToCheck = z.string().trim().max(320).email();

type Method = "email" | "phone";
const signupFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "password",
  "organization",
  "terms",
] as const;
type SignupField = (typeof signupFields)[number];

/** A translation key (auth namespace unless prefixed) with its values. */
type Message = { key: string; values?: Record<string, string | number> };

/** What the form keeps after a failed submission; never the password. */
type SignupValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  organization: string;
  terms: boolean;
};

type RegisterResult = {
  intent: "register";
  formError?: Message;
  /** Field → translation key. */
  fieldErrors?: Partial<Record<SignupField, string>>;
  /** The login is registered already: offer to sign in with it. */
  taken?: boolean;
  values: SignupValues;
};

type VerifyResult = {
  intent: "verify" | "resend";
  formError?: Message;
  keyError?: string;
  key?: string;
  /** A new key went out: its cooldown starts again. */
  resent?: { sentAt: number; resendSeconds: number };
};

type ExistsResult = { intent: "email-exists"; exists: boolean };

function methodOf(searchParams: URLSearchParams): Method {
  return searchParams.get("method") === "phone" ? "phone" : "email";
}

function verifyPath(language: Language) {
  return `${localizedPath("/signup", language)}?step=verify`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = requireLanguage(params);
  const url = new URL(request.url);
  if (url.searchParams.get("step") !== "verify") return { step: "form" as const };

  const pending = await readPendingVerification(request);
  if (!pending) throw redirect(localizedPath("/signup", language));
  return {
    step: "verify" as const,
    loginValue: pending.loginValue,
    loginType: pending.loginType,
    sentAt: pending.sentAt,
    resendSeconds: secondsUntilResend(pending.sentAt),
  };
}

function secondsUntilResend(sentAt: number) {
  const elapsed = Math.floor((Date.now() - sentAt) / 1000);
  return Math.min(resendCooldownSeconds, Math.max(0, resendCooldownSeconds - elapsed));
}

// The live "already registered" check changes nothing the page shows from its loaders.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("intent") === "email-exists" ? false : defaultShouldRevalidate);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const language = requireLanguage(params);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  switch (form.get("intent")) {
    case "email-exists":
      return checkEmailExists(request, context, form);
    case "verify":
      return verify(request, context, form, language);
    case "resend":
      return resend(request, context, language);
    case "restart":
      return restart(request, language);
    default:
      return register(request, context, form, language);
  }
}

function text(form: FormData, field: string) {
  const value = form.get(field);
  return typeof value === "string" ? value : "";
}

async function register(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  language: Language,
) {
  const method: Method = form.get("method") === "phone" ? "phone" : "email";
  const values: SignupValues = {
    firstName: text(form, "firstName"),
    lastName: text(form, "lastName"),
    email: method === "email" ? text(form, "email") : "",
    phone: method === "phone" ? text(form, "phone") : "",
    organization: text(form, "organization"),
    terms: form.get("terms") === "on",
  };

  const parsed = SignupForm.safeParse({
    method,
    firstName: text(form, "firstName"),
    lastName: text(form, "lastName"),
    [method]: text(form, method),
    password: text(form, "password"),
    organization: text(form, "organization"),
    terms: text(form, "terms") || undefined,
  });
  if (!parsed.success) {
    const fieldErrors: RegisterResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = signupFields.find((known) => known === issue.path[0]);
      if (field && !fieldErrors[field]) fieldErrors[field] = `signup.errors.${issue.message}`;
    }
    return data<RegisterResult>({ intent: "register", fieldErrors, values }, { status: 422 });
  }

  const input = parsed.data;
  const loginType: LoginType = input.method === "phone" ? "PHONE" : "EMAIL";
  const loginValue = input.method === "phone" ? input.phone : input.email;
  try {
    await getApiClient(request, context).post("/registration", {
      firstName: input.firstName,
      lastName: input.lastName,
      [input.method]: loginValue,
      password: input.password,
      loginType,
      locale: language,
      "organization.name": input.organization,
    });
  } catch (error) {
    return registrationFailure(error, method, values, language);
  }

  let pending: Awaited<ReturnType<typeof sendVerificationKey>>;
  try {
    pending = await sendVerificationKey(request, context, loginValue, loginType);
  } catch (error) {
    // The account exists: signing in later sends the key that could not go out now.
    if (!isUserError(error)) throw serviceUnavailable(error);
    return data<RegisterResult>(
      { intent: "register", formError: { key: "signup.errors.keyNotSent" }, values },
      { status: error.status },
    );
  }
  const redirectTo = text(form, "redirectTo");
  throw redirect(verifyPath(language), {
    headers: {
      "Set-Cookie": await commitPendingVerification({
        ...pending,
        ...(redirectTo ? { redirectTo: redirectTo.slice(0, 2000) } : {}),
      }),
    },
  });
}

function registrationFailure(
  error: unknown,
  method: Method,
  values: SignupValues,
  language: Language,
) {
  if (!isUserError(error)) throw serviceUnavailable(error);
  const result: RegisterResult = { intent: "register", values };
  if (error.status === 429) {
    result.formError = rateLimitedMessage(error, language);
  } else if (error.code === "EMAIL_TAKEN" || error.code === "PHONE_TAKEN") {
    const field = error.code === "PHONE_TAKEN" ? "phone" : "email";
    result.fieldErrors = { [field]: `common:apiErrors.${explainApiError(error).message}` };
    result.taken = field === method;
  } else if (error.code === "PASSWORD_TOO_COMMON") {
    result.fieldErrors = { password: "common:apiErrors.passwordTooCommon" };
  } else if (error.code === "VALIDATION_FAILED") {
    result.fieldErrors = validationErrors(error);
  }
  if (!result.formError && !Object.keys(result.fieldErrors ?? {}).length) {
    result.formError = { key: `common:apiErrors.${explainApiError(error).message}` };
  }
  return data<RegisterResult>(result, { status: error.status });
}

/** The API's field messages, in English, as this form's translated ones. */
function validationErrors(error: ApiError): RegisterResult["fieldErrors"] {
  const fieldErrors: RegisterResult["fieldErrors"] = {};
  for (const [apiField, message] of Object.entries(error.fields)) {
    const field = apiField.startsWith("organization")
      ? "organization"
      : signupFields.find((known) => known === apiField);
    if (!field || fieldErrors[field]) continue;
    let key = "invalidValue";
    if (message === "Required") key = "required";
    else if (field === "email")
      key = message.startsWith("At most") ? "emailTooLong" : "invalidEmail";
    else if (field === "phone") key = "invalidPhone";
    else if (field === "password") {
      key = message.startsWith("At least") ? "passwordTooShort" : "passwordTooLong";
    } else if (message.startsWith("At most")) key = "nameTooLong";
    fieldErrors[field] = `signup.errors.${key}`;
  }
  return fieldErrors;
}

function rateLimitedMessage(error: ApiError, language: Language): Message {
  return error.retryAfterSeconds
    ? {
        key: "common:apiErrors.rateLimitedFor",
        values: { duration: formatDuration(error.retryAfterSeconds, language) },
      }
    : { key: "common:apiErrors.rateLimited" };
}

async function checkEmailExists(request: Request, context: AppLoadContext, form: FormData) {
  const email = EmailToCheck.safeParse(text(form, "email"));
  if (!email.success) return { intent: "email-exists", exists: false } satisfies ExistsResult;
  try {
    const { exists } = await getApiClient(request, context).post<{ exists: boolean }>(
      "/user/email-exists",
      { value: email.data },
    );
    return { intent: "email-exists", exists } satisfies ExistsResult;
  } catch {
    // Only a hint: the submission itself tells a taken email apart.
    return { intent: "email-exists", exists: false } satisfies ExistsResult;
  }
}

async function requirePending(request: Request, language: Language) {
  const pending = await readPendingVerification(request);
  if (!pending) throw redirect(localizedPath("/signup", language));
  return pending;
}

async function verify(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  language: Language,
) {
  const pending = await requirePending(request, language);
  const typed = text(form, "key");
  const key = normalizeKeyInput(typed);
  if (!keyPattern.test(key)) {
    const keyError = key ? "verify.errors.keyFormat" : "verify.errors.required";
    return data<VerifyResult>({ intent: "verify", keyError, key: typed }, { status: 422 });
  }

  let session: string;
  try {
    ({ token: session } = await getApiClient(request, context).post<{ token: string }>(
      "/verify-reg-verification-key",
      { token: pending.token, key, loginType: pending.loginType },
    ));
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result: VerifyResult = { intent: "verify", key: typed };
    if (error.status === 429) result.formError = rateLimitedMessage(error, language);
    else if (error.code === "INVALID_KEY") result.keyError = "common:apiErrors.invalidKey";
    else if (error.code === "KEY_EXPIRED") result.formError = { key: "verify.errors.keyExpired" };
    else if (error.code === "INVALID_TOKEN") {
      result.formError = { key: "verify.errors.invalidToken" };
    } else if (error.code === "VALIDATION_FAILED") result.keyError = "verify.errors.keyFormat";
    else result.formError = { key: `common:apiErrors.${explainApiError(error).message}` };
    return data<VerifyResult>(result, { status: error.status });
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await clearPendingVerification());
  headers.append("Set-Cookie", await commitToken(session));
  throw redirect(safeRedirectPath(pending.redirectTo, localizedPath("/dashboard", language)), {
    headers,
  });
}

async function resend(request: Request, context: AppLoadContext, language: Language) {
  const pending = await requirePending(request, language);
  let next: Awaited<ReturnType<typeof sendVerificationKey>>;
  try {
    next = await sendVerificationKey(request, context, pending.loginValue, pending.loginType);
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const formError: Message =
      error.status === 429
        ? {
            key: "verify.errors.resendTooSoon",
            values: {
              duration: formatDuration(
                error.retryAfterSeconds ?? secondsUntilResend(pending.sentAt),
                language,
              ),
            },
          }
        : { key: `common:apiErrors.${explainApiError(error).message}` };
    return data<VerifyResult>({ intent: "resend", formError }, { status: error.status });
  }
  // Answered in place: a page without JavaScript renders from this answer, whose loader still
  // sees the old cookie, so the new cooldown travels with it.
  return data<VerifyResult>(
    {
      intent: "resend",
      resent: { sentAt: next.sentAt, resendSeconds: resendCooldownSeconds },
    },
    { headers: { "Set-Cookie": await commitPendingVerification({ ...pending, ...next }) } },
  );
}

async function restart(request: Request, language: Language) {
  const pending = await readPendingVerification(request);
  const search = pending?.loginType === "PHONE" ? "?method=phone" : "";
  throw redirect(`${localizedPath("/signup", language)}${search}`, {
    headers: { "Set-Cookie": await clearPendingVerification() },
  });
}

export default function SignupPage() {
  const loaderData = useLoaderData<typeof loader>();
  return loaderData.step === "verify" ? (
    <VerifyStep
      loginValue={loaderData.loginValue}
      loginType={loaderData.loginType}
      sentAt={loaderData.sentAt}
      resendSeconds={loaderData.resendSeconds}
    />
  ) : (
    <SignupStep />
  );
}

function useMessage() {
  const { t } = useTranslation("auth");
  return (message: Message | string | undefined) => {
    if (!message) return undefined;
    return typeof message === "string" ? t(message) : t(message.key, message.values);
  };
}

function SignupStep() {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const actionData = useActionData<typeof action>();
  const result = actionData?.intent === "register" ? (actionData as RegisterResult) : undefined;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);

  const method = methodOf(searchParams);
  const values = result?.values;
  const fieldError = (field: SignupField) => message(result?.fieldErrors?.[field]);
  const [password, setPassword] = useState("");
  const [userInputs, setUserInputs] = useState<string[]>([]);
  const onPasswordChange = (event: ChangeEvent<HTMLInputElement>) => {
    setPassword(event.currentTarget.value);
    setUserInputs(otherValues(formRef));
  };

  const switchTo = (next: Method) => {
    const params = new URLSearchParams(searchParams);
    if (next === "phone") params.set("method", "phone");
    else params.delete("method");
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };

  return (
    <div className="py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t("signup.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("signup.subtitle")}</p>

      <FormAlert className="mt-6">
        {result?.formError ? (
          <p>
            {message(result.formError)}{" "}
            {result.formError.key === "signup.errors.keyNotSent" ? (
              <LocalizedLink to="/login" className="font-medium underline underline-offset-2">
                {t("signup.signIn")}
              </LocalizedLink>
            ) : null}
          </p>
        ) : null}
      </FormAlert>

      <Form ref={formRef} method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Honeypot />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t("signup.firstName")}
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={100}
            defaultValue={values?.firstName}
            error={fieldError("firstName")}
          />
          <Field
            label={t("signup.lastName")}
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={100}
            defaultValue={values?.lastName}
            error={fieldError("lastName")}
          />
        </div>

        <SegmentedLinks
          label={t("signup.method")}
          links={[
            {
              to: switchTo("email"),
              label: t("signup.withEmail"),
              icon: "mail",
              current: method === "email",
            },
            {
              to: switchTo("phone"),
              label: t("signup.withPhone"),
              icon: "phone",
              current: method === "phone",
            },
          ]}
        />

        {method === "phone" ? (
          <div key="phone">
            <Field
              label={t("signup.phone")}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              required
              placeholder={phoneExample}
              hint={<PhoneHint i18nKey="auth:signup.phoneHint" />}
              defaultValue={values?.phone}
              error={fieldError("phone")}
            />
            {result?.taken && result.fieldErrors?.phone ? (
              <p className="mt-1.5 text-xs">
                <LocalizedLink
                  to="/login?method=phone"
                  className="font-medium text-accent hover:underline"
                >
                  {t("signup.signInWithPhone")}
                </LocalizedLink>
              </p>
            ) : null}
          </div>
        ) : (
          <EmailWithTakenHint
            key="email"
            defaultValue={values?.email ?? searchParams.get("email")?.slice(0, 320) ?? ""}
            error={fieldError("email")}
            taken={Boolean(result?.taken && result.fieldErrors?.email)}
          />
        )}

        <PasswordField
          label={t("signup.password")}
          name="password"
          autoComplete="new-password"
          required
          hint={t("signup.passwordHint")}
          error={fieldError("password")}
          onChange={onPasswordChange}
        >
          <PasswordStrength password={password} userInputs={userInputs} />
        </PasswordField>

        <Field
          label={t("signup.organization")}
          name="organization"
          autoComplete="organization"
          required
          maxLength={100}
          hint={t("signup.organizationHint")}
          defaultValue={values?.organization}
          error={fieldError("organization")}
        />

        <Checkbox
          name="terms"
          label={t("signup.terms")}
          required
          defaultChecked={values?.terms}
          error={fieldError("terms")}
        />

        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("signup.submitting") : t("signup.submit")}
        </Button>
      </Form>

      <p className="mt-6 text-sm text-text-muted">
        {t("signup.haveAccount")}{" "}
        <LocalizedLink to="/login" className="font-medium text-accent hover:underline">
          {t("signup.signIn")}
        </LocalizedLink>
      </p>
    </div>
  );
}

/** What the strength estimate should not reward: the user's own names and address. */
function otherValues(form: RefObject<HTMLFormElement | null>): string[] {
  const elements = form.current?.elements;
  if (!elements) return [];
  return ["firstName", "lastName", "email", "organization"].flatMap((field) => {
    const element = elements.namedItem(field);
    return element instanceof HTMLInputElement && element.value ? [element.value] : [];
  });
}

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The email field, with a live "already registered" hint when it loses focus. */
function EmailWithTakenHint({
  defaultValue,
  error,
  taken,
}: {
  defaultValue: string;
  error?: string;
  taken: boolean;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const exists = useFetcher<ExistsResult>();
  const [value, setValue] = useState(defaultValue);
  const [checked, setChecked] = useState<string | null>(null);
  const email = value.trim();
  const existsHint =
    !error && exists.state === "idle" && exists.data?.exists === true && checked === email;
  const loginLink = (
    <LocalizedLink
      to={`/login?email=${encodeURIComponent(email)}`}
      className="font-medium text-accent hover:underline"
    >
      {t("signup.signInInstead")}
    </LocalizedLink>
  );

  return (
    <div>
      <EmailField
        label={t("signup.email")}
        name="email"
        required
        defaultValue={defaultValue}
        error={error}
        onChange={(event) => setValue(event.currentTarget.value)}
        onBlur={() => {
          if (!looksLikeEmail(email) || email === checked) return;
          setChecked(email);
          exists.submit({ intent: "email-exists", email }, { method: "post" });
        }}
      />
      {taken && error ? <p className="mt-1.5 text-xs">{loginLink}</p> : null}
      {hydrated ? (
        <div aria-live="polite">
          {existsHint ? (
            <p className="mt-1.5 flex items-start gap-1.5 text-xs text-text-muted">
              <Icon name="info" className="mt-px size-3.5" />
              <span>
                {t("signup.emailExists")} {loginLink}
              </span>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function VerifyStep({
  loginValue,
  loginType,
  sentAt,
  resendSeconds,
}: {
  loginValue: string;
  loginType: LoginType;
  sentAt: number;
  resendSeconds: number;
}) {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const actionData = useActionData<typeof action>();
  const result =
    actionData?.intent === "verify" || actionData?.intent === "resend"
      ? (actionData as VerifyResult)
      : undefined;
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const byPhone = loginType === "PHONE";
  // Without JavaScript the loader of a resend's answer still sees the previous cookie.
  const resent = result?.resent;

  return (
    <div className="py-8">
      <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon name={byPhone ? "phone" : "mail"} className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight">
        {byPhone ? t("verify.titlePhone") : t("verify.titleEmail")}
      </h1>
      <p className="mt-1 text-sm text-text-muted">
        <Trans
          t={t}
          i18nKey="verify.sentTo"
          values={{ address: loginValue }}
          components={{
            // One unit that moves to the next line whole rather than breaking mid-address.
            address: (
              <span
                dir="ltr"
                title={loginValue}
                className="inline-block max-w-full truncate align-bottom font-medium text-text"
              />
            ),
          }}
        />
      </p>

      <FormAlert className="mt-6" tone={result?.resent ? "success" : "error"}>
        {result?.formError ? (
          <p>{message(result.formError)}</p>
        ) : result?.resent ? (
          <p>{t("verify.resent")}</p>
        ) : null}
      </FormAlert>

      <Form ref={formRef} method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value="verify" />
        <Honeypot />
        <Field
          key={resent?.sentAt ?? sentAt}
          label={t("verify.key")}
          name="key"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          dir="ltr"
          required
          defaultValue={result?.intent === "verify" ? result.key : undefined}
          error={message(result?.keyError)}
          className="[&_input]:h-12 [&_input]:text-center [&_input]:text-xl [&_input]:font-semibold [&_input]:tracking-[0.5em]"
        />
        <Button type="submit" className="w-full" disabled={pendingIntent === "verify"}>
          {pendingIntent === "verify" ? t("verify.submitting") : t("verify.submit")}
        </Button>
      </Form>

      <div className="mt-6 flex items-center justify-between gap-4 border-t border-border pt-6">
        <p className="text-sm text-text-muted">{t("verify.noKey")}</p>
        <ResendForm
          key={resent?.sentAt ?? sentAt}
          seconds={resent?.resendSeconds ?? resendSeconds}
          sending={pendingIntent === "resend"}
        />
      </div>

      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="restart" />
        <Honeypot />
        <button
          type="submit"
          className="inline-flex items-center gap-2 text-sm font-medium text-accent hover:underline"
        >
          <Icon name="arrow-left" />
          {byPhone ? t("verify.restartPhone") : t("verify.restartEmail")}
        </button>
      </Form>
    </div>
  );
}

/** Seconds left of `seconds`, counting down once JavaScript runs. */
function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const deadline = Date.now() + seconds * 1000;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      return remaining;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

function ResendForm({ seconds, sending }: { seconds: number; sending: boolean }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const left = useCountdown(seconds);
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <Honeypot />
      {/* Without JavaScript the button stays usable: the API's throttle answers an early press. */}
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={sending || (hydrated && left > 0)}
      >
        <Icon name="refresh-cw" />
        {left > 0 ? t("verify.resendIn", { time }) : t("verify.resend")}
      </Button>
    </Form>
  );
}
