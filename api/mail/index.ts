import type { InvitationMessage, KeyMessage, Messenger, MessengerOptions } from "./messenger";
import { renderInvitationEmail, renderKeyEmail, renderKeySms } from "./templates";
import { createEmailTransport, createSmsTransport } from "./transports";

export { type MailNamespace, mailNamespaces } from "./messages";
export type {
  Channel,
  InvitationMessage,
  KeyMessage,
  KeyPurpose,
  Messenger,
  MessengerOptions,
} from "./messenger";
export { defaultMailFrom } from "./transports";

export function createMessenger(options: MessengerOptions): Messenger {
  const email = createEmailTransport(options);
  const sms = createSmsTransport(options);
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

  /** Delivers in the background; a failure is logged with `secret` blanked out. */
  const enqueue = (describe: string, secret: string, send: () => Promise<void>) => {
    // Rendering, too, runs after the call has returned, off the request's path.
    const delivery: Promise<void> = Promise.resolve()
      .then(send)
      .catch((error: unknown) => {
        console.error(`Sending ${describe} failed: ${failureReason(error, secret)}`);
      })
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  };

  return {
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
