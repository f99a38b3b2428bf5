import type { KeyMessage, Messenger, MessengerOptions } from "./messenger";
import { renderKeyEmail, renderKeySms } from "./templates";
import { createEmailTransport, createSmsTransport } from "./transports";

export { type MailNamespace, mailNamespaces } from "./messages";
export type { Channel, KeyMessage, KeyPurpose, Messenger, MessengerOptions } from "./messenger";
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

  return {
    sendKey: (message) => {
      // Rendering, too, runs after sendKey has returned, off the request's path.
      const delivery: Promise<void> = Promise.resolve(message)
        .then(deliver)
        .catch((error: unknown) => {
          console.error(
            `Sending the ${message.purpose} key by ${message.channel} to ${message.to} failed: ${failureReason(error, message.key)}`,
          );
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
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
function failureReason(error: unknown, key: string) {
  const reason = error instanceof Error ? error.message : String(error);
  return key === "" ? reason : reason.replaceAll(key, "[key]");
}
