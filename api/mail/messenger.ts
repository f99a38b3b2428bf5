import type { Locale } from "../db/schema";

export type Channel = "EMAIL" | "PHONE";

/**
 * What a one-time key proves: the sign-up address, the right to set a new password, or a new
 * address for an account.
 */
export type KeyPurpose = "registration" | "password_reset" | "address_change";

export type KeyMessage = {
  channel: Channel;
  /** An email address (EMAIL) or an E.164 phone number (PHONE). */
  to: string;
  locale: Locale;
  purpose: KeyPurpose;
  key: string;
  firstName: string;
  expiresInMinutes: number;
};

/** An invitation to join an organization, by email, in the invitee's language. */
export type InvitationMessage = {
  to: string;
  locale: Locale;
  organizationName: string;
  inviterName: string;
  role: "admin" | "member" | "viewer";
  /** The web app's page that accepts it, with the token. */
  url: string;
  expiresInDays: number;
};

/** Tells an account's former address that the account's email or phone changed. */
export type AddressChangedMessage = {
  channel: Channel;
  /** The former address (EMAIL) or number (PHONE). */
  to: string;
  locale: Locale;
  firstName: string;
  /** Which of the account's addresses changed. */
  changed: Channel;
  /** The address now in use, or null when it was removed. */
  now: string | null;
  /** The web app's forgotten-password page, for someone who did not make the change. */
  resetUrl: string;
};

/**
 * Sends what the API tells people by mail or SMS. Sending never waits for delivery: messages are
 * queued in the database and delivered in the background, a few at a time; a failed delivery is
 * tried again after a pause, and logged, not thrown. The queue is bounded: past its bound,
 * sending throws MailQueueFullError (503 MAIL_QUEUE_FULL).
 */
export interface Messenger {
  /** Throws MailQueueFullError when a message sent now would be refused; call before changes. */
  assertRoom(): Promise<void>;
  sendKey(message: KeyMessage): Promise<void>;
  sendInvitation(message: InvitationMessage): Promise<void>;
  sendAddressChanged(message: AddressChangedMessage): Promise<void>;
  /** Resolves once every queued message has been delivered or has failed. */
  flush(): Promise<void>;
  /** Stops delivering here; what is still queued waits in the database. */
  close(): Promise<void>;
}

export type MessengerOptions = {
  /** nodemailer transport URL (smtp:// or smtps://); unset => the outbox folder. */
  smtpUrl?: string;
  /** The From header; defaults to "Qalam <no-reply@localhost>". */
  mailFrom?: string;
  /** SMS go to this URL as a JSON POST {to, text}; unset => the outbox folder. */
  smsWebhookUrl?: string;
  /** Where messages are written when no transport is configured. */
  outboxDir: string;
  /** Deliveries at once on each instance (default 4). */
  maxConcurrent?: number;
  /** Messages waiting or being sent before new ones are refused (default 1,000). */
  maxQueued?: number;
  /** Tries after a failed one (default 2). */
  retries?: number;
  /** The pause before the second try, doubling after each (seconds, default 2; 0: at once). */
  retryDelaySeconds?: number;
};
