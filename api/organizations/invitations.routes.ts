import { OpenAPIHono, z } from "@hono/zod-openapi";
import { invitationRoles } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import {
  emailAddress,
  jsonBody,
  jsonResponse,
  pagedSearchQuery,
  pageOf,
  protectedRoute,
  tokenField,
} from "../http/schemas";
import {
  acceptInvitation,
  createInvitation,
  getInvitationByToken,
  type InvitationDetails,
  type InvitationView,
  invitationLifetimeDays,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations";
import { actorIn } from "./memberships";

const tags = ["Invitations"];

const InvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(invitationRoles),
    status: z.enum(["pending", "expired", "revoked", "accepted"]),
    sentAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .openapi("Invitation");

const InvitationDetailsSchema = InvitationSchema.extend({
  organizationId: z.uuid(),
  organizationName: z.string(),
  inviterName: z.string().nullable(),
}).openapi("InvitationDetails");

const idParams = z.object({ id: z.uuid("Not an organization id") });
const invitationParams = idParams.extend({ invitationId: z.uuid("Not an invitation id") });

const toInvitation = (view: InvitationView) => ({
  ...view,
  sentAt: view.sentAt.toISOString(),
  expiresAt: view.expiresAt.toISOString(),
});
const toDetails = (details: InvitationDetails) => ({ ...details, ...toInvitation(details) });

const listRoute = protectedRoute({
  method: "get",
  path: "/organizations/{id}/invitations",
  tags,
  summary: "Invitations not yet accepted or revoked, newest first (members.manage)",
  request: { params: idParams, query: pagedSearchQuery("Part of the invited address") },
  responses: {
    200: jsonResponse("A page of the open invitations", pageOf(InvitationSchema, "InvitationList")),
  },
  errors: [403, 404, 422],
});

const mailLimitsNote =
  "Sending and sending again count together: 429 TOO_MANY_REQUESTS (with Retry-After) past 30 " +
  "an hour per inviting member, 100 per organization or 3 per address; 503 MAIL_QUEUE_FULL " +
  "(with Retry-After) while too much mail waits to be sent.";

const createInvitationRoute = protectedRoute({
  method: "post",
  path: "/organizations/{id}/invitations",
  tags,
  summary: "Invite an email address with a role (members.manage)",
  description: [
    `The address gets a link to the web app's /accept-invite, valid for ${invitationLifetimeDays}`,
    "days, in the language of its account, or else the inviter's. 409 ALREADY_MEMBER or",
    "INVITATION_PENDING (resend that one instead).",
    mailLimitsNote,
  ].join(" "),
  request: {
    params: idParams,
    ...jsonBody(
      z
        .object({
          email: emailAddress(),
          role: z.enum(invitationRoles, { error: "Must be admin, member or viewer" }),
        })
        .openapi("InvitationCreate"),
    ),
  },
  responses: {
    201: jsonResponse("The invitation, mailed", InvitationSchema),
  },
  errors: [400, 403, 404, 409, 422, 429, 503],
});

const resendRoute = protectedRoute({
  method: "post",
  path: "/organizations/{id}/invitations/{invitationId}/resend",
  tags,
  summary: "Mail an invitation again with a new link and a new expiry (members.manage)",
  description: `The previous link stops working. ${mailLimitsNote}`,
  request: { params: invitationParams },
  responses: {
    200: jsonResponse("The invitation, mailed again", InvitationSchema),
  },
  errors: [403, 404, 422, 429, 503],
});

const revokeRoute = protectedRoute({
  method: "delete",
  path: "/organizations/{id}/invitations/{invitationId}",
  tags,
  summary: "Revoke an invitation (members.manage)",
  request: { params: invitationParams },
  responses: {
    204: { description: "Revoked: its link no longer works" },
  },
  errors: [403, 404, 422],
});

const tokenQuery = z.object({ token: tokenField() });

const showRoute = protectedRoute({
  method: "get",
  path: "/invitations",
  tags,
  summary: "The invitation of a link, with its organization and status",
  description: "For the signed-in user who opened the link; 404 for a link that is not one.",
  request: { query: tokenQuery },
  responses: {
    200: jsonResponse("The invitation", InvitationDetailsSchema),
  },
  errors: [404, 422],
});

const acceptRoute = protectedRoute({
  method: "post",
  path: "/invitations/accept",
  tags,
  summary: "Join the organization of an invitation, which becomes the current one",
  description: [
    "The invitation must be for the signed-in user's email address (403",
    "INVITATION_FOR_ANOTHER_EMAIL), proven by a key (403 EMAIL_NOT_VERIFIED: verify it with POST",
    "/user/address-change) and still open (409 INVITATION_EXPIRED, INVITATION_REVOKED",
    "or INVITATION_ACCEPTED); an account that belongs to as many organizations as it may gets",
    "409 ORGANIZATION_LIMIT_REACHED.",
  ].join(" "),
  request: jsonBody(tokenQuery.openapi("InvitationAccept")),
  responses: {
    200: jsonResponse(
      "Joined",
      z.object({ organizationId: z.uuid() }).openapi("InvitationAccepted"),
    ),
  },
  errors: [400, 403, 404, 409, 422],
});

export function createInvitationRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      const { items, total } = await listInvitations(c.var.db, actor, query);
      const page = { total, page: query.page, pageSize: query.pageSize };
      return c.json({ items: items.map(toInvitation), ...page }, 200);
    })
    .openapi(createInvitationRoute, async (c) => {
      const { id } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      const invitation = await createInvitation(c.var, actor, c.req.valid("json"));
      return c.json(toInvitation(invitation), 201);
    })
    .openapi(resendRoute, async (c) => {
      const { id, invitationId } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      return c.json(toInvitation(await resendInvitation(c.var, actor, invitationId)), 200);
    })
    .openapi(revokeRoute, async (c) => {
      const { id, invitationId } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await revokeInvitation(c.var.db, actor, invitationId);
      return c.body(null, 204);
    })
    .openapi(showRoute, async (c) => {
      const { token } = c.req.valid("query");
      return c.json(toDetails(await getInvitationByToken(c.var.db, token)), 200);
    })
    .openapi(acceptRoute, async (c) => {
      const { token } = c.req.valid("json");
      const { db, auth, maxOrganizationsPerUser } = c.var;
      return c.json(await acceptInvitation(db, auth.user, token, maxOrganizationsPerUser), 200);
    });
}
