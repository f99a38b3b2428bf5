import { and, eq } from "drizzle-orm";
import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { type Locale, memberships, type User, users } from "../db/schema";
import {
  type AppError,
  conflict,
  errorOnFields,
  type InvalidFields,
  notFound,
  validationFailed,
} from "../errors";
import { logError } from "../log";
import { type Actor, type Permission, permissionsForRole } from "../organizations/permissions";
import { publishEvent } from "../realtime/events";
import { avatarKeyOf, avatarUrlOf, saveAvatar } from "../storage/avatars";
import type { Storage } from "../storage/storage";
import { hashPassword } from "./passwords";

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
  /** Whether a key sent to the email address, or to the phone number, has proven it. */
  emailVerified: boolean;
  phoneVerified: boolean;
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
    emailVerified: user.email !== null && user.emailVerifiedAt !== null,
    phoneVerified: user.phone !== null && user.phoneVerifiedAt !== null,
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

/**
 * E.164 (`+9665…`) from a number as people type it (spaces, dashes, brackets, a `00` prefix), or
 * null when it is not a valid number. An international number (+ or 00) is read as it is; a
 * national one, such as 0501234567, only with a default country (an organization's), since
 * without one it is ambiguous.
 */
export function normalizePhone(value: string, defaultCountry?: string | null): string | null {
  const typed = value.trim().replace(/^00/, "+");
  if (typed.length > 32) return null;
  const country = defaultCountry && isSupportedCountry(defaultCountry) ? defaultCountry : null;
  if (!typed.startsWith("+") && !country) return null;
  const parsed = typed.startsWith("+")
    ? parsePhoneNumberFromString(typed)
    : parsePhoneNumberFromString(typed, country as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether libphonenumber knows a country (ISO 3166 alpha-2, upper case) by its numbers. */
export function isPhoneCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

export async function findUserById(db: Database, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
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
  locale?: Locale;
  verified?: boolean;
} & ({ password: string } | { passwordHash: string });

export async function createUser(db: Database, input: NewUserInput): Promise<User> {
  const phone = input.phone ? normalizePhone(input.phone) : null;
  if (input.phone && !phone) {
    throw validationFailed({
      phone: { code: "INVALID_FORMAT", message: "Not a valid phone number" },
    });
  }
  try {
    const [user] = await db
      .insert(users)
      .values({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email ? normalizeEmail(input.email) : null,
        phone,
        passwordHash:
          "passwordHash" in input ? input.passwordHash : await hashPassword(input.password),
        locale: input.locale ?? "en",
        verifiedAt: input.verified ? new Date() : null,
        emailVerifiedAt: input.verified && input.email ? new Date() : null,
        phoneVerifiedAt: input.verified && phone ? new Date() : null,
      })
      .returning();
    if (!user) throw new Error("insert into users returned no row");
    return user;
  } catch (error) {
    throw takenConflict(error) ?? error;
  }
}

/** 409 EMAIL_TAKEN or PHONE_TAKEN when `error` violates users' unique email or phone, else null. */
function takenConflict(error: unknown): AppError | null {
  if (isUniqueViolation(error, "users_email_unique")) {
    return conflict("EMAIL_TAKEN", "This email is already registered.", {
      email: "Already registered",
    });
  }
  if (isUniqueViolation(error, "users_phone_unique")) {
    return conflict("PHONE_TAKEN", "This phone number is already registered.", {
      phone: "Already registered",
    });
  }
  return null;
}

/** What PUT /user may change; a field left undefined keeps its value. */
export type ProfileChanges = {
  firstName?: string;
  lastName?: string;
  /** An empty string removes the address. */
  email?: string;
  /** Any format normalizePhone accepts; an empty string removes the number. */
  phone?: string;
  locale?: Locale;
  /** The uploaded file as received: checked and re-encoded by processAvatar. */
  avatar?: Uint8Array;
  removeAvatar?: boolean;
};

const required = { code: "REQUIRED", message: "Required" } as const;

function profileValues(changes: ProfileChanges): Partial<typeof users.$inferInsert> {
  const values: Partial<typeof users.$inferInsert> = {};
  const invalid: InvalidFields = {};
  if (changes.firstName !== undefined) {
    values.firstName = changes.firstName.trim();
    if (!values.firstName) invalid.firstName = required;
  }
  if (changes.lastName !== undefined) {
    values.lastName = changes.lastName.trim();
    if (!values.lastName) invalid.lastName = required;
  }
  if (changes.email !== undefined) {
    const email = changes.email.trim();
    values.email = email === "" ? null : normalizeEmail(email);
  }
  if (changes.phone !== undefined) {
    const phone = changes.phone.trim();
    values.phone = phone === "" ? null : normalizePhone(phone);
    if (phone !== "" && values.phone === null) {
      invalid.phone = { code: "INVALID_FORMAT", message: "Not a valid phone number" };
    }
  }
  if (changes.locale !== undefined) values.locale = changes.locale;
  if (Object.keys(invalid).length > 0) throw validationFailed(invalid);
  return values;
}

async function deleteStoredFile(storage: Storage, key: string) {
  try {
    await storage.delete(key);
  } catch (error) {
    // The profile is already right; a leftover file costs only space.
    logError(`Could not delete the stored file ${key}`, error);
  }
}

/**
 * Changes the signed-in user's own profile and returns the updated user. A new avatar is stored
 * before the update and deleted again if the update fails; the avatar it replaces is deleted only
 * after the update committed, so the user never points at a missing file.
 */
export async function updateProfile(
  db: Database,
  storage: Storage,
  userId: string,
  changes: ProfileChanges,
): Promise<User> {
  const values = profileValues(changes);
  if (changes.avatar && changes.removeAvatar) {
    throw validationFailed({
      removeAvatar: { code: "CONFLICTING_FIELDS", message: "Cannot be combined with a new avatar" },
    });
  }
  const newAvatarKey = changes.avatar ? await saveAvatar(storage, changes.avatar) : null;
  if (newAvatarKey) values.avatarUrl = avatarUrlOf(newAvatarKey);
  else if (changes.removeAvatar) values.avatarUrl = null;

  let result: { before: User; after: User };
  try {
    result = await db.transaction(async (tx) => {
      // Locked, so that of two concurrent avatar changes each deletes the file it replaced.
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!before) throw notFound("No such user.");
      // The sign-in addresses change only through an address change: password, then a key.
      const moved = [
        ...(values.email !== undefined && values.email !== before.email ? ["email"] : []),
        ...(values.phone !== undefined && values.phone !== before.phone ? ["phone"] : []),
      ];
      if (moved.length > 0) {
        throw errorOnFields(
          "invalid",
          "ADDRESS_CHANGE_REQUIRED",
          "The email and phone change with POST /user/address-change: the password, then a key.",
          Object.fromEntries(moved.map((field) => [field, "Needs an address change"])),
        );
      }
      const email = values.email === undefined ? before.email : values.email;
      const phone = values.phone === undefined ? before.phone : values.phone;
      if (email === null && phone === null) {
        const noLogin = {
          code: "REQUIRED",
          message: "An email address or a phone number is required",
        } as const;
        throw validationFailed({
          ...(values.email === null && { email: noLogin }),
          ...(values.phone === null && { phone: noLogin }),
        });
      }
      if (Object.keys(values).length === 0) return { before, after: before };
      const [after] = await tx.update(users).set(values).where(eq(users.id, userId)).returning();
      if (!after) throw new Error("update of users returned no row");
      await publishEvent(
        tx,
        { userId },
        {
          type: "user.updated",
          id: userId,
          organizationId: after.currentOrganizationId,
          actor: userId,
        },
      );
      return { before, after };
    });
  } catch (error) {
    if (newAvatarKey) await deleteStoredFile(storage, newAvatarKey);
    throw takenConflict(error) ?? error;
  }

  const replacedKey = avatarKeyOf(result.before.avatarUrl);
  if (replacedKey && result.before.avatarUrl !== result.after.avatarUrl) {
    await deleteStoredFile(storage, replacedKey);
  }
  return result.after;
}
