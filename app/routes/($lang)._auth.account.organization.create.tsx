import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/input";
import { PageShell } from "~/components/ui/page-shell";
import { explainApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { type Organization, OrganizationName, organizationNameMax } from "~/lib/organizations";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";

export const handle = { title: "organizations:create.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, params);
  return null;
}

type ActionResult = { name: string; fieldError?: string; formError?: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context, params);
  const language = requireLanguage(params);
  const form = await readForm(request);
  const raw = form.get("name");
  const name = typeof raw === "string" ? raw.slice(0, 400) : "";
  const parsed = OrganizationName.safeParse(name);
  if (!parsed.success) {
    return data<ActionResult>(
      { name, fieldError: parsed.error.issues[0]?.message },
      { status: 422 },
    );
  }
  let created: Organization;
  try {
    created = await getApiClient(request, context, token).post("/organizations", {
      body: { name: parsed.data },
    });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    return data<ActionResult>(
      { name, formError: `common:apiErrors.${explainApiError(error).message}` },
      { status: error.status },
    );
  }
  return redirect(
    `${localizedPath(`/account/organization/${created.id}`, language)}?notice=organization-created`,
  );
}

export default function CreateOrganizationPage() {
  const { t } = useTranslation("organizations");
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  return (
    <PageShell
      title={t("create.title")}
      description={t("create.description")}
      back={{ to: "/account/organization", label: t("title") }}
    >
      <Card className="p-6">
        <Form method="post" ref={form} noValidate className="space-y-5">
          <FormAlert>{result?.formError ? t(result.formError) : null}</FormAlert>
          <Field
            label={t("fields.name")}
            name="name"
            required
            maxLength={organizationNameMax}
            autoComplete="organization"
            defaultValue={result?.name}
            error={result?.fieldError ? t(result.fieldError) : undefined}
            hint={t("create.nameHint")}
          />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" asChild>
              <LocalizedLink to="/account/organization">{t("common:actions.cancel")}</LocalizedLink>
            </Button>
            <Button type="submit" disabled={navigation.state === "submitting"}>
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
