import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, data, Form, type LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { InputField } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageShell } from "~/components/ui/page-shell";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import type { Organization } from "~/lib/organizations";
import { safeRedirect } from "~/lib/redirect.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { organizationName } from "~/lib/validation";

export const handle = { title: "organizations:create.title" };

const CreateForm = z.object({ name: organizationName() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const language = pageLanguage(request);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: CreateForm });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 422 });
  }
  let created: Organization;
  try {
    created = await getApiClient(request, context, token).post("/organizations", {
      body: submission.value,
    });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    return data({ result: replyWithApiError(submission, error) }, { status: error.status });
  }
  return safeRedirect(
    `${localizedPath(`/account/organization/${created.id}`, language)}?notice=organization-created`,
  );
}

export default function CreateOrganizationPage() {
  const { t } = useTranslation("organizations");
  const actionData = useActionAnswer<typeof action>();
  const [form, fields] = useAppForm(CreateForm, { lastResult: actionData?.result });
  const submitting = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);
  return (
    <PageShell
      title={t("create.title")}
      description={t("create.description")}
      back={{ to: "/account/organization", label: t("title") }}
    >
      <Card className="p-6">
        <Form ref={formRef} method="post" className="space-y-5" {...getFormProps(form)} noValidate>
          <FormErrors errors={form.errors} />
          <InputField
            meta={fields.name}
            label={t("fields.name")}
            autoComplete="organization"
            hint={t("create.nameHint")}
          />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" asChild>
              <LocalizedLink to="/account/organization">{t("common:actions.cancel")}</LocalizedLink>
            </Button>
            <Button type="submit" disabled={submitting}>
              {t("create.submit")}
            </Button>
          </div>
        </Form>
      </Card>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
