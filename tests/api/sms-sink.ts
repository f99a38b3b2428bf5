import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type SmsMessage = { to: string; text: string };

export type SmsSink = {
  /** The URL to give the API as smsWebhookUrl. */
  url: string;
  messages: SmsMessage[];
  /** The oldest message to `to` that no earlier call returned, waiting for it if needed. */
  waitForMessage(to: string, timeoutMs?: number): Promise<SmsMessage>;
  close(): Promise<void>;
};

/** An SMS gateway stand-in: the webhook the API posts {to, text} to. */
export async function startSmsSink(): Promise<SmsSink> {
  const messages: SmsMessage[] = [];
  const returned = new Set<SmsMessage>();
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      messages.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as SmsMessage);
      for (const wake of waiters) wake();
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const take = (to: string) => {
    const found = messages.find((message) => message.to === to && !returned.has(message));
    if (found) returned.add(found);
    return found;
  };

  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    waitForMessage: (to, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const found = take(to);
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No SMS to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const message = take(to);
          if (!message) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(message);
        }
        waiters.add(check);
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
