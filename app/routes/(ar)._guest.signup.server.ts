import type { Submission } from "@conform-to/react";
import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import {
  type AcceptedSubmission,
  replyWithApiError,
  replyWithFormError,
} from "~/lib/form-replies.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { safeRedirect } from "~/lib/redirect.server";
import { serviceUnavailable } from "~/lib/session.server";
import {
  commitPendingVerification,
  type LoginType,
  sendVerificationKey,
} from "~/lib/verification.server";

export const hideFields = ["password"];

type SignupInput = {
  method: "email" | "phone";
  email?: string;
  phone?: string;
  firstName: string;
  lastName: string;
  password: string;
  organization: string;
  redirectTo?: string;
};

/** Registers the account, sends its first key and goes on to the verification page. */
export async function register(
  request: Request,
  context: AppLoadContext,
  submission: AcceptedSubmission<SignupInput>,
  language: Language,
) {
  const input = submission.value;
  const loginType: LoginType = input.method === "phone" ? "PHONE" : "EMAIL";
  const loginValue = (input.method === "phone" ? input.phone : input.email) ?? "";
  try {
    await getApiClient(request, context).post("/registration", {
      body: {
        firstName: input.firstName,
        lastName: input.lastName,
        [input.method]: loginValue,
        password: input.password,
        loginType,
        locale: language,
        "organization.name": input.organization,
      },
    });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const result = replyWithApiError(submission, error, {
      fields: { "organization.name": "organization" },
      codes: { INVALID_FORMAT: input.method === "phone" ? "invalidPhone" : "invalidEmail" },
      hideFields,
    });
    // Registered already with this login: the page offers to sign in instead.
    const taken = error.code === (input.method === "phone" ? "PHONE_TAKEN" : "EMAIL_TAKEN");
    return data({ result, taken }, { status: error.status });
  }

  return startVerification(request, context, submission, {
    loginValue,
    loginType,
    language,
    redirectTo: input.redirectTo,
  });
}

async function startVerification(
  request: Request,
  context: AppLoadContext,
  submission: Submission<unknown>,
  next: { loginValue: string; loginType: LoginType; language: Language; redirectTo?: string },
) {
  let pending: Awaited<ReturnType<typeof sendVerificationKey>>;
  try {
    pending = await sendVerificationKey(request, context, next.loginValue, next.loginType);
  } catch (error) {
    // The account exists: signing in later sends the key that could not go out now.
    if (!isUserError(error)) throw serviceUnavailable(error);
    return data(
      { result: replyWithFormError(submission, "keyNotSent", { hideFields }), taken: false },
      { status: error.status },
    );
  }
  throw safeRedirect(localizedPath("/signup/verify", next.language), {
    headers: {
      "Set-Cookie": await commitPendingVerification({
        ...pending,
        ...(next.redirectTo ? { redirectTo: next.redirectTo } : {}),
      }),
    },
  });
}

const EmailToCheck = z.email().max(320);

/** The live "already registered" hint: only a hint, the submission itself tells for sure. */
export async function checkEmailExists(request: Request, context: AppLoadContext, form: FormData) {
  const email = EmailToCheck.safeParse(String(form.get("email") ?? "").trim());
  if (!email.success) return { exists: false };
  try {
    const { exists } = await getApiClient(request, context).post("/user/email-exists", {
      body: { value: email.data },
    });
    return { exists };
  } catch {
    return { exists: false };
  }
}
