import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { InputField } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { Honeypot } from "~/components/honeypot";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError, replyWithFormError } from "~/lib/form-replies.server";
import { rejectFilledHoneypot } from "~/lib/honeypot.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { email, errorMessage } from "~/lib/validation";

export const handle = { title: "auth:forgot.title" };

const ForgotForm = z.object({ email: email() });

export async function loader({ request }: LoaderFunctionArgs) {
  return { email: new URL(request.url).searchParams.get("email") ?? "" };
}

/** Asks for a reset key, then goes on to /reset whatever the address: nothing tells if it exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  const language = pageLanguage(request);
  const form = await readForm(request);
  rejectFilledHoneypot(form);
  const submission = parseWithZod(form, { schema: ForgotForm });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 422 });
  }

  try {
    await getApiClient(request, context).post("/password/request/reset-by-email", {
      body: { email: submission.value.email, resetType: "KEY" },
    });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    if (error.status === 429) {
      // The pause between two keys to one address, or the address's own limit: the same answer
      // for every address, saying when a new key can be sent rather than claiming one was.
      const seconds = error.retryAfterSeconds ?? 60;
      return data(
        { result: replyWithFormError(submission, errorMessage("resendTooSoon", { seconds })) },
        { status: 429 },
      );
    }
    return data(
      {
        result: replyWithApiError(submission, error, {
          codes: { INVALID_FORMAT: "invalidEmail" },
        }),
      },
      { status: error.status },
    );
  }
  const search = new URLSearchParams({ email: submission.value.email, sent: "1" });
  return safeRedirect(`${localizedPath("/reset", language)}?${search}`);
}

export default function ForgotPage() {
  const { t } = useTranslation("auth");
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const [form, fields] = useAppForm(ForgotForm, {
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
  });
  const submitting = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t("forgot.title")}</h1>
      <p className="mt-1 text-sm text-text-muted">{t("forgot.subtitle")}</p>

      <FormErrors className="mt-6" errors={form.errors} />

      <Form
        ref={formRef}
        method="post"
        className="mt-6 space-y-4"
        {...getFormProps(form)}
        noValidate
      >
        <Honeypot />
        <InputField meta={fields.email} type="email" label={t("forgot.email")} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("forgot.submitting") : t("forgot.submit")}
        </Button>
      </Form>

      <LocalizedLink
        to="/login"
        className="mt-6 inline-flex items-center gap-1.5 text-sm text-accent hover:underline"
      >
        <Icon name="arrow-left" />
        {t("backToLogin")}
      </LocalizedLink>
    </div>
  );
}
