import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Locale } from "../db/schema";
import type { MessengerOptions } from "./messenger";
import { writeOutboxFile } from "./outbox";

export const defaultMailFrom = "Qalam <no-reply@localhost>";
export const smsWebhookTimeoutMs = 5_000;

export type Email = { to: string; locale: Locale; subject: string; text: string; html: string };
export type Sms = { to: string; text: string };

export type EmailTransport = {
  send(email: Email): Promise<void>;
  close(): void;
};

export type SmsTransport = {
  send(sms: Sms): Promise<void>;
};

/** SMTP when smtpUrl is set; otherwise RFC 822 files in the outbox, for local use. */
export function createEmailTransport(
  options: Pick<MessengerOptions, "smtpUrl" | "mailFrom" | "outboxDir">,
): EmailTransport {
  const from = options.mailFrom || defaultMailFrom;
  const compose = (email: Email) => ({
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: { "Content-Language": email.locale },
  });

  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (email) => {
        await transport.sendMail(compose(email));
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  });
  return {
    send: async (email) => {
      const info = await transport.sendMail(compose(email));
      if (!Buffer.isBuffer(info.message)) throw new Error("The mail composer returned no buffer");
      const file = await writeOutboxFile(options.outboxDir, "eml", info.message);
      console.log(`Mail to ${email.to} written to ${file}`);
    },
    close: () => transport.close(),
  };
}

/** A JSON POST {to, text} to the webhook when it is set; otherwise text files in the outbox. */
export function createSmsTransport(
  options: Pick<MessengerOptions, "smsWebhookUrl" | "outboxDir">,
): SmsTransport {
  const { smsWebhookUrl } = options;
  if (smsWebhookUrl) {
    return {
      send: async (sms) => {
        const response = await fetch(smsWebhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ to: sms.to, text: sms.text }),
          signal: AbortSignal.timeout(smsWebhookTimeoutMs),
        });
        // Unread bodies keep the connection busy until they are collected.
        await response.body?.cancel();
        if (!response.ok) throw new Error(`The SMS webhook answered ${response.status}`);
      },
    };
  }

  const dir = join(options.outboxDir, "sms");
  return {
    send: async (sms) => {
      const file = await writeOutboxFile(dir, "txt", `To: ${sms.to}\n\n${sms.text}\n`);
      console.log(`SMS to ${sms.to} written to ${file}`);
    },
  };
}
