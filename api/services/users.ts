import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { type Locale, memberships, type User, users } from "../db/schema";
import { conflict, validationFailed } from "../errors";
import { hashPassword } from "./passwords";
import { type Actor, type Permission, permissionsForRole } from "./permissions";

/** The signed-in user as the API returns it (GET /user, login). */
export type CurrentUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  avatarUrl: string | null;
  locale: Locale;
  verified: boolean;
  account: {
    currentOrganizationId: string | null;
    currentOrganizationPermissions: Permission[];
  };
};

export function toCurrentUser(user: User, actor: Actor): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    avatarUrl: user.avatarUrl,
    locale: user.locale,
    verified: user.verifiedAt !== null,
    account: {
      currentOrganizationId: actor.organizationId,
      currentOrganizationPermissions: [...actor.permissions],
    },
  };
}

/** Emails are stored lower-case, so every lookup and insert goes through this. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

const e164 = /^\+[1-9]\d{6,14}$/;

/** E.164 (`+9665…`) from what people type (spaces, dashes, brackets, a `00` prefix), or null. */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, "").replace(/^00/, "+");
  return e164.test(compact) ? compact : null;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user ?? null;
}

export async function findUserByPhone(db: Database, phone: string): Promise<User | null> {
  const normalized = normalizePhone(phone);
  if (!normalized) return null;
  const [user] = await db.select().from(users).where(eq(users.phone, normalized));
  return user ?? null;
}

/** The actor of a user acting in their current organization. */
export async function loadActor(db: Database, user: User): Promise<Actor> {
  const organizationId = user.currentOrganizationId;
  if (!organizationId) return { userId: user.id, organizationId: null, permissions: [] };
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, user.id)));
  // A current organization the user no longer belongs to grants nothing and is not reported.
  if (!membership) return { userId: user.id, organizationId: null, permissions: [] };
  return { userId: user.id, organizationId, permissions: permissionsForRole(membership.role) };
}

export type NewUserInput = {
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  password: string;
  locale?: Locale;
  verified?: boolean;
};

export async function createUser(db: Database, input: NewUserInput): Promise<User> {
  const phone = input.phone ? normalizePhone(input.phone) : null;
  if (input.phone && !phone) throw validationFailed({ phone: "Not a valid phone number" });
  try {
    const [user] = await db
      .insert(users)
      .values({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email ? normalizeEmail(input.email) : null,
        phone,
        passwordHash: await hashPassword(input.password),
        locale: input.locale ?? "en",
        verifiedAt: input.verified ? new Date() : null,
      })
      .returning();
    if (!user) throw new Error("insert into users returned no row");
    return user;
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) {
      throw conflict("EMAIL_TAKEN", "This email is already registered.", {
        email: "Already registered",
      });
    }
    if (isUniqueViolation(error, "users_phone_unique")) {
      throw conflict("PHONE_TAKEN", "This phone number is already registered.", {
        phone: "Already registered",
      });
    }
    throw error;
  }
}
