import { OpenAPIHono, z } from "@hono/zod-openapi";
import { locales } from "../db/schema";
import { notFound } from "../errors";
import type { AppEnv } from "../http/env";
import { ErrorSchema, validationHook } from "../http/errors";
import { acceptMultipartForm, chosenFile } from "../http/multipart";
import { requestMeta } from "../http/request-meta";
import {
  CurrentUserSchema,
  codedIssue,
  jsonBody,
  jsonResponse,
  keyField,
  LoginTypeSchema,
  mailQueueNote,
  optionalString,
  protectedRoute,
  rateLimitedNote,
  requiredString,
} from "../http/schemas";
import { maxAvatarBytes } from "../storage/avatars";
import {
  cancelAddressChange,
  confirmAddressChange,
  findPendingAddressChange,
  type PendingAddressChange,
  requestAddressChange,
} from "./address-changes";
import { servicesOf } from "./services";
import { findUserById, normalizePhone, toCurrentUser, updateProfile } from "./users";

/** The avatar plus room for the text fields and the multipart framing. */
const profileBodyLimit = maxAvatarBytes + 64 * 1024;

const ProfileUpdateSchema = z
  .object({
    firstName: requiredString({ max: 100 }).optional().openapi({ example: "Sara" }),
    lastName: requiredString({ max: 100 }).optional().openapi({ example: "Al-Harbi" }),
    email: optionalString({ max: 320 })
      .refine(
        (value) => value === "" || z.email().safeParse(value).success,
        codedIssue("INVALID_FORMAT", "Not a valid email address"),
      )
      .optional()
      .openapi({
        format: "email",
        description: "Stored lower-case. An empty string removes the address.",
      }),
    phone: optionalString({ max: 32 })
      .refine(
        (value) => value === "" || normalizePhone(value) !== null,
        codedIssue("INVALID_FORMAT", "Not a valid phone number"),
      )
      .optional()
      .openapi({
        description:
          "International form (+966 50 123 4567 or 00966…), stored as E.164. An empty string " +
          "removes the number; the account must keep an email address or a phone number.",
        example: "+966501234567",
      }),
    locale: z.enum(locales, { error: "Must be en or ar" }).optional(),
    removeAvatar: z
      .enum(["true", "false"], { error: 'Must be "true" or "false"' })
      .optional()
      .openapi({ description: '"true" removes the current avatar.' }),
    avatar: z
      // A form with no file chosen sends an empty part, with or without a file name.
      .custom<File | "">(
        (value) => value instanceof File || value === "",
        codedIssue("INVALID_TYPE", "Must be a file"),
      )
      .optional()
      .openapi({
        type: "string",
        format: "binary",
        description:
          "PNG, JPEG or WebP (recognised by content), at most 5 MB and 4096×4096 pixels. Stored " +
          "as a WebP of at most 512×512. An empty part (a form with no file chosen) is ignored.",
      }),
  })
  .openapi("ProfileUpdate");

const currentUserResponse = {
  description: "The current user",
  content: { "application/json": { schema: CurrentUserSchema } },
};

const getCurrentUserRoute = protectedRoute({
  method: "get",
  path: "/user",
  tags: ["User"],
  summary: "The signed-in user, with the permissions in their current organization",
  responses: {
    200: currentUserResponse,
  },
});

const updateCurrentUserRoute = protectedRoute({
  method: "put",
  path: "/user",
  tags: ["User"],
  summary: "Change the signed-in user's profile and avatar",
  description:
    "Only the fields sent change. The email and phone change only through POST " +
    "/user/address-change: a different value here is 422 ADDRESS_CHANGE_REQUIRED, the same one " +
    "is ignored. 422 INVALID_IMAGE or IMAGE_TOO_LARGE_DIMENSIONS for an avatar that is " +
    "not a PNG, JPEG or WebP image or is over 4096 pixels on a side; 413 PAYLOAD_TOO_LARGE for " +
    "an avatar over 5 MB.",
  middleware: [acceptMultipartForm(profileBodyLimit)],
  request: {
    body: { required: true, content: { "multipart/form-data": { schema: ProfileUpdateSchema } } },
  },
  responses: {
    200: currentUserResponse,
    413: {
      description: "Avatar larger than 5 MB, or request body larger than 5 MB + 64 KiB",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
  errors: [400, 409, 415, 422],
});

const PendingAddressChangeSchema = z
  .object({
    loginType: LoginTypeSchema,
    value: z.string().openapi({ description: "The new address, normalised (E.164 for a phone)" }),
    expiresAt: z.iso.datetime().openapi({ description: "When the key sent to it expires" }),
  })
  .openapi("PendingAddressChange");

const addressChangeTags = ["User"];

const getAddressChangeRoute = protectedRoute({
  method: "get",
  path: "/user/address-change",
  tags: addressChangeTags,
  summary: "The change of email or phone waiting for its key",
  description: "404 NOT_FOUND when no change waits, or its key has expired.",
  responses: { 200: jsonResponse("The change waiting for its key", PendingAddressChangeSchema) },
  errors: [404],
});

const requestAddressChangeRoute = protectedRoute({
  method: "post",
  path: "/user/address-change",
  tags: addressChangeTags,
  summary: "Start changing (or verifying) the email or phone, with the current password",
  description:
    "422 INVALID_PASSWORD for a wrong current password (ten tries in 15 minutes, counted with " +
    "password changes, then 429). A new address changes nothing yet: a 6-digit key, valid for " +
    "10 minutes, goes to it (202), and POST /user/address-change/verify completes the change. " +
    "The account's own unproven address is verified the same way; 422 ADDRESS_UNCHANGED for a " +
    "proven one. 409 EMAIL_TAKEN or PHONE_TAKEN when another account uses it. An empty value " +
    "removes the address at once (200), unless it is the account's only one (422 REQUIRED). " +
    `The former address is told of every change. ${mailQueueNote}`,
  request: {
    ...jsonBody(
      z
        .object({
          loginType: LoginTypeSchema,
          value: optionalString({ max: 320 }).openapi({ example: "layla@example.com" }),
          currentPassword: requiredString({ max: 1024, trim: false }),
        })
        .openapi("AddressChangeRequest"),
    ),
  },
  responses: {
    200: currentUserResponse,
    202: jsonResponse("The key is on its way to the new address", PendingAddressChangeSchema),
  },
  errors: [400, 409, 413, 415, 422, 429, 503],
});

const confirmAddressChangeRoute = protectedRoute({
  method: "post",
  path: "/user/address-change/verify",
  tags: addressChangeTags,
  summary: "Complete the waiting change with the key sent to the new address",
  description:
    "422 INVALID_KEY for a wrong key; 422 KEY_EXPIRED when no change waits or its key expired " +
    "or was used. Wrong keys count per address and recipient (five in 15 minutes) and per " +
    `recipient (twenty). 409 when another account took the address meanwhile. ${rateLimitedNote}`,
  request: {
    ...jsonBody(z.object({ key: keyField() }).openapi("AddressChangeConfirmation")),
  },
  responses: { 200: currentUserResponse },
  errors: [400, 409, 413, 415, 422, 429],
});

const cancelAddressChangeRoute = protectedRoute({
  method: "delete",
  path: "/user/address-change",
  tags: addressChangeTags,
  summary: "Drop the change waiting for its key",
  responses: { 204: { description: "No change waits any more" } },
});

function toPendingAddressChange(pending: PendingAddressChange) {
  return { ...pending, expiresAt: pending.expiresAt.toISOString() };
}

export function createUserRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getCurrentUserRoute, (c) => {
      const { user, actor } = c.var.auth;
      return c.json(toCurrentUser(user, actor), 200);
    })
    .openapi(updateCurrentUserRoute, async (c) => {
      const { avatar: avatarPart, removeAvatar, ...fields } = c.req.valid("form");
      const avatar = chosenFile(avatarPart);
      const { user, actor } = c.var.auth;
      const updated = await updateProfile(c.var.db, c.var.storage, user.id, {
        ...fields,
        avatar: avatar ? new Uint8Array(await avatar.arrayBuffer()) : undefined,
        removeAvatar: removeAvatar === "true",
      });
      return c.json(toCurrentUser(updated, actor), 200);
    })
    .openapi(getAddressChangeRoute, async (c) => {
      const pending = await findPendingAddressChange(c.var.db, c.var.auth.user.id);
      if (!pending) throw notFound("No change of address waits.");
      return c.json(toPendingAddressChange(pending), 200);
    })
    .openapi(requestAddressChangeRoute, async (c) => {
      const { user, actor } = c.var.auth;
      const services = { ...servicesOf(c), appUrl: c.var.appUrl };
      const pending = await requestAddressChange(services, user, c.req.valid("json"));
      if (pending) return c.json(toPendingAddressChange(pending), 202);
      const reloaded = await findUserById(c.var.db, user.id);
      return c.json(toCurrentUser(reloaded ?? user, actor), 200);
    })
    .openapi(confirmAddressChangeRoute, async (c) => {
      const { user, actor } = c.var.auth;
      const services = { ...servicesOf(c), appUrl: c.var.appUrl };
      const { key } = c.req.valid("json");
      const updated = await confirmAddressChange(services, user, key, requestMeta(c));
      return c.json(toCurrentUser(updated, actor), 200);
    })
    .openapi(cancelAddressChangeRoute, async (c) => {
      await cancelAddressChange(c.var.db, c.var.auth.user.id);
      return c.body(null, 204);
    });
}
