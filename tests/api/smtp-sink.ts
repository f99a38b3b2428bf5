import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SinkMessage = {
  /** The envelope recipients (RCPT TO), which is where the message was really delivered. */
  to: string[];
  /** The From header as written, e.g. `Qalam <no-reply@localhost>`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Everything else mailparser found (headers, attachments). */
  parsed: ParsedMail;
};

export type MessageMatch = ((message: SinkMessage) => boolean) | { to: string };

export type SmtpSink = {
  /** smtp://127.0.0.1:<port>, for the API's smtpUrl. */
  url: string;
  /** Every message received, oldest first. */
  messages: SinkMessage[];
  /**
   * The oldest matching message that no earlier call returned, waiting for it if none has
   * arrived; so after a resend, the next call returns the new message rather than the first.
   */
  waitForMessage(match: MessageMatch, timeoutMs?: number): Promise<SinkMessage>;
  clear(): void;
  close(): Promise<void>;
};

type Waiter = {
  matches: (message: SinkMessage) => boolean;
  resolve: (message: SinkMessage) => void;
  reject: (error: Error) => void;
};

/** A real SMTP server on a free local port that keeps every message it receives, parsed. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const taken = new WeakSet<SinkMessage>();
  const waiters = new Set<Waiter>();

  const take = (message: SinkMessage) => {
    taken.add(message);
    return message;
  };

  const receive = (message: SinkMessage) => {
    messages.push(message);
    for (const waiter of waiters) {
      if (!taken.has(message) && waiter.matches(message)) {
        waiters.delete(waiter);
        waiter.resolve(take(message));
      }
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    secure: false,
    logger: false,
    // The client is always this machine; a reverse DNS look-up would only slow every message.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          receive({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html || "",
            parsed,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage: (match, timeoutMs = 5_000) => {
      const matches = matcher(match);
      const arrived = messages.find((message) => !taken.has(message) && matches(message));
      if (arrived) return Promise.resolve(take(arrived));
      return new Promise<SinkMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const received = messages.map((m) => `${m.to.join(", ")}: ${m.subject}`).join("; ");
          reject(
            new Error(
              `No matching message within ${timeoutMs} ms (received: ${received || "none"})`,
            ),
          );
        }, timeoutMs);
        const waiter: Waiter = {
          matches,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    clear: () => {
      messages.length = 0;
    },
    close: async () => {
      for (const waiter of waiters) waiter.reject(new Error("The SMTP sink was closed"));
      waiters.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function matcher(match: MessageMatch): (message: SinkMessage) => boolean {
  if (typeof match === "function") return match;
  const address = match.to.toLowerCase();
  return (message) => message.to.some((to) => to.toLowerCase() === address);
}

/** The 6-digit one-time key in a message's text; throws when there is none. */
export function extractKey(text: string): string {
  const key = text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
  if (key === undefined) throw new Error(`No 6-digit key in: ${text}`);
  return key;
}
