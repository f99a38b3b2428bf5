import { z } from "zod";
import type { ApiSchema } from "./api/client";
import {
  currentPassword,
  email,
  newPassword,
  personName,
  phone,
  verificationKey,
} from "./validation";

/** The forms of the account page (app/routes/(ar)._auth.account._index.tsx) and its sections. */

/** The profile: names and the photo. The email and phone change with a key (AddressChange). */
export const ProfileUpdate = z.object({
  firstName: personName(),
  lastName: personName(),
  avatar: z.file().optional(),
  removeAvatar: z.literal("true").optional(),
});

/** A new email or phone (none removes it), confirmed with the current password. */
export const AddressChange = z.discriminatedUnion("loginType", [
  z.object({
    loginType: z.literal("EMAIL"),
    value: email().optional(),
    currentPassword: currentPassword(),
  }),
  z.object({
    loginType: z.literal("PHONE"),
    value: phone().optional(),
    currentPassword: currentPassword(),
  }),
]);

export const AddressConfirm = z.object({ key: verificationKey() });

export const PasswordChange = z.object({
  currentPassword: currentPassword(),
  newPassword: newPassword(),
});

/** What the forms of the page hold, for their components. */
export type ProfileValues = z.input<typeof ProfileUpdate>;
export type PasswordValues = z.input<typeof PasswordChange>;
export type AddressChangeValues = z.input<typeof AddressChange>;
export type AddressConfirmValues = z.input<typeof AddressConfirm>;
export type PendingAddressChange = ApiSchema<"PendingAddressChange">;
