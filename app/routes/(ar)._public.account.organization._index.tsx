import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { Form, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/ui/search-form";
import type { ApiSchema } from "~/lib/api/client";
import { isApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { organizationInitials } from "~/lib/organizations";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest } from "~/lib/responses.server";
import { getViewer, requireUser, serviceUnavailable } from "~/lib/session.server";
import { useIsPending } from "~/lib/use-is-pending";
import { useLocalizedPath } from "~/lib/use-language";

export const handle = { title: "organizations:title" };

const pageSize = 20;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).catch(""),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  if (viewer.status !== "signed-in") return { organizations: null, search: "" };
  const url = new URL(request.url);
  const { page, q } = Listing.parse({
    page: url.searchParams.get("page") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
  });
  // The current organization first, then by name.
  const organizations = await getApiClient(request, context, viewer.token)
    .get("/organizations", { query: { page, pageSize, search: q || undefined } })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  return { organizations, search: q };
}

/**
 * The switch: buttons with the organization in a hidden field, here and in the sidebar's
 * organization switcher, which posts the same fields to this action.
 */
const SwitchForm = z.object({ intent: z.literal("switch"), organizationId: z.uuid() });

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const language = pageLanguage(request);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: SwitchForm });
  // Nothing in it is typed: a form that does not parse was not sent by these buttons.
  if (submission.status !== "success") throw badRequest();
  try {
    await getApiClient(request, context, token).put("/user/current-organization", {
      body: { organizationId: submission.value.organizationId },
    });
  } catch (error) {
    // No longer a member (removed meanwhile): the list, reloaded, says so.
    if (!isApiError(error, 404)) throw serviceUnavailable(error);
  }
  return safeRedirect(
    `${localizedPath("/account/organization", language)}?notice=organization-switched`,
  );
}

export default function OrganizationsPage() {
  const { organizations, search } = useLoaderData<typeof loader>();
  return organizations ? (
    <OrganizationList organizations={organizations} search={search} />
  ) : (
    <GuestIntroduction />
  );
}

function GuestIntroduction() {
  const { t } = useTranslation("organizations");
  const localize = useLocalizedPath();
  return (
    <Card className="p-10 text-center">
      <span className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon name="building-2" className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{t("guest.title")}</h1>
      <p className="mx-auto mt-3 max-w-xl text-text-muted">{t("guest.body")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild>
          <LocalizedLink
            to={`/login?redirectTo=${encodeURIComponent(localize("/account/organization"))}`}
          >
            {t("guest.signIn")}
          </LocalizedLink>
        </Button>
        <Button variant="secondary" asChild>
          <LocalizedLink to="/signup">{t("guest.signUp")}</LocalizedLink>
        </Button>
      </div>
    </Card>
  );
}

function OrganizationList({
  organizations,
  search,
}: {
  organizations: ApiSchema<"OrganizationList">;
  search: string;
}) {
  const { t } = useTranslation("organizations");
  // Without a search there is always one: the account's own, made with it.
  const searchable = organizations.total > pageSize || search !== "";
  const switching = useIsPending({ intent: "switch" });
  const switchingTo = useNavigation().formData?.get("organizationId");
  return (
    <PageShell
      title={t("title")}
      description={t("description")}
      actions={
        <Button asChild>
          <LocalizedLink to="/account/organization/create">
            <Icon name="plus" />
            {t("create.title")}
          </LocalizedLink>
        </Button>
      }
    >
      {searchable ? (
        <SearchForm
          id="organization-search"
          label={t("list.search")}
          placeholder={t("list.searchPlaceholder")}
          submitLabel={t("list.searchSubmit")}
          defaultValue={search}
        />
      ) : null}
      {organizations.items.length === 0 && search ? (
        <EmptyState
          icon="building-2"
          title={t("list.noMatch.title")}
          action={
            <Button variant="secondary" asChild>
              <LocalizedLink to="/account/organization">
                <Icon name="x" />
                {t("list.noMatch.action")}
              </LocalizedLink>
            </Button>
          }
        >
          <IsolatedMessage ns="organizations" i18nKey="list.noMatch.body" values={{ search }} />
        </EmptyState>
      ) : organizations.items.length === 0 ? (
        <EmptyState
          icon="building-2"
          title={t("empty.title")}
          action={
            <Button variant="secondary" asChild>
              <LocalizedLink to="/account/organization/create">
                <Icon name="plus" />
                {t("create.title")}
              </LocalizedLink>
            </Button>
          }
        >
          {t("empty.body")}
        </EmptyState>
      ) : (
        <Card as="section" aria-label={t("list.label")}>
          <ul className="divide-y divide-border">
            {organizations.items.map((organization) => (
              <li key={organization.id} className="flex items-center gap-4 px-6 py-4">
                <Avatar
                  src={organization.logoUrl}
                  fallback={organizationInitials(organization.name)}
                  shape="square"
                  className="size-10"
                />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2">
                    <span className="truncate font-medium">{organization.name}</span>
                    {organization.current ? <Badge tone="accent">{t("list.current")}</Badge> : null}
                  </p>
                  <p className="text-sm text-text-muted">
                    {t(`roles.${organization.role}`)} ·{" "}
                    {t("list.members", { count: organization.memberCount })}
                  </p>
                </div>
                {organization.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="switch" />
                    <input type="hidden" name="organizationId" value={organization.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      disabled={switching && switchingTo === organization.id}
                      aria-label={t("list.switchTo", { name: organization.name })}
                    >
                      {t("list.switch")}
                    </Button>
                  </Form>
                )}
                <Button variant="ghost" asChild>
                  <LocalizedLink
                    to={`/account/organization/${organization.id}`}
                    aria-label={t("list.openSettings", { name: organization.name })}
                  >
                    <Icon name="settings" />
                    {t("list.settings")}
                  </LocalizedLink>
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination
        page={organizations.page}
        pageSize={organizations.pageSize}
        total={organizations.total}
        label={t("list.pages")}
      />
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
