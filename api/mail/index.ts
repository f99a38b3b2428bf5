import { setTimeout as delay } from "node:timers/promises";
import pLimit from "p-limit";
import { MailQueueFullError } from "../errors";
import type {
  AddressChangedMessage,
  InvitationMessage,
  KeyMessage,
  Messenger,
  MessengerOptions,
} from "./messenger";
import {
  renderAddressChangedEmail,
  renderAddressChangedSms,
  renderInvitationEmail,
  renderKeyEmail,
  renderKeySms,
} from "./templates";
import { createEmailTransport, createSmsTransport } from "./transports";

export { type MailNamespace, mailNamespaces } from "./messages";
export type {
  AddressChangedMessage,
  Channel,
  InvitationMessage,
  KeyMessage,
  KeyPurpose,
  Messenger,
  MessengerOptions,
} from "./messenger";
export { defaultMailFrom } from "./transports";

/** Deliveries at once: enough to keep a mail server busy, few enough not to flood it. */
export const defaultMaxConcurrent = 4;
/** Messages queued or being sent before new ones are refused (503 MAIL_QUEUE_FULL). */
export const defaultMaxQueued = 1_000;
/** The pauses before the second and third tries of a failed delivery. */
export const defaultRetryDelaysMs = [2_000, 10_000];

export function createMessenger(options: MessengerOptions): Messenger {
  const email = createEmailTransport(options);
  const sms = createSmsTransport(options);
  const limit = pLimit(options.maxConcurrent ?? defaultMaxConcurrent);
  const maxQueued = options.maxQueued ?? defaultMaxQueued;
  const retryDelaysMs = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const pending = new Set<Promise<void>>();

  const deliver = async (message: KeyMessage) => {
    if (message.channel === "PHONE") {
      await sms.send({ to: message.to, text: renderKeySms(message) });
    } else {
      await email.send({ to: message.to, locale: message.locale, ...renderKeyEmail(message) });
    }
  };

  const flush = async () => {
    // Settling one delivery never starts another, but a request may queue more while we wait.
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };

  const assertRoom = () => {
    if (pending.size >= maxQueued) throw new MailQueueFullError();
  };

  /** Tries `send` once and again after each pause; every failure is logged, `secret` blanked. */
  const sendWithRetries = async (describe: string, secret: string, send: () => Promise<void>) => {
    const tries = retryDelaysMs.length + 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        const reason = failureReason(error, secret);
        if (attempt === tries) {
          console.error(`Sending ${describe} failed after ${tries} tries: ${reason}`);
          return;
        }
        console.warn(`Sending ${describe} failed (try ${attempt} of ${tries}): ${reason}`);
        await delay(retryDelaysMs[attempt - 1]);
      }
    }
  };

  /** Queues a delivery; rendering, too, runs after the call has returned, off the request's path. */
  const enqueue = (describe: string, secret: string, send: () => Promise<void>) => {
    assertRoom();
    const delivery: Promise<void> = limit(() => sendWithRetries(describe, secret, send)).finally(
      () => pending.delete(delivery),
    );
    pending.add(delivery);
  };

  return {
    assertRoom,
    sendKey: (message) =>
      enqueue(
        `the ${message.purpose} key by ${message.channel} to ${message.to}`,
        message.key,
        () => deliver(message),
      ),
    sendInvitation: (message: InvitationMessage) =>
      enqueue(
        `an invitation to ${message.to}`,
        new URL(message.url).searchParams.get("token") ?? "",
        () =>
          email.send({ to: message.to, locale: message.locale, ...renderInvitationEmail(message) }),
      ),
    sendAddressChanged: (message: AddressChangedMessage) =>
      enqueue(`the address change notice by ${message.channel} to ${message.to}`, "", () =>
        message.channel === "PHONE"
          ? sms.send({ to: message.to, text: renderAddressChangedSms(message) })
          : email.send({
              to: message.to,
              locale: message.locale,
              ...renderAddressChangedEmail(message),
            }),
      ),
    flush,
    close: async () => {
      await flush();
      email.close();
    },
  };
}

/**
 * The key stays out of the log, even when an error message quotes it: logs are read by more
 * people than mailboxes are.
 */
function failureReason(error: unknown, secret: string) {
  const reason = error instanceof Error ? error.message : String(error);
  return secret === "" ? reason : reason.replaceAll(secret, "[secret]");
}
