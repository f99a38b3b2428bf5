// The end-to-end tests' mail and SMS sink, run by Playwright as a second web server: a real SMTP
// server for the product's mail and an HTTP server that takes its SMS webhook and lets tests read
// what arrived (GET /messages?to=…).
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SinkMessage = {
  channel: "EMAIL" | "PHONE";
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
};

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
const httpPort = Number(process.env.E2E_SINK_PORT ?? 3126);
const messages: SinkMessage[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        messages.push({
          channel: "EMAIL",
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          receivedAt: Date.now(),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, "127.0.0.1");

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${httpPort}`);
  if (request.method === "POST" && url.pathname === "/sms") {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const { to, text } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      messages.push({
        channel: "PHONE",
        to: [to],
        subject: "",
        text,
        html: "",
        receivedAt: Date.now(),
      });
      response.writeHead(202).end();
    });
    return;
  }
  if (request.method === "GET" && url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = messages.filter((message) => !to || message.to.includes(to));
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(found));
    return;
  }
  if (url.pathname === "/health") {
    response.writeHead(200).end("ok");
    return;
  }
  response.writeHead(404).end();
});
http.listen(httpPort, "127.0.0.1");
