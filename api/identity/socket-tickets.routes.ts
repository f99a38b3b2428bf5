import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { protectedRoute } from "../http/schemas";
import { issueSocketTicket, socketTicketLifetimeMs } from "./socket-tickets";

const SocketTicketSchema = z
  .object({
    ticket: z.string().openapi({ example: "st_3q2-7wEvhDzJ0Xk1q9P4mJb0N6sXw1s2fYHc0aGdK4s" }),
    expiresAt: z.iso.datetime(),
  })
  .openapi("SocketTicket");

const issueRoute = protectedRoute({
  method: "post",
  path: "/user/socket-ticket",
  tags: ["Real time"],
  summary: "A single-use ticket that opens the real-time socket",
  description: [
    `Valid for ${socketTicketLifetimeMs / 1000} seconds and one CONNECT. The socket is STOMP 1.2`,
    "over a WebSocket upgrade of `/api/v1/socket` (subprotocol `v12.stomp`); CONNECT carries",
    "`Authorization: Bearer <ticket or session token>` and the server offers heart-beats of",
    "10000,10000. Destinations: `/user/queue/events` (the user's own events) and",
    "`/topic/organizations.{id}` (members only). A MESSAGE body is a JSON event",
    "`{type, id, organizationId, actor, at}`: something changed, fetch it again. The socket is",
    "closed when its session ends.",
  ].join(" "),
  responses: {
    201: {
      description: "A new ticket",
      content: { "application/json": { schema: SocketTicketSchema } },
    },
  },
});

export function createSocketTicketRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(issueRoute, async (c) => {
    const { ticket, expiresAt } = await issueSocketTicket(c.var.db, c.var.auth.sessionId);
    return c.json({ ticket, expiresAt: expiresAt.toISOString() }, 201);
  });
}
