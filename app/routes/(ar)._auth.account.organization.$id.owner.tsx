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
import { InputField, PasswordInput, SelectInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { PageShell } from "~/components/ui/page-shell";
import { SettingsSection } from "~/components/ui/settings-section";
import type { ApiClient } from "~/lib/api/client";
import { type ApiError, isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { useAppForm } from "~/lib/app-form";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { type Language, localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import type { Member } from "~/lib/organizations";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, notFound, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { currentPassword, organizationName } from "~/lib/validation";

export const handle = { title: "organizations:owner.title" };

const TransferForm = z.object({
  userId: z.uuid({ error: "chooseAdmin" }),
  password: currentPassword(),
});

/** The organization's name, typed again. */
const DeleteForm = z.object({ confirmName: organizationName() });

const hideFields = ["password"];

/** The owner's page: anyone else, member or not, finds nothing here. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const organization = await api
    .get("/organizations/{id}", { path: { id } })
    .catch(rethrowAsPageError);
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const language = pageLanguage(request);
  const id = requireUuidParam(params);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "transfer":
      return transfer(api, id, form, language);
    case "delete":
      return deleteOrganization(api, id, form, language);
    default:
      throw badRequest();
  }
}

/** Not the owner (any more), or no such organization: nothing here, as for the loader. */
function rethrowUnlessUserError(error: unknown): asserts error is ApiError {
  if (isApiError(error, 403)) throw notFound();
  if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
}

async function transfer(api: ApiClient, id: string, form: FormData, language: Language) {
  const submission = parseWithZod(form, { schema: TransferForm });
  if (submission.status !== "success") {
    return data(
      { intent: "transfer" as const, result: submission.reply({ hideFields }) },
      { status: 422 },
    );
  }
  try {
    await api.post("/organizations/{id}/transfer", { path: { id }, body: submission.value });
  } catch (error) {
    rethrowUnlessUserError(error);
    const result = replyWithApiError(submission, error, { hideFields });
    return data({ intent: "transfer" as const, result }, { status: error.status });
  }
  return safeRedirect(
    `${localizedPath(`/account/organization/${id}`, language)}?notice=ownership-transferred`,
  );
}

async function deleteOrganization(api: ApiClient, id: string, form: FormData, language: Language) {
  const submission = parseWithZod(form, { schema: DeleteForm });
  if (submission.status !== "success") {
    return data({ intent: "delete" as const, result: submission.reply() }, { status: 422 });
  }
  try {
    await api.delete("/organizations/{id}", { path: { id }, query: submission.value });
  } catch (error) {
    rethrowUnlessUserError(error);
    const result = replyWithApiError(submission, error, {
      codes: { CONFIRMATION_MISMATCH: "nameMismatch" },
    });
    return data({ intent: "delete" as const, result }, { status: error.status });
  }
  return safeRedirect(
    `${localizedPath("/account/organization", language)}?notice=organization-deleted`,
  );
}

export default function OwnerPage() {
  const { organization, admins } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation("organizations");
  const [transferForm, transferFields] = useAppForm(TransferForm, {
    id: "transfer-ownership",
    lastResult: actionData?.intent === "transfer" ? actionData.result : undefined,
  });
  const [deleteForm, deleteFields] = useAppForm(DeleteForm, {
    id: "delete-organization",
    lastResult: actionData?.intent === "delete" ? actionData.result : undefined,
  });
  const transferring = useIsPending({ intent: "transfer" });
  const deleting = useIsPending({ intent: "delete" });
  const transferRef = useRef<HTMLFormElement>(null);
  const deleteRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(transferRef, actionData?.intent === "transfer" ? actionData : undefined);
  useFocusFirstError(deleteRef, actionData?.intent === "delete" ? actionData : undefined);

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
          <Form
            ref={transferRef}
            method="post"
            className="space-y-4"
            {...getFormProps(transferForm)}
            noValidate
          >
            <input type="hidden" name="intent" value="transfer" />
            <FormErrors errors={transferForm.errors} />
            <SelectInput
              meta={transferFields.userId}
              label={t("owner.transfer.to")}
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
            <PasswordInput
              meta={transferFields.password}
              label={t("owner.transfer.password")}
              autoComplete="current-password"
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={transferring}>
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
        <Form
          ref={deleteRef}
          method="post"
          className="space-y-4"
          {...getFormProps(deleteForm)}
          noValidate
        >
          <input type="hidden" name="intent" value="delete" />
          <FormErrors errors={deleteForm.errors} />
          <InputField
            meta={deleteFields.confirmName}
            label={t("owner.delete.confirmLabel", { name: organization.name })}
            autoComplete="off"
          />
          <div className="flex justify-end">
            <Button type="submit" variant="danger" disabled={deleting}>
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
