import { OpenAPIHono, z } from "@hono/zod-openapi";
import { locales } from "../db/schema";
import type { AppEnv } from "../http/env";
import { ErrorSchema, validationHook } from "../http/errors";
import { acceptMultipartForm, chosenFile } from "../http/multipart";
import { maxAvatarBytes } from "../services/avatars";
import { normalizePhone, toCurrentUser, updateProfile } from "../services/users";
import {
  CurrentUserSchema,
  codedIssue,
  optionalString,
  protectedRoute,
  requiredString,
} from "./schemas";

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
    "Only the fields sent change. 409 EMAIL_TAKEN or PHONE_TAKEN when another account uses the " +
    "address or number; 422 INVALID_IMAGE or IMAGE_TOO_LARGE_DIMENSIONS for an avatar that is " +
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
    });
}
