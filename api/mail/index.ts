import type { PgBoss } from "pg-boss";
import { createSecretBox, type SecretsKeys } from "../ai/secrets";
import { queueSchema, workQueue } from "../db/queue";
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

/** The job queue that mail and SMS go through. */
export const mailQueue = "mail";
/** Deliveries at once on each instance: enough to keep a mail server busy, few enough not to flood it. */
export const defaultMaxConcurrent = 4;
/** Messages waiting or being sent before new ones are refused (503 MAIL_QUEUE_FULL). */
export const defaultMaxQueued = 1_000;
/** Tries after the first failed one. */
export const defaultRetries = 2;
/** The pause before the second try, doubling (with jitter) after each (seconds). */
export const defaultRetryDelaySeconds = 2;

/** One message as the queue keeps it: sealed, since keys and invitation links are secrets. */
type Letter =
  | { type: "key"; message: KeyMessage }
  | { type: "invitation"; message: InvitationMessage }
  | { type: "address-changed"; message: AddressChangedMessage };

type QueuedLetter = { sealed: string };

/** The context queued letters are sealed for. */
export const mailSealContext = "mail";

/**
 * Sends through the durable job queue: a message is queued in the database, so it survives a
 * restart, and is delivered by whichever instance is free, a few at a time each.
 */
export async function createMessenger(
  options: MessengerOptions & { boss: PgBoss; secretsKey: SecretsKeys },
): Promise<Messenger> {
  const { boss } = options;
  const email = createEmailTransport(options);
  const sms = createSmsTransport(options);
  const box = createSecretBox(options.secretsKey);
  const maxQueued = options.maxQueued ?? defaultMaxQueued;
  const retries = options.retries ?? defaultRetries;
  const tries = retries + 1;

  const deliver = async (letter: Letter) => {
    switch (letter.type) {
      case "key": {
        const { message } = letter;
        if (message.channel === "PHONE") {
          return sms.send({ to: message.to, text: renderKeySms(message) });
        }
        return email.send({ to: message.to, locale: message.locale, ...renderKeyEmail(message) });
      }
      case "invitation": {
        const { message } = letter;
        return email.send({
          to: message.to,
          locale: message.locale,
          ...renderInvitationEmail(message),
        });
      }
      case "address-changed": {
        const { message } = letter;
        if (message.channel === "PHONE") {
          return sms.send({ to: message.to, text: renderAddressChangedSms(message) });
        }
        return email.send({
          to: message.to,
          locale: message.locale,
          ...renderAddressChangedEmail(message),
        });
      }
    }
  };

  const retryDelay = options.retryDelaySeconds ?? defaultRetryDelaySeconds;
  const queueOptions = {
    retryLimit: retries,
    retryDelay,
    ...(retryDelay > 0 ? { retryBackoff: true } : {}),
    // A message that cannot go out within a day is of no use (keys expire in minutes).
    retentionSeconds: 24 * 60 * 60,
    deleteAfterSeconds: 60 * 60,
    expireInSeconds: 120,
    notify: true,
  };
  await boss.createQueue(mailQueue, queueOptions);
  await boss.updateQueue(mailQueue, { retryBackoff: false, ...queueOptions });
  const stopWorking = await workQueue<QueuedLetter>(
    boss,
    mailQueue,
    { concurrency: options.maxConcurrent ?? defaultMaxConcurrent },
    async (job) => {
      let letter: Letter;
      try {
        letter = JSON.parse(box.open(job.data.sealed, mailSealContext)) as Letter;
      } catch {
        // Sealed with a key that SECRETS_KEY no longer lists: no try can open it.
        console.error(`A queued message (${job.id}) could not be opened and is dropped.`);
        return;
      }
      try {
        await deliver(letter);
      } catch (error) {
        const attempt = job.retryCount + 1;
        const reason = failureReason(error, secretOf(letter));
        if (attempt >= tries) {
          console.error(`Sending ${describeLetter(letter)} failed after ${tries} tries: ${reason}`);
          return;
        }
        console.warn(
          `Sending ${describeLetter(letter)} failed (try ${attempt} of ${tries}): ${reason}`,
        );
        throw new Error(reason); // The queue tries again after its pause.
      }
    },
  );

  /** Messages waiting, waiting for another try, or being sent, up to `limit`. */
  const pending = async (limit: number) => {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select count(*)::int as n from (select 1 from ${queueSchema}.job where name = $1 and state < 'completed' limit $2) pending`,
        [mailQueue, limit],
      );
    return Number(rows[0]?.n ?? 0);
  };

  const assertRoom = async () => {
    if ((await pending(maxQueued)) >= maxQueued) throw new MailQueueFullError();
  };

  const enqueue = async (letter: Letter) => {
    await assertRoom();
    const data: QueuedLetter = { sealed: box.seal(JSON.stringify(letter), mailSealContext) };
    await boss.send(mailQueue, data);
  };

  const flush = async () => {
    while ((await pending(1)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  return {
    assertRoom,
    sendKey: (message) => enqueue({ type: "key", message }),
    sendInvitation: (message) => enqueue({ type: "invitation", message }),
    sendAddressChanged: (message) => enqueue({ type: "address-changed", message }),
    flush,
    close: async () => {
      // What is still queued stays in the database for the next start; deliveries under way end.
      await stopWorking();
      email.close();
    },
  };
}

function describeLetter(letter: Letter) {
  const { message } = letter;
  switch (letter.type) {
    case "key":
      return `the ${letter.message.purpose} key by ${letter.message.channel} to ${message.to}`;
    case "invitation":
      return `an invitation to ${message.to}`;
    case "address-changed":
      return `the address change notice by ${letter.message.channel} to ${message.to}`;
  }
}

function secretOf(letter: Letter) {
  if (letter.type === "key") return letter.message.key;
  if (letter.type === "invitation") {
    return new URL(letter.message.url).searchParams.get("token") ?? "";
  }
  return "";
}

/**
 * The key stays out of the log, even when an error message quotes it: logs are read by more
 * people than mailboxes are.
 */
function failureReason(error: unknown, secret: string) {
  const reason = error instanceof Error ? error.message : String(error);
  return secret === "" ? reason : reason.replaceAll(secret, "[secret]");
}
