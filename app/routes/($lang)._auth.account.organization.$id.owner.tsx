import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { SettingsSection } from "~/components/account/settings-section";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { Field } from "~/components/ui/input";
import { PageShell } from "~/components/ui/page-shell";
import { PasswordField } from "~/components/ui/password-field";
import { SelectField } from "~/components/ui/select";
import { explainApiError, isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import type { Member } from "~/lib/organizations";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useFocusFirstError } from "~/lib/use-focus-first-error";

export const handle = { title: "organizations:owner.title" };

const Params = z.object({ id: z.uuid() });

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

function organizationId(params: { id?: string }) {
  const parsed = Params.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}

/** The owner's page: anyone else, member or not, finds nothing here. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context, params);
  const id = organizationId(params);
  const api = getApiClient(request, context, token);
  const organization = await api.get("/organizations/{id}", { path: { id } }).catch((error) => {
    throw isApiError(error, 404) ? notFound() : serviceUnavailable(error);
  });
  if (organization.role !== "owner") throw notFound();
  // Admins are the ones who can receive the organization; there are few, one page holds them.
  const admins: Member[] = [];
  for (let page = 1; ; page++) {
    const members = await api
      .get("/organizations/{id}/members", { path: { id }, query: { page, pageSize: 100 } })
      .catch((error: unknown) => {
        throw serviceUnavailable(error);
      });
    admins.push(...members.items.filter((member) => member.role === "admin"));
    if (page * members.pageSize >= members.total) break;
  }
  return { organization, admins };
}

type TransferResult = {
  intent: "transfer";
  fieldErrors?: Partial<Record<"userId" | "password", string>>;
  formError?: string;
};
type DeleteResult = { intent: "delete"; confirmName: string; fieldError?: string };

const Transfer = z.object({
  userId: z.uuid("errors.chooseAdmin"),
  password: z.string().min(1, "errors.required").max(1024, "errors.wrongPassword"),
});

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context, params);
  const language = requireLanguage(params);
  const id = organizationId(params);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);

  if (form.get("intent") === "transfer") {
    const parsed = Transfer.safeParse({
      userId: form.get("userId") ?? "",
      password: form.get("password") ?? "",
    });
    if (!parsed.success) {
      const fieldErrors: TransferResult["fieldErrors"] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as "userId" | "password";
        fieldErrors[field] ??= issue.message;
      }
      return data<TransferResult>({ intent: "transfer", fieldErrors }, { status: 422 });
    }
    try {
      await api.post("/organizations/{id}/transfer", { path: { id }, body: parsed.data });
    } catch (error) {
      if (!isUserError(error) || error.status === 404 || error.status === 403) {
        throw isApiError(error, 404) || isApiError(error, 403)
          ? notFound()
          : serviceUnavailable(error);
      }
      const { message, field } = explainApiError(error);
      const key = `common:apiErrors.${message}`;
      const target = field === "userId" || field === "password" ? field : undefined;
      return data<TransferResult>(
        {
          intent: "transfer",
          ...(target ? { fieldErrors: { [target]: key } } : { formError: key }),
        },
        { status: error.status },
      );
    }
    return redirect(
      `${localizedPath(`/account/organization/${id}`, language)}?notice=ownership-transferred`,
    );
  }

  if (form.get("intent") === "delete") {
    const raw = form.get("confirmName");
    const confirmName = typeof raw === "string" ? raw.slice(0, 400) : "";
    if (!confirmName.trim()) {
      return data<DeleteResult>(
        { intent: "delete", confirmName, fieldError: "errors.required" },
        { status: 422 },
      );
    }
    try {
      await api.delete("/organizations/{id}", { path: { id }, query: { confirmName } });
    } catch (error) {
      if (isApiError(error, 422)) {
        return data<DeleteResult>(
          { intent: "delete", confirmName, fieldError: "errors.nameMismatch" },
          { status: 422 },
        );
      }
      throw isApiError(error, 404) || isApiError(error, 403)
        ? notFound()
        : serviceUnavailable(error);
    }
    return redirect(
      `${localizedPath("/account/organization", language)}?notice=organization-deleted`,
    );
  }
  throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}

export default function OwnerPage() {
  const { organization, admins } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("organizations");
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const transferForm = useRef<HTMLFormElement>(null);
  const deleteForm = useRef<HTMLFormElement>(null);
  const transfer = result?.intent === "transfer" ? result : undefined;
  const deletion = result?.intent === "delete" ? result : undefined;
  useFocusFirstError(transferForm, transfer);
  useFocusFirstError(deleteForm, deletion);

  return (
    <PageShell
      title={t("owner.title")}
      description={organization.name}
      back={{ to: `/account/organization/${organization.id}`, label: organization.name }}
    >
      <SettingsSection
        id="transfer"
        title={t("owner.transfer.title")}
        description={t("owner.transfer.description")}
      >
        {admins.length === 0 ? (
          <p className="text-sm text-text-muted">{t("owner.transfer.noAdmins")}</p>
        ) : (
          <Form ref={transferForm} method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="transfer" />
            <FormAlert>{transfer?.formError ? t(transfer.formError) : null}</FormAlert>
            <SelectField
              label={t("owner.transfer.to")}
              name="userId"
              defaultValue=""
              error={transfer?.fieldErrors?.userId ? t(transfer.fieldErrors.userId) : undefined}
              options={[
                { value: "", label: t("owner.transfer.choose") },
                ...admins.map((admin) => ({
                  value: admin.userId,
                  label:
                    `${admin.firstName} ${admin.lastName}`.trim() +
                    (admin.email ? ` (${admin.email})` : ""),
                })),
              ]}
            />
            <PasswordField
              label={t("owner.transfer.password")}
              name="password"
              autoComplete="current-password"
              required
              error={transfer?.fieldErrors?.password ? t(transfer.fieldErrors.password) : undefined}
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={busy("transfer")}>
                <Icon name="crown" />
                {t("owner.transfer.submit")}
              </Button>
            </div>
          </Form>
        )}
      </SettingsSection>

      <SettingsSection
        id="delete"
        title={t("owner.delete.title")}
        description={t("owner.delete.description")}
      >
        <Form ref={deleteForm} method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="delete" />
          <Field
            label={t("owner.delete.confirmLabel", { name: organization.name })}
            name="confirmName"
            autoComplete="off"
            required
            defaultValue={deletion?.confirmName}
            error={deletion?.fieldError ? t(deletion.fieldError) : undefined}
          />
          <div className="flex justify-end">
            <Button type="submit" variant="danger" disabled={busy("delete")}>
              <Icon name="trash-2" />
              {t("owner.delete.submit")}
            </Button>
          </div>
        </Form>
      </SettingsSection>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
