import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv, AuthEnv } from "../http/env";
import { actorIn } from "./memberships";
import { type Permission, requirePermission } from "./permissions";

/*
 * Placed ahead of a route's body limit, these refuse a file or an import unread, unconverted and
 * unstored: a body is read (and a file decoded) only for someone who may do what it is for. The
 * services check again; these checks are there so that no work is done first.
 */

/**
 * The session that requireAuth set, which protectedRoute puts ahead of every route's own
 * middleware. A route's middleware is typed with the app's variables alone, so it is read here.
 */
const authOf = (c: Context<AppEnv>) => (c as unknown as Context<AppEnv & AuthEnv>).var.auth;

/** 403 unless the actor has `permission` in their current organization (none without one). */
export function permissionFirst(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requirePermission(authOf(c).actor, permission);
    await next();
  });
}

const organizationId = z.uuid();

/**
 * 404 unless the user belongs to the organization of the path's `{id}`, 403 unless they have
 * `permission` there. An `{id}` that is not one is left to the route's validator (400).
 */
export function organizationPermissionFirst(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = c.req.param("id");
    if (organizationId.safeParse(id).success) {
      requirePermission(await actorIn(c.var.db, authOf(c).user.id, id as string), permission);
    }
    await next();
  });
}
