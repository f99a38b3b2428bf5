import { honeypotField } from "./honeypot";

/** Refuses a form whose honeypot was filled in: only a bot sees that field. */
export function rejectFilledHoneypot(form: FormData): void {
  const value = form.get(honeypotField);
  if (typeof value === "string" && value.length === 0) return;
  if (value === null) return;
  throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}
