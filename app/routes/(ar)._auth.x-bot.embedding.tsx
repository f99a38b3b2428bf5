import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { CopyCode } from "~/components/xbot/copy-code";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { requirePermission } from "~/lib/permissions.server";
import { rethrowAsPageError } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";
import { embedSnippets, signingExample, widgetApiCalls } from "~/lib/xbot-embedding";

export const handle = { title: "pages.xbot.embedding" };

/** The deployment's own origin, which the snippets load the widget from. */
function productOrigin(request: Request) {
  const configured = process.env.APP_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // fall through to the request's origin
    }
  }
  return new URL(request.url).origin;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const current = await api.get("/user/current-bot").catch(rethrowAsPageError);
  const canManage = user.account.currentOrganizationPermissions.includes("bots.manage");
  if (!current.bot) return { bot: null, origin: productOrigin(request), canManage };
  const bot = await api
    .get("/bots/{id}", { path: { id: current.bot.id } })
    .catch(rethrowAsPageError);
  return {
    bot: {
      id: bot.id,
      publicId: bot.publicId,
      name: bot.name,
      language: bot.language,
      status: bot.status,
      allowedDomains: bot.allowedDomains,
      identityVerification: bot.identityVerification,
    },
    origin: productOrigin(request),
    canManage,
  };
}

type ActionReply =
  | { intent: "add-domain"; ok: false; domain: string; error: string }
  | { intent: "add-domain" | "remove-domain"; ok: true }
  | { intent: "remove-domain"; ok: false; error: string }
  | { intent: "rotate"; ok: true; secret: string; rotatedAt: string }
  | { intent: "rotate"; ok: false; error: string };

/** API codes of a rejected domain → messages of `xbot:embedding.errors`. */
function domainError(code: string | undefined) {
  if (code === "INVALID_FORMAT") return "invalidDomain";
  if (code === "TOO_LONG") return "domainTooLong";
  if (code === "REQUIRED") return "domainRequired";
  if (code === "TOO_MANY" || code === "TOO_BIG") return "tooManyDomains";
  return "invalidDomain";
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.manage");
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const current = await api.get("/user/current-bot").catch(rethrowAsPageError);
  if (!current.bot) throw new Response("Not Found", { status: 404 });
  const id = current.bot.id;

  if (intent === "rotate") {
    try {
      const rotated = await api.post("/bots/{id}/secret/rotate", { path: { id } });
      return data<ActionReply>({ intent, ok: true, ...rotated });
    } catch (error) {
      if (!isUserError(error)) throw serviceUnavailable(error);
      return data<ActionReply>({ intent, ok: false, error: "rotateFailed" }, { status: 422 });
    }
  }

  if (intent === "add-domain" || intent === "remove-domain") {
    const domain = String(form.get("domain") ?? "").trim();
    if (intent === "add-domain" && domain === "") {
      return data<ActionReply>(
        { intent, ok: false, domain, error: "domainRequired" },
        { status: 422 },
      );
    }
    const bot = await api.get("/bots/{id}", { path: { id } }).catch(rethrowAsPageError);
    const allowedDomains =
      intent === "add-domain"
        ? [...bot.allowedDomains, domain]
        : bot.allowedDomains.filter((entry) => entry !== domain);
    try {
      await api.patch("/bots/{id}", {
        path: { id },
        body: { version: bot.version, allowedDomains },
      });
      return data<ActionReply>({ intent, ok: true });
    } catch (error) {
      if (!isUserError(error)) throw serviceUnavailable(error);
      if (error.status === 409) {
        return data<ActionReply>(
          intent === "add-domain"
            ? { intent, ok: false, domain, error: "stale" }
            : { intent, ok: false, error: "stale" },
          { status: 409 },
        );
      }
      const code = Object.entries(error.fieldCodes).find(([field]) =>
        field.startsWith("allowedDomains"),
      )?.[1];
      const message = error.status === 422 ? domainError(code) : "saveFailed";
      return data<ActionReply>(
        intent === "add-domain"
          ? { intent, ok: false, domain, error: message }
          : { intent, ok: false, error: message },
        { status: error.status },
      );
    }
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function XbotEmbeddingPage() {
  const { t, i18n } = useTranslation("xbot");
  const { bot, origin, canManage } = useLoaderData<typeof loader>();
  const reply = useActionAnswer<typeof action>();
  const pending = useIsPending();

  if (!bot) {
    return (
      <EmptyState icon="bot" title={t("embedding.noBotTitle")}>
        <LocalizedLink to="/x-bot/cards" className="text-accent underline">
          {t("embedding.noBotLink")}
        </LocalizedLink>
      </EmptyState>
    );
  }

  const snippets = embedSnippets(origin, bot.publicId, bot);
  const domainReply = reply && reply.intent !== "rotate" ? reply : null;
  const rotateReply = reply && reply.intent === "rotate" ? reply : null;
  const rotatedAt = rotateReply?.ok ? rotateReply.rotatedAt : bot.identityVerification.rotatedAt;
  const enabled = rotateReply?.ok ? true : bot.identityVerification.enabled;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });

  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">{t("embedding.title")}</h2>
      {bot.status === "draft" ? (
        <p
          role="note"
          className="rounded-md border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
          data-testid="draft-note"
        >
          {t("embedding.draftNote")}{" "}
          <LocalizedLink to="/x-bot/details" className="text-accent underline">
            {t("embedding.draftLink")}
          </LocalizedLink>
        </p>
      ) : null}

      <Card as="section" aria-labelledby="embed-snippets" className="space-y-4 p-6">
        <div>
          <h3 id="embed-snippets" className="font-semibold">
            {t("embedding.snippets.title")}
          </h3>
          <p className="mt-1 text-sm text-text-muted">{t("embedding.snippets.description")}</p>
        </div>
        <CopyCode
          id="snippet-bubble"
          label={t("embedding.snippets.bubble")}
          code={snippets.bubble}
        />
        <CopyCode
          id="snippet-inline"
          label={t("embedding.snippets.inline")}
          code={snippets.inline}
        />
        <CopyCode
          id="snippet-iframe"
          label={t("embedding.snippets.iframe")}
          code={snippets.iframe}
        />
        <CopyCode id="snippet-link" label={t("embedding.snippets.link")} code={snippets.link} />
        <p className="text-sm text-text-muted">{t("embedding.snippets.linkNote")}</p>
      </Card>

      <Card as="section" aria-labelledby="embed-domains" className="space-y-4 p-6">
        <div>
          <h3 id="embed-domains" className="font-semibold">
            {t("embedding.domains.title")}
          </h3>
          <p className="mt-1 text-sm text-text-muted">{t("embedding.domains.description")}</p>
        </div>
        {bot.allowedDomains.length === 0 ? (
          <p className="text-sm text-text-muted">{t("embedding.domains.empty")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {bot.allowedDomains.map((domain) => (
              <li key={domain} className="flex items-center justify-between gap-3 px-3 py-2">
                <code dir="ltr" className="text-sm">
                  {domain}
                </code>
                {canManage ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-domain" />
                    <input type="hidden" name="domain" value={domain} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="ghost"
                      disabled={pending}
                      aria-label={t("embedding.domains.removeLabel", { domain })}
                    >
                      {t("embedding.domains.remove")}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {domainReply && !domainReply.ok && domainReply.intent === "remove-domain" ? (
          <p role="alert" className="text-sm text-danger">
            {t(`embedding.errors.${domainReply.error}`)}
          </p>
        ) : null}
        {canManage ? (
          <Form method="post" className="flex flex-wrap items-start gap-2" noValidate>
            <input type="hidden" name="intent" value="add-domain" />
            <div className="min-w-64 flex-1">
              <label htmlFor="new-domain" className="mb-1 block text-sm font-medium">
                {t("embedding.domains.label")}
              </label>
              <input
                key={domainReply?.ok ? "saved" : "editing"}
                id="new-domain"
                name="domain"
                dir="ltr"
                inputMode="url"
                autoComplete="off"
                placeholder="example.com"
                defaultValue={
                  domainReply && !domainReply.ok && domainReply.intent === "add-domain"
                    ? domainReply.domain
                    : ""
                }
                aria-invalid={
                  domainReply && !domainReply.ok && domainReply.intent === "add-domain"
                    ? true
                    : undefined
                }
                aria-describedby="new-domain-hint new-domain-error"
                className="h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-start"
              />
              <p id="new-domain-hint" className="mt-1 text-xs text-text-muted">
                {t("embedding.domains.hint")}
              </p>
              {domainReply && !domainReply.ok && domainReply.intent === "add-domain" ? (
                <p id="new-domain-error" role="alert" className="mt-1 text-sm text-danger">
                  {t(`embedding.errors.${domainReply.error}`)}
                </p>
              ) : null}
            </div>
            <Button type="submit" className="mt-6" disabled={pending}>
              {t("embedding.domains.add")}
            </Button>
          </Form>
        ) : null}
      </Card>

      <Card as="section" aria-labelledby="embed-identity" className="space-y-4 p-6">
        <div>
          <h3 id="embed-identity" className="font-semibold">
            {t("embedding.identity.title")}
          </h3>
          <p className="mt-1 text-sm text-text-muted">{t("embedding.identity.description")}</p>
        </div>
        <p className="text-sm" data-testid="identity-status">
          {enabled
            ? t("embedding.identity.enabled", {
                date: rotatedAt ? dateFormat.format(new Date(rotatedAt)) : "",
              })
            : t("embedding.identity.disabled")}
        </p>
        {rotateReply?.ok ? (
          <div className="space-y-2 rounded-md border border-success/40 bg-success/10 p-4">
            <p role="status" className="text-sm font-medium">
              {t("embedding.identity.shownOnce")}
            </p>
            <CopyCode
              id="identity-secret"
              label={t("embedding.identity.secret")}
              code={rotateReply.secret}
            />
          </div>
        ) : null}
        {rotateReply && !rotateReply.ok ? (
          <p role="alert" className="text-sm text-danger">
            {t(`embedding.errors.${rotateReply.error}`)}
          </p>
        ) : null}
        {canManage ? (
          <details className="rounded-md border border-border p-4">
            <summary className="cursor-pointer text-sm font-medium">
              {enabled ? t("embedding.identity.rotate") : t("embedding.identity.create")}
            </summary>
            <p className="mt-3 text-sm text-text-muted">
              {enabled ? t("embedding.identity.rotateWarning") : t("embedding.identity.createNote")}
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="rotate" />
              <Button type="submit" variant={enabled ? "danger" : "primary"} disabled={pending}>
                {enabled
                  ? t("embedding.identity.rotateConfirm")
                  : t("embedding.identity.createConfirm")}
              </Button>
            </Form>
          </details>
        ) : null}
        <p className="text-sm">{t("embedding.identity.howToSign")}</p>
        <CopyCode
          id="signing-example"
          label={t("embedding.identity.example")}
          code={signingExample}
        />
      </Card>

      <Card as="section" aria-labelledby="embed-api" className="space-y-4 p-6">
        <div>
          <h3 id="embed-api" className="font-semibold">
            {t("embedding.api.title")}
          </h3>
          <p className="mt-1 text-sm text-text-muted">{t("embedding.api.description")}</p>
        </div>
        <dl className="divide-y divide-border rounded-md border border-border">
          {widgetApiCalls.map((call) => (
            <div key={call.key} className="grid gap-1 px-3 py-2 sm:grid-cols-[16rem_1fr] sm:gap-4">
              <dt>
                <code dir="ltr" className="text-xs">
                  {call.signature}
                </code>
              </dt>
              <dd className="text-sm text-text-muted">{t(`embedding.api.calls.${call.key}`)}</dd>
            </div>
          ))}
        </dl>
        <CopyCode id="api-example" label={t("embedding.api.example")} code={snippets.apiExample} />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
