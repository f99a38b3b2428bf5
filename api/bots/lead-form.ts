/**
 * A bot's lead form (docs/x-bot.md, "Leads"): what it asks a visitor, when the widget shows it and
 * whether the chat waits for it; and the check of what a visitor sends against it.
 */
import { and, count, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  type Bot,
  type BotConversation,
  type BotLeadForm,
  botMessages,
  bots,
  type LeadCustomValues,
  leads,
} from "../db/schema";
import { AppError, type FieldErrors } from "../errors";
import { normalizePhone } from "../identity/users";
import { type Actor, requirePermission } from "../organizations/permissions";
import { publishEvent } from "../realtime/events";
import { getBot, lockLiveBot } from "./bots";

/** What a lead form and a lead may hold: the routes and the public submit check these. */
export const leadLimits = {
  customFields: 10,
  key: 40,
  label: 100,
  options: 20,
  option: 100,
  consentText: 1_000,
  afterMessages: { min: 1, max: 50 },
  name: 100,
  email: 254,
  phone: 40,
  customText: 500,
  /** The largest number a number field takes, either way. */
  customNumber: 1e12,
  notes: 5_000,
} as const;

/** A bot's form while nobody has set one: off, asking for a name and an email. */
export const defaultLeadForm: BotLeadForm = {
  enabled: false,
  when: "never",
  afterMessages: 3,
  required: false,
  name: "optional",
  email: "required",
  phone: "off",
  fields: [],
  consentText: "",
};

/** The bot's form as stored, or the default. */
export function leadFormOf(bot: Pick<Bot, "leadForm">): BotLeadForm {
  return { ...defaultLeadForm, ...(bot.leadForm ?? {}) };
}

/** A bot's lead form (bots.read): a bot of the organization, a deleted one too while restorable. */
export async function getLeadForm(db: Database, actor: Actor, botId: string) {
  const bot = await getBot(db, actor, botId);
  return leadFormOf(bot);
}

/**
 * Replaces a bot's lead form (bots.manage): 404 for a bot of another organization, 409
 * BOT_DELETED in the bin. The bot's version stays, so that a settings form open meanwhile saves;
 * the change goes out as the bot's `bot.updated`.
 */
export async function putLeadForm(
  db: Database,
  actor: Actor,
  botId: string,
  form: BotLeadForm,
): Promise<BotLeadForm> {
  requirePermission(actor, "bots.manage");
  const member = actor;
  await db.transaction(async (tx) => {
    await lockLiveBot(tx, member, botId);
    await tx.update(bots).set({ leadForm: form }).where(eq(bots.id, botId));
    await publishEvent(
      tx,
      { organizationId: member.organizationId },
      {
        type: "bot.updated",
        id: botId,
        organizationId: member.organizationId,
        actor: member.userId,
      },
    );
  });
  return form;
}

/** What a visitor sends: the form's values, and whether they agreed to the consent text. */
export type LeadSubmission = {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  custom?: Record<string, unknown>;
  consent?: boolean;
};

/** What a submission becomes once checked: each value in its place, as stored. */
export type CheckedLead = {
  name: string | null;
  email: string | null;
  phone: string | null;
  custom: LeadCustomValues;
  consent: boolean;
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacter = /[\u0000-\u001F\u007F-\u009F]/;

function field(errors: FieldErrors, key: string, code: string, message: string) {
  errors[key] ??= { code, message };
}

/**
 * A visitor's submission checked against the bot's form: each field it asks for within its size,
 * the required ones given, the email and phone well formed (a phone in E.164, national numbers in
 * the organization's country), each custom value of its type, no field the form does not ask for,
 * and consent given when the form has a consent text. 422 VALIDATION_FAILED names each field.
 */
export function checkSubmission(
  form: BotLeadForm,
  input: LeadSubmission,
  country: string | null,
): CheckedLead {
  const errors: FieldErrors = {};
  const textValue = (key: "name" | "email" | "phone", max: number): string | null => {
    const mode = form[key];
    const raw = input[key];
    if (mode === "off") {
      if (raw !== undefined && raw !== null && raw !== "") {
        field(errors, key, "UNKNOWN_FIELD", "This form does not ask for it");
      }
      return null;
    }
    if (raw !== undefined && raw !== null && typeof raw !== "string") {
      field(errors, key, "INVALID_TYPE", "Must be a string");
      return null;
    }
    const value = raw?.trim() ?? "";
    if (value === "") {
      if (mode === "required") field(errors, key, "REQUIRED", "Required");
      return null;
    }
    if (value.length > max) {
      field(errors, key, "TOO_LONG", `At most ${max} characters`);
      return null;
    }
    if (controlCharacter.test(value)) {
      field(errors, key, "INVALID_CHARACTERS", "Must not contain control characters");
      return null;
    }
    return value;
  };
  const name = textValue("name", leadLimits.name);
  let email = textValue("email", leadLimits.email);
  if (email !== null && !emailPattern.test(email)) {
    field(errors, "email", "INVALID_FORMAT", "Not a valid email address");
    email = null;
  }
  let phone = textValue("phone", leadLimits.phone);
  if (phone !== null) {
    const normalized = normalizePhone(phone, country);
    if (!normalized) field(errors, "phone", "INVALID_FORMAT", "Not a valid phone number");
    phone = normalized;
  }

  const custom: LeadCustomValues = {};
  const given = input.custom ?? {};
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    field(errors, "custom", "INVALID_TYPE", "Must be an object");
  } else {
    const known = new Set(form.fields.map((f) => f.key));
    for (const key of Object.keys(given)) {
      if (!known.has(key)) {
        field(
          errors,
          `custom.${key.slice(0, 60)}`,
          "UNKNOWN_FIELD",
          "This form does not ask for it",
        );
      }
    }
    for (const spec of form.fields) {
      const path = `custom.${spec.key}`;
      const raw = (given as Record<string, unknown>)[spec.key];
      const empty = raw === undefined || raw === null || raw === "";
      if (spec.type === "checkbox") {
        if (!empty && typeof raw !== "boolean") {
          field(errors, path, "INVALID_TYPE", "true or false");
          continue;
        }
        if (spec.required && raw !== true) field(errors, path, "REQUIRED", "Required");
        if (raw === true || raw === false) custom[spec.key] = raw;
        continue;
      }
      if (empty) {
        if (spec.required) field(errors, path, "REQUIRED", "Required");
        continue;
      }
      if (spec.type === "number") {
        const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
        if (typeof value !== "number" || !Number.isFinite(value)) {
          field(errors, path, "INVALID_TYPE", "A number");
        } else if (Math.abs(value) > leadLimits.customNumber) {
          field(errors, path, "TOO_BIG", "Too large a number");
        } else {
          custom[spec.key] = value;
        }
        continue;
      }
      if (typeof raw !== "string") {
        field(errors, path, "INVALID_TYPE", "Must be a string");
        continue;
      }
      const value = raw.trim();
      if (value.length > leadLimits.customText) {
        field(errors, path, "TOO_LONG", `At most ${leadLimits.customText} characters`);
      } else if (controlCharacter.test(value)) {
        field(errors, path, "INVALID_CHARACTERS", "Must not contain control characters");
      } else if (spec.type === "select" && !spec.options.includes(value)) {
        field(errors, path, "INVALID_VALUE", "One of the choices");
      } else if (value === "") {
        if (spec.required) field(errors, path, "REQUIRED", "Required");
      } else {
        custom[spec.key] = value;
      }
    }
  }

  const consent = input.consent === true;
  if (form.consentText.trim() !== "" && !consent) {
    field(errors, "consent", "CONSENT_REQUIRED", "Consent is required");
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError("invalid", "VALIDATION_FAILED", "Some fields are not valid.", errors);
  }
  return { name, email, phone, custom, consent };
}

/** 403 LEAD_REQUIRED: the bot's form must be sent before the chat goes on. */
export const leadRequired = () =>
  new AppError("forbidden", "LEAD_REQUIRED", "Fill in the form before sending another message.");

/**
 * Whether the conversation may send a message now: a form that is enabled and required waits for
 * a lead before the first message (`before-chat`), or after the visitor's `afterMessages`
 * (`after-messages`); 403 LEAD_REQUIRED otherwise. A member's preview is held to it too.
 */
export async function checkLeadGate(
  db: Database,
  bot: Bot,
  conversation: BotConversation,
): Promise<void> {
  const form = leadFormOf(bot);
  if (!form.enabled || !form.required || form.when === "never") return;
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.conversationId, conversation.id));
  if (lead) return;
  if (form.when === "before-chat") throw leadRequired();
  const [sent] = await db
    .select({ n: count() })
    .from(botMessages)
    .where(and(eq(botMessages.conversationId, conversation.id), eq(botMessages.role, "user")));
  if ((sent?.n ?? 0) >= form.afterMessages) throw leadRequired();
}
