import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ChangeEvent, type ReactNode, type RefObject, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
  useFetcher,
  useSearchParams,
} from "react-router";
import { z } from "zod";
import { MethodSwitch, useLoginMethod } from "~/components/auth/method-switch";
import { CheckboxInput, type FieldMeta, InputField, PasswordInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { PasswordStrength } from "~/components/password-strength";
import { PhoneHint, phoneExample } from "~/components/phone-hint";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useHydrated } from "~/lib/use-hydrated";
import { useIsPending } from "~/lib/use-is-pending";
import {
  acceptance,
  email,
  newPassword,
  organizationName,
  personName,
  phone,
} from "~/lib/validation";
import { checkEmailExists, hideFields, register } from "./(ar)._guest.signup.server";

export const handle = { title: "auth:signup.title" };

const registration = {
  firstName: personName(),
  lastName: personName(),
  password: newPassword(),
  organization: organizationName(),
  terms: acceptance("termsRequired"),
  redirectTo: z.string().max(2000).optional(),
};

const SignupForm = z.discriminatedUnion("method", [
  z.object({ method: z.literal("email"), email: email(), ...registration }),
  z.object({ method: z.literal("phone"), phone: phone(), ...registration }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const language = pageLanguage(request);
  // The verification step had this address before it had its own page.
  if (new URL(request.url).searchParams.get("step") === "verify") {
    throw safeRedirect(localizedPath("/signup/verify", language));
  }
  return null;
}

// The live "already registered" check changes nothing the page shows from its loaders.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("intent") === "email-exists" ? false : defaultShouldRevalidate);

export async function action({ request, context }: ActionFunctionArgs) {
  const language = pageLanguage(request);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  if (form.get("intent") === "email-exists") return checkEmailExists(request, context, form);
  const submission = parseWithZod(form, { schema: SignupForm });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), taken: false }, { status: 422 });
  }
  return register(request, context, submission, language);
}

export default function SignupPage() {
  const { t } = useTranslation("auth");
  const actionData = useActionAnswer<typeof action>();
  const answer = actionData && "result" in actionData ? actionData : undefined;
  const [searchParams] = useSearchParams();
  const method = useLoginMethod();
  const [form, fields] = useAppForm(SignupForm, {
    lastResult: answer?.result,
    defaultValue: { email: searchParams.get("email")?.slice(0, 320) ?? "" },
  });
  const submitting = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);

  const [password, setPassword] = useState("");
  const [userInputs, setUserInputs] = useState<string[]>([]);
  const onPasswordChange = (event: ChangeEvent<HTMLInputElement>) => {
    setPassword(event.currentTarget.value);
    setUserInputs(otherValues(formRef));
  };
  const keyNotSent = form.errors?.[0] === "keyNotSent";

  return (
    <div className="py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t("signup.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("signup.subtitle")}</p>

      <FormErrors className="mt-6" errors={form.errors}>
        {keyNotSent ? (
          <LocalizedLink to="/login" className="font-medium underline underline-offset-2">
            {t("signup.signIn")}
          </LocalizedLink>
        ) : null}
      </FormErrors>

      <Form
        ref={formRef}
        method="post"
        className="mt-6 space-y-4"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Honeypot />
        <div className="grid grid-cols-2 gap-3">
          <InputField
            meta={fields.firstName}
            label={t("signup.firstName")}
            autoComplete="given-name"
          />
          <InputField
            meta={fields.lastName}
            label={t("signup.lastName")}
            autoComplete="family-name"
          />
        </div>

        <MethodSwitch
          label={t("signup.method")}
          emailLabel={t("signup.withEmail")}
          phoneLabel={t("signup.withPhone")}
        />

        {method === "phone" ? (
          <div key="phone">
            <InputField
              meta={fields.phone}
              type="tel"
              label={t("signup.phone")}
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              placeholder={phoneExample}
              hint={<PhoneHint i18nKey="auth:signup.phoneHint" />}
            />
            {answer?.taken && fields.phone.errors ? (
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
            meta={fields.email}
            taken={Boolean(answer?.taken && fields.email.errors)}
          />
        )}

        <PasswordInput
          meta={fields.password}
          label={t("signup.password")}
          autoComplete="new-password"
          hint={t("signup.passwordHint")}
          onChange={onPasswordChange}
        >
          <PasswordStrength password={password} userInputs={userInputs} />
        </PasswordInput>

        <InputField
          meta={fields.organization}
          label={t("signup.organization")}
          autoComplete="organization"
          hint={t("signup.organizationHint")}
        />

        <CheckboxInput
          meta={fields.terms}
          label={
            <Trans
              t={t}
              i18nKey="signup.terms"
              components={{
                // In a new tab, so that what is typed here stays.
                terms: <LegalLink to="/terms" />,
                privacy: <LegalLink to="/privacy" />,
              }}
            />
          }
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
function EmailWithTakenHint({ meta, taken }: { meta: FieldMeta; taken: boolean }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const exists = useFetcher<{ exists: boolean }>();
  const [checked, setChecked] = useState<string | null>(null);
  const email = typeof meta.value === "string" ? meta.value.trim() : "";
  const existsHint =
    !meta.errors && exists.state === "idle" && exists.data?.exists === true && checked === email;
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
      <InputField
        meta={meta}
        type="email"
        label={t("signup.email")}
        onBlur={(event) => {
          const value = event.currentTarget.value.trim();
          if (!looksLikeEmail(value) || value === checked) return;
          setChecked(value);
          exists.submit({ intent: "email-exists", email: value }, { method: "post" });
        }}
      />
      {taken ? <p className="mt-1.5 text-xs">{loginLink}</p> : null}
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

function LegalLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <LocalizedLink
      to={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-accent underline-offset-2 hover:underline"
    >
      {children}
    </LocalizedLink>
  );
}
